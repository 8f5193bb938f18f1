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
 * @param slackNs  how much it could grow before the response grows (0 on the critical path)
 * @param call     the call it lies in (for "show" and what-if), or {@code null}
 */
public record Segment(int id, int thread, String threadName, String name, long startNs, long endNs,
                      Category category, LinkKind via, long slackNs, SliceRef call) {

    public long durationNs() {
        return endNs - startNs;
    }
}
