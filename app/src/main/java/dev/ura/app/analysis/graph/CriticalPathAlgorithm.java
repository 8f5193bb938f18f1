package dev.ura.app.analysis.graph;

import org.jgrapht.Graph;
import org.jgrapht.GraphTests;
import org.jgrapht.traverse.TopologicalOrderIterator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The longest (critical) path of a vertex-weighted DAG from a source to a sink, with each
 * vertex's earliest start, earliest finish and slack. JGraphT has no DAG longest path, so this
 * is the textbook forward / backward dynamic programme over a {@link TopologicalOrderIterator}.
 * It works on any graph, views included, and never modifies it.
 *
 * <p>Only vertices reachable from the source take part: the rest have no schedule. The critical
 * path is the chain that ends at the sink and determines its finish: from the sink back, each
 * vertex's predecessor is the one that finished last (the first such edge on ties).
 *
 * @param <V> vertex type
 * @param <E> edge type
 */
public final class CriticalPathAlgorithm<V, E> {
    private final Graph<V, E> graph;
    private final VertexTiming<V> timing;

    /**
     * @param graph  a directed acyclic graph (checked by {@link #getPath})
     * @param timing when a vertex finishes given when it is ready
     */
    public CriticalPathAlgorithm(Graph<V, E> graph, VertexTiming<V> timing) {
        this.graph = GraphTests.requireDirected(graph);
        this.timing = timing;
    }

    /**
     * Schedules every vertex reachable from {@code source} as early as its dependencies allow.
     *
     * @param source   the vertex that starts at {@code originNs}
     * @param sink     the vertex whose finish is the result
     * @param originNs start time of the source, ns
     * @return the immutable schedule with the critical path
     * @throws IllegalArgumentException when the graph has a cycle, a vertex is missing, the sink is
     *                                  not reachable from the source, or the timing goes backwards
     */
    public Schedule<V, E> getPath(V source, V sink, long originNs) {
        if (!graph.containsVertex(source)) {
            throw new IllegalArgumentException("source vertex not in graph: " + source);
        }
        if (!graph.containsVertex(sink)) {
            throw new IllegalArgumentException("sink vertex not in graph: " + sink);
        }
        List<V> order = topologicalOrder();
        int n = order.size();
        Map<V, Integer> index = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            index.put(order.get(i), i);
        }
        long[] es = new long[n];
        long[] ef = new long[n];
        boolean[] reached = new boolean[n];
        Object[] critical = new Object[n];
        forward(order, index, source, originNs, es, ef, reached, critical);
        int sinkIndex = index.get(sink);
        if (!reached[sinkIndex]) {
            throw new IllegalArgumentException("sink " + sink + " is not reachable from source " + source);
        }
        long[] slack = backward(order, index, sinkIndex, es, ef, reached);
        List<V> path = new ArrayList<>();
        List<E> pathEdges = new ArrayList<>();
        tracePath(sinkIndex, order, index, critical, path, pathEdges);
        return new Schedule<>(index, es, ef, reached, slack, critical, path, pathEdges);
    }

    private List<V> topologicalOrder() {
        List<V> order = new ArrayList<>(graph.vertexSet().size());
        TopologicalOrderIterator<V, E> it = new TopologicalOrderIterator<>(graph);
        try {
            while (it.hasNext()) {
                order.add(it.next());
            }
        } catch (IllegalArgumentException notDag) {
            throw new IllegalArgumentException("the dependency graph has a cycle", notDag);
        }
        return order;
    }

    private void forward(List<V> order, Map<V, Integer> index, V source, long originNs,
                         long[] es, long[] ef, boolean[] reached, Object[] critical) {
        for (int i = 0; i < order.size(); i++) {
            V v = order.get(i);
            long ready;
            if (v.equals(source)) {
                ready = originNs;
            } else {
                ready = Long.MIN_VALUE;
                E best = null;
                for (E e : graph.incomingEdgesOf(v)) {
                    int u = index.get(graph.getEdgeSource(e));
                    if (reached[u] && ef[u] > ready) {
                        ready = ef[u];
                        best = e;
                    }
                }
                if (best == null) {
                    continue;
                }
                critical[i] = best;
            }
            long finish = timing.finishNs(v, ready);
            if (finish < ready) {
                throw new IllegalArgumentException("vertex " + v + " finishes before it is ready");
            }
            reached[i] = true;
            es[i] = ready;
            ef[i] = finish;
        }
    }

    /** Latest finish minus earliest finish; {@link Long#MAX_VALUE} where the sink does not depend on it. */
    private long[] backward(List<V> order, Map<V, Integer> index, int sinkIndex,
                            long[] es, long[] ef, boolean[] reached) {
        int n = order.size();
        long[] lf = new long[n];
        boolean[] feedsSink = new boolean[n];
        long[] slack = new long[n];
        Arrays.fill(slack, Long.MAX_VALUE);
        lf[sinkIndex] = ef[sinkIndex];
        feedsSink[sinkIndex] = true;
        slack[sinkIndex] = 0;
        for (int i = sinkIndex - 1; i >= 0; i--) {
            if (!reached[i]) {
                continue;
            }
            long latest = Long.MAX_VALUE;
            for (E e : graph.outgoingEdgesOf(order.get(i))) {
                int w = index.get(graph.getEdgeTarget(e));
                if (feedsSink[w]) {
                    latest = Math.min(latest, lf[w] - (ef[w] - es[w]));
                }
            }
            if (latest != Long.MAX_VALUE) {
                feedsSink[i] = true;
                lf[i] = latest;
                slack[i] = Math.max(0, latest - ef[i]);
            }
        }
        return slack;
    }

    @SuppressWarnings("unchecked")
    private void tracePath(int sinkIndex, List<V> order, Map<V, Integer> index, Object[] critical,
                           List<V> path, List<E> pathEdges) {
        int i = sinkIndex;
        path.add(order.get(i));
        while (critical[i] != null) {
            E e = (E) critical[i];
            pathEdges.add(e);
            i = index.get(graph.getEdgeSource(e));
            path.add(order.get(i));
        }
        Collections.reverse(path);
        Collections.reverse(pathEdges);
    }
}
