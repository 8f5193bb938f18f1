package dev.ura.trace.model.system;

/**
 * One app frame: the main thread's {@code Choreographer#doFrame <vsync>} joined with the
 * RenderThread's {@code DrawFrame(s) <vsync>} of the same process and, when SurfaceFlinger's
 * FrameTimeline was recorded, the time the frame reached the screen. Times are -1 when unknown.
 * <p>
 * A process that wrote no {@code doFrame}/{@code DrawFrame} slices (app-only tracing without the
 * {@code view}/{@code gfx} categories) still has frames when FrameTimeline was recorded: one per
 * actual surface frame ({@link Source#FRAME_TIMELINE}). There the app's frame runs from the
 * surface frame's actual start to its actual end, given both as doFrame and draw times (no slice
 * says where the work was split), {@code mainThread} is the process's main thread (tid = pid) when
 * the trace has it, and {@code renderThread} is -1.
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
 * @param source        slices, or FrameTimeline alone
 * @param expectedStartNs FrameTimeline-only frames: the surface frame's expected start (the vsync the
 *                      token was made for), -1 when unknown or for frames from slices
 */
public record Frame(long vsyncId, long pid, int mainThread, long doFrameStartNs, long doFrameEndNs,
                    int renderThread, long drawStartNs, long drawEndNs, long presentNs, int presentType,
                    int jankType, Source source, long expectedStartNs) {

    /** Where a frame comes from. */
    public enum Source {
        /** {@code Choreographer#doFrame} and/or {@code DrawFrame} slices (with FrameTimeline's presentation when recorded). */
        SLICES,
        /** Only a FrameTimeline actual surface frame: the app wrote no frame slices. */
        FRAME_TIMELINE
    }

    /** A frame from slices (the form every frame had before FrameTimeline-only frames). */
    public Frame(long vsyncId, long pid, int mainThread, long doFrameStartNs, long doFrameEndNs, int renderThread,
                 long drawStartNs, long drawEndNs, long presentNs, int presentType, int jankType) {
        this(vsyncId, pid, mainThread, doFrameStartNs, doFrameEndNs, renderThread, drawStartNs, drawEndNs, presentNs,
                presentType, jankType, Source.SLICES);
    }

    /** A frame without a known expected start. */
    public Frame(long vsyncId, long pid, int mainThread, long doFrameStartNs, long doFrameEndNs, int renderThread,
                 long drawStartNs, long drawEndNs, long presentNs, int presentType, int jankType, Source source) {
        this(vsyncId, pid, mainThread, doFrameStartNs, doFrameEndNs, renderThread, drawStartNs, drawEndNs, presentNs,
                presentType, jankType, source, -1);
    }

    /** Whether FrameTimeline said this frame was dropped (never shown). */
    public boolean dropped() {
        return presentType == 4;
    }

    /** Whether only FrameTimeline knows this frame (no doFrame / DrawFrame slice). */
    public boolean fromTimeline() {
        return source == Source.FRAME_TIMELINE;
    }
}
