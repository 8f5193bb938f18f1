package dev.ura.trace.model.system;

/**
 * One app frame: the main thread's {@code Choreographer#doFrame <vsync>} joined with the
 * RenderThread's {@code DrawFrame(s) <vsync>} of the same process and, when SurfaceFlinger's
 * FrameTimeline was recorded, the time the frame reached the screen. Times are -1 when unknown.
 *
 * @param vsyncId       the vsync id (frame token), -1 when the slice carried none
 * @param pid           the app process
 * @param mainThread    thread index of the doFrame, -1 when the frame was only drawn
 * @param doFrameStartNs start of {@code Choreographer#doFrame}
 * @param doFrameEndNs  its end
 * @param renderThread  thread index of the DrawFrame, -1 when none matched
 * @param drawStartNs   start of {@code DrawFrame}
 * @param drawEndNs     end of it: "drawn at"
 * @param presentNs     present-fence time of the display frame that showed it: "on screen at"
 * @param presentType   FrameTimeline present type (1 on time, 2 late, 3 early, 4 dropped, 5 unknown),
 *                      0 when not recorded
 * @param jankType      FrameTimeline jank bits of the app's surface frame, 0 when not recorded
 */
public record Frame(long vsyncId, long pid, int mainThread, long doFrameStartNs, long doFrameEndNs,
                    int renderThread, long drawStartNs, long drawEndNs, long presentNs, int presentType,
                    int jankType) {

    /** Whether FrameTimeline said this frame was dropped (never shown). */
    public boolean dropped() {
        return presentType == 4;
    }
}
