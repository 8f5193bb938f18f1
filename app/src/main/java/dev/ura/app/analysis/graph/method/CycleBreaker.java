package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.model.LinkKind;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Makes a response graph acyclic when clocks that disagree (a thread whose clock jumps, two
 * threads whose clocks differ) make a hand-off or request point back in time around a loop:
 * inside each strongly connected part, the edge that points furthest back in time is dropped
 * (a link or request before program order), with a warning naming the line of the event it came
 * from, until no cycle is left. A graph without cycles (every well-formed trace) is untouched;
 * the check costs one pass of Kahn's algorithm.
 */
final class CycleBreaker {
    private CycleBreaker() {
    }

    /**
     * @param endNs    recorded end of each vertex
     * @param origins  the event line (or -1) each cross edge was made from
     * @param describe a vertex's name for warnings
     * @param where    the "line L of FILE: " prefix for an event line (or -1)
     * @return the number of edges removed
     */
    static int breakCycles(Graph<Integer, Dependency> graph, long[] endNs, Map<Dependency, Integer> origins,
                           IntFunction<String> describe, IntFunction<String> where, List<String> warnings) {
        int removed = 0;
        for (Dependency d : List.copyOf(graph.edgeSet())) {
            int v = graph.getEdgeSource(d);
            if (v == graph.getEdgeTarget(d)) {
                Integer line = origins.get(d);
                warnings.add(where.apply(line == null ? -1 : line) + d.kind().label()
                        + " link from " + describe.apply(v) + " to itself (overlapping work on one thread?): ignored");
                graph.removeEdge(d);
                removed++;
            }
        }
        while (hasCycle(graph)) {
            Dependency worst = null;
            long worstBack = Long.MIN_VALUE;
            boolean worstCross = false;
            for (Set<Integer> part : new KosarajuStrongConnectivityInspector<>(graph).stronglyConnectedSets()) {
                if (part.size() < 2) {
                    continue;
                }
                for (int v : part) {
                    for (Dependency d : graph.outgoingEdgesOf(v)) {
                        int to = graph.getEdgeTarget(d);
                        if (!part.contains(to)) {
                            continue;
                        }
                        boolean cross = d.kind() != LinkKind.PROGRAM_ORDER;
                        long back = endNs[v] - endNs[to];
                        if (worst == null || (cross && !worstCross) || (cross == worstCross && back > worstBack)) {
                            worst = d;
                            worstBack = back;
                            worstCross = cross;
                        }
                    }
                }
            }
            if (worst == null) {
                break;
            }
            int from = graph.getEdgeSource(worst);
            int to = graph.getEdgeTarget(worst);
            Integer line = origins.get(worst);
            warnings.add(where.apply(line == null ? -1 : line) + worst.kind().label()
                    + " link from " + describe.apply(from) + " to " + describe.apply(to)
                    + " would make the dependency graph cyclic (clocks that disagree?): ignored");
            graph.removeEdge(worst);
            removed++;
        }
        return removed;
    }

    /**
     * Whether the graph (vertices {@code 0..n-1}) has a cycle: Kahn's algorithm, in arrays, leaves
     * a vertex unreleased exactly when it lies on or after a cycle. Linear in vertices and edges;
     * JGraphT's {@code CycleDetector} looks each vertex up in its depth-first path list, which made
     * the check quadratic in the depth of a long chain (about a minute for a million segments).
     */
    static boolean hasCycle(Graph<Integer, Dependency> graph) {
        int n = graph.vertexSet().size();
        int[] remaining = new int[n];
        int[] queue = new int[n];
        int tail = 0;
        for (int v : graph.vertexSet()) {
            remaining[v] = graph.inDegreeOf(v);
            if (remaining[v] == 0) {
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            for (Dependency d : graph.outgoingEdgesOf(queue[head])) {
                int w = graph.getEdgeTarget(d);
                if (--remaining[w] == 0) {
                    queue[tail++] = w;
                }
            }
        }
        return tail < n;
    }
}
