package dev.ura.app.analysis.model;

/**
 * How to read one response, as the engine that found it means it. The two front halves of the
 * engine (method traces and agent logs; system traces) end a response and name its path
 * differently; printers, exports and the window word and draw a response from this record rather
 * than asking which kind of trace it came from.
 *
 * @param engine           which front half found the response
 * @param endsAtDrawnFrame whether its end is a frame "drawn at" (with an "on screen at" beside it
 *                         when the trace recorded one), rather than the last requested draw event
 *                         or the end of a window set by hand; an unfinished one then ends where its
 *                         tracked work ends. True for the system engine's detected responses.
 * @param drawnAtNs        a frame-ended response's "drawn at" (the end of its frame's DrawFrame), -1
 *                         when unfinished or when its end is not a frame ({@link #endsAtDrawnFrame})
 * @param vsyncId          that frame's vsync id, -1 when unknown or not a frame
 * @param onScreenAtNs     "on screen at": the frame's present time (FrameTimeline), -1 when not
 *                         recorded, dropped, or not a frame
 * @param unfinishedReason why the response has no end, one line without the {@code UNFINISHED: }
 *                         prefix ({@link #unfinished()} adds it); {@code null} when finished
 */
public record ResponseDescription(Engine engine, boolean endsAtDrawnFrame, long drawnAtNs, long vsyncId, long onScreenAtNs,
                                  String unfinishedReason) {
    /** The front half of the engine that found a response. */
    public enum Engine {
        /**
         * Method traces and agent logs: calls become events by rule; a response ends at the last
         * draw its work requested ({@code INVALIDATE → DRAW}, ...), named by that draw event.
         */
        METHOD,
        /**
         * System traces (Perfetto, systrace, ftrace): a response ends when the frame that drew its
         * work is drawn, and its path's segments are scheduler states (running, runnable, I/O, waiting).
         */
        SYSTEM
    }

    /**
     * Whether the path's categories are scheduler states (cpu, runnable, io, wait) taken per thread,
     * so that a per-thread split of the path says where each thread's time went.
     */
    public boolean pathBySchedulerState() {
        return engine == Engine.SYSTEM;
    }

    /** {@code UNFINISHED: } and the reason, or {@code null} when finished. */
    public String unfinished() {
        return unfinishedReason == null ? null : "UNFINISHED: " + unfinishedReason;
    }
}
