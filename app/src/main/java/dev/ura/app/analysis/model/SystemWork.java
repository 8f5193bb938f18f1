package dev.ura.app.analysis.model;

import java.util.List;

/**
 * What a system-trace response adds to its {@link Response} (docs/system-responses.md): the tracked
 * stretches, and the frame that ended it.
 *
 * @param stretches    the tracked work in order of start
 * @param vsyncId      the ending frame's vsync id, -1 when unfinished or unknown
 * @param drawThread   thread index where the end is (RenderThread, or the main thread when no
 *                     draw was joined; for a response set by hand, its thread, at the window's
 *                     end); the critical path is walked back from here
 * @param drawnAtNs    "drawn at": the end of the frame's DrawFrame (the response's end); -1 when
 *                     unfinished or set by hand
 * @param onScreenAtNs "on screen at": the FrameTimeline present time, -1 when not recorded or dropped
 * @param inputTimeConverted whether the start came from {@code eventTimeNano} via a clock snapshot
 * @param unfinishedReason   why no frame ends it (one line), {@code null} when a frame does
 * @param endReason          how its end was found when it is inferred rather than traced (one line),
 *                           else {@code null}
 */
public record SystemWork(List<TrackedStretch> stretches, long vsyncId, int drawThread, long drawnAtNs,
                         long onScreenAtNs, boolean inputTimeConverted, String unfinishedReason, String endReason) {
    /** Why a response whose tracked work ran on no thread that draws has no end. */
    public static final String NO_FRAME = "its tracked work requested no frame";
    /** How the end of a frame drawn by its process's own GL thread (no DrawFrame) was found. */
    public static final String FROM_NEXT_BUFFER = "inferred from the app's next buffer: the first eglSwapBuffers"
            + " its own GL thread began after the doFrame's animation callback (no DrawFrame)";

    public SystemWork {
        stretches = List.copyOf(stretches);
    }

    /** Work ended by a frame ({@code drawnAtNs} ≥ 0), else unfinished because it requested no frame. */
    public SystemWork(List<TrackedStretch> stretches, long vsyncId, int drawThread, long drawnAtNs,
                      long onScreenAtNs, boolean inputTimeConverted) {
        this(stretches, vsyncId, drawThread, drawnAtNs, onScreenAtNs, inputTimeConverted,
                drawnAtNs >= 0 ? null : NO_FRAME);
    }

    /** Work whose end, when it has one, was traced. */
    public SystemWork(List<TrackedStretch> stretches, long vsyncId, int drawThread, long drawnAtNs,
                      long onScreenAtNs, boolean inputTimeConverted, String unfinishedReason) {
        this(stretches, vsyncId, drawThread, drawnAtNs, onScreenAtNs, inputTimeConverted, unfinishedReason, null);
    }
}
