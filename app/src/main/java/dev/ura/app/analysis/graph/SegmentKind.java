package dev.ura.app.analysis.graph;

/** What a vertex of a {@link ResponseGraph} stands for. */
public enum SegmentKind {
    /** The zero-length start of the response (the source). */
    START,
    /** A stretch of a thread's execution. */
    WORK,
    /** The thread had not started handed-off work yet: queueing between a send and its dispatch. */
    QUEUE_WAIT,
    /** A requested update waits for the display's frame. */
    FRAME_WAIT,
    /** With a dual clock: wall time inside a call that thread time does not cover (blocked). */
    BLOCKED;

    /** Whether the vertex is waiting rather than running code (what-if changes never apply to those). */
    public boolean isWait() {
        return this == QUEUE_WAIT || this == FRAME_WAIT;
    }
}
