package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.ProfileAnalyzer;
import dev.ura.app.analysis.profile.ProfileRow;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.util.LongIntMap;
import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedPseudograph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the call graph of a trace: one node per method with calls in scope (totals from
 * {@link ProfileAnalyzer}), one edge per direct caller → callee pair with the number of such calls
 * and their inclusive time (clipped to the scope's window), then applies a {@link CallGraphFilter}.
 */
public final class CallGraphAnalyzer {
    private final Trace trace;

    /** An analyzer over {@code trace} (read-only; safe to share between threads). */
    public CallGraphAnalyzer(Trace trace) {
        this.trace = trace;
    }

    /** The graph of {@code scope}, filtered. */
    public CallGraph analyze(CallScope scope, CallGraphFilter filter) {
        EdgeCounts counts = new EdgeCounts();
        long total = 0;
        boolean[] idle = scope.includeIdle() ? null : ProfileAnalyzer.idleMethods(trace);
        for (ThreadTrack t : scope.select(trace)) {
            total += countEdges(t.calls(), scope, counts, idle);
        }
        Map<Integer, ProfileRow> rows = new HashMap<>();
        for (ProfileRow r : new ProfileAnalyzer(trace).flat(scope).rows()) {
            if (!r.isBlock()) {
                rows.put(r.method(), r);
            }
        }
        // edges are unique per (caller, callee) by construction; a pseudograph skips the O(out-degree)
        // duplicate check a simple graph makes on every insert
        Graph<CallGraphNode, CallGraphEdge> g = new DirectedPseudograph<>(null, null, false);
        Map<Integer, CallGraphNode> nodes = new HashMap<>();
        for (ProfileRow r : rows.values()) {
            if (filter.keeps(r.calls(), r.inclusiveNs())) {
                nodes.put(r.method(), node(r));
            }
        }
        int dropped = 0;
        List<CallGraphEdge> kept = new ArrayList<>();
        for (int i = 0; i < counts.size; i++) {
            if (filter.keeps(counts.calls[i], counts.time[i])) {
                kept.add(new CallGraphEdge(counts.caller[i], counts.callee[i], counts.calls[i], counts.time[i]));
                nodes.computeIfAbsent(counts.caller[i], m -> node(rows.get(m)));
                nodes.computeIfAbsent(counts.callee[i], m -> node(rows.get(m)));
            } else {
                dropped++;
            }
        }
        nodes.values().stream().sorted((a, b) -> Long.compare(b.inclusiveNs(), a.inclusiveNs())).forEach(g::addVertex);
        for (CallGraphEdge e : kept) {
            g.addEdge(nodes.get(e.caller()), nodes.get(e.callee()), e);
        }
        return new CallGraph(scope, filter, g, total, ProfileAnalyzer.isEventOrder(trace), dropped);
    }

    private static CallGraphNode node(ProfileRow r) {
        return new CallGraphNode(r.method(), r.name(), r.signature(), r.calls(), r.inclusiveNs(), r.exclusiveNs());
    }

    /**
     * Counts the thread's direct calls into {@code counts}; returns its top-level inclusive time.
     * Calls of {@code idle} methods (null: none) are left out with their subtree, and their time is
     * taken off the edges into every call around them.
     */
    private static long countEdges(CallTable c, CallScope scope, EdgeCounts counts, boolean[] idle) {
        long topLevel = 0;
        int[] stack = new int[Math.max(1, c.maxDepth() + 1)];
        int[] edge = new int[stack.length];
        for (int i = 0; i < c.size(); i++) {
            long s = c.start(i);
            long e = c.end(i);
            if (!scope.overlaps(s, e)) {
                i = c.subtreeEnd(i);
                continue;
            }
            int d = Math.min(c.depth(i), stack.length - 1);
            long dur = Math.max(0, Math.min(e, scope.toNs()) - Math.max(s, scope.fromNs()));
            if (idle != null && idle[c.method(i)]) {
                if (d > 0) {
                    topLevel -= dur;
                }
                for (int k = 1; k < d; k++) {
                    counts.time[edge[k]] -= dur;
                }
                i = c.subtreeEnd(i);
                continue;
            }
            stack[d] = c.method(i);
            if (d == 0) {
                topLevel += dur;
            } else {
                edge[d] = counts.add(stack[d - 1], c.method(i), dur);
            }
        }
        return topLevel;
    }

    /** Edge accumulators in parallel arrays, found by a (caller, callee) key without boxing. */
    private static final class EdgeCounts {
        private final LongIntMap index = new LongIntMap();
        int[] caller = new int[64];
        int[] callee = new int[64];
        long[] calls = new long[64];
        long[] time = new long[64];
        int size;

        /** Adds one call of the edge; returns the edge's index. */
        int add(int from, int to, long dur) {
            long key = ((long) from << 32) | (to & 0xFFFF_FFFFL);
            int i = index.get(key);
            if (i < 0) {
                if (size == caller.length) {
                    int n = size * 2;
                    caller = java.util.Arrays.copyOf(caller, n);
                    callee = java.util.Arrays.copyOf(callee, n);
                    calls = java.util.Arrays.copyOf(calls, n);
                    time = java.util.Arrays.copyOf(time, n);
                }
                i = size++;
                caller[i] = from;
                callee[i] = to;
                index.put(key, i);
            }
            calls[i]++;
            time[i] += dur;
            return i;
        }
    }
}
