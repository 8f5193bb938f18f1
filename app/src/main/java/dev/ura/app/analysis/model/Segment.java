package dev.ura.app.analysis.model;

/**
 * A stretch of one thread's execution between two boundaries (hand-offs, dispatches, requests,
 * draws, I/O): a vertex of the dependency graph.
 *
 * @param id       vertex id, unique within one response's graph
 * @param thread   index into {@code Trace.threads()}
 * @param threadName that thread's name
 * @param name     the innermost meaningful call (or event) it runs
 * @param startNs  start, ns
 * @param endNs    end, ns
 * @param category what it spends its time on
 * @param via      how its incoming critical edge was made ({@code null} for the first segment)
 * @param slackNs  how much it could grow before the response's end moves: on the critical path, the
 *                 time later waits would absorb (a dispatch queued behind other work starts no
 *                 sooner if its message is sent later, up to when that work ends)
 * @param call     the call it lies in (for "show" and what-if), or {@code null}
 * @param queuedBehind for a {@link Category#QUEUED} segment, the other work it waited behind, else {@code null}
 */
public record Segment(int id, int thread, String threadName, String name, long startNs, long endNs,
                      Category category, LinkKind via, long slackNs, SliceRef call, String queuedBehind) {

    /** A segment that is not queued behind other work. */
    public Segment(int id, int thread, String threadName, String name, long startNs, long endNs,
                   Category category, LinkKind via, long slackNs, SliceRef call) {
        this(id, thread, threadName, name, startNs, endNs, category, via, slackNs, call, null);
    }

    public long durationNs() {
        return endNs - startNs;
    }
}
