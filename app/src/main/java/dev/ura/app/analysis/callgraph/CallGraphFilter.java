package dev.ura.app.analysis.callgraph;

/**
 * Which edges and nodes a call graph keeps. An edge stays when it has at least {@code minCalls}
 * calls and {@code minTimeNs} inclusive time; a node stays when one of its edges does, or when it
 * passes the same thresholds itself (so a hot method called from nowhere still shows).
 *
 * @param minCalls  least calls, {@code >= 0}
 * @param minTimeNs least inclusive time, ns, {@code >= 0}
 */
public record CallGraphFilter(long minCalls, long minTimeNs) {

    public CallGraphFilter {
        if (minCalls < 0 || minTimeNs < 0) {
            throw new IllegalArgumentException("filters must not be negative");
        }
    }

    /** Keeps everything. */
    public static CallGraphFilter none() {
        return new CallGraphFilter(0, 0);
    }

    boolean keeps(long calls, long inclusiveNs) {
        return calls >= minCalls && inclusiveNs >= minTimeNs;
    }
}
