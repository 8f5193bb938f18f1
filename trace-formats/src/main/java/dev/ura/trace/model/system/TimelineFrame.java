package dev.ura.trace.model.system;

/**
 * A SurfaceFlinger FrameTimeline entry (the "actual" timeline): an app's surface frame or a
 * display frame. For a display frame the end is the present-fence time, when it reached the
 * screen.
 *
 * @param display      true for a display frame (SurfaceFlinger), false for an app's surface frame
 * @param token        vsync id the frame was made for (apps: the number in {@code Choreographer#doFrame})
 * @param displayToken surface frames: the display frame that showed it; display frames: their own token
 * @param pid          the app's pid (surface frames) or SurfaceFlinger's
 * @param layer        the layer name, empty for display frames
 * @param startNs      actual start
 * @param endNs        actual end (-1 when the trace has no FrameEnd for it)
 * @param presentType  1 on time, 2 late, 3 early, 4 dropped, 5 unknown, 0 unspecified
 * @param jankType     jank bit mask (1 none, 64 app deadline missed, …)
 * @param expectedStartNs surface frames: the start SurfaceFlinger predicted for the token (its
 *                     ExpectedSurfaceFrameStart: the vsync the app was woken for), -1 when not recorded
 */
public record TimelineFrame(boolean display, long token, long displayToken, long pid, String layer,
                            long startNs, long endNs, int presentType, int jankType, long expectedStartNs) {

    /** An entry without a recorded expected start. */
    public TimelineFrame(boolean display, long token, long displayToken, long pid, String layer, long startNs,
                         long endNs, int presentType, int jankType) {
        this(display, token, displayToken, pid, layer, startNs, endNs, presentType, jankType, -1);
    }
}
