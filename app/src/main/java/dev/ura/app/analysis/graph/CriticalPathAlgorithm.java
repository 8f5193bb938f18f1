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
    private final VertexIndex<V> index;
    private final List<V> order;
    private final boolean slack;
    private final java.util.function.ToLongFunction<V> absorbs;

    /**
     * @param graph  a directed acyclic graph (checked by {@link #getPath})
     * @param timing when a vertex finishes given when it is ready
     */
    public CriticalPathAlgorithm(Graph<V, E> graph, VertexTiming<V> timing) {
        this(GraphTests.requireDirected(graph), timing, null, null, true, v -> 0L);
    }

    private CriticalPathAlgorithm(Graph<V, E> graph, VertexTiming<V> timing, VertexIndex<V> index, List<V> order,
                                  boolean slack, java.util.function.ToLongFunction<V> absorbs) {
        this.graph = graph;
        this.timing = timing;
        this.index = index;
        this.order = order;
        this.slack = slack;
        this.absorbs = absorbs;
    }

    /**
     * The same algorithm where a vertex may start later than scheduled by up to
     * {@code absorbsNs(v)} without finishing later (a wait that ends when something else frees
     * its thread, not when it became ready): slack then counts that time too, so work before such
     * a wait has slack even on the critical path.
     */
    public CriticalPathAlgorithm<V, E> withAbsorbingWaits(java.util.function.ToLongFunction<V> absorbsNs) {
        return new CriticalPathAlgorithm<>(graph, timing, index, order, slack, absorbsNs);
    }

    /**
     * The same algorithm without the backward pass: the schedule knows slack only on the critical
     * path (0), which is all a what-if estimate shows, for about a third less work.
     */
    public CriticalPathAlgorithm<V, E> withoutSlack() {
        return new CriticalPathAlgorithm<>(graph, timing, index, order, false, absorbs);
    }

    /** The same algorithm keeping per-vertex state in arrays addressed by {@code index} (no hashing). */
    public CriticalPathAlgorithm<V, E> withIndex(VertexIndex<V> vertexIndex) {
        return new CriticalPathAlgorithm<>(graph, timing, vertexIndex, order, slack, absorbs);
    }

    /**
     * The same algorithm trusting a topological order computed before, e.g. the baseline's order for
     * a view that only removes edges or adds edges that agree with it. Every edge is still checked
     * against the order; one that disagrees fails {@link #getPath} as a cycle would.
     *
     * @param topologicalOrder every vertex of the graph once
     */
    public CriticalPathAlgorithm<V, E> withOrder(List<V> topologicalOrder) {
        return new CriticalPathAlgorithm<>(graph, timing, index, List.copyOf(topologicalOrder), slack, absorbs);
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
        List<V> order = this.order != null ? this.order : topologicalOrder();
        int n = order.size();
        if (n != graph.vertexSet().size()) {
            throw new IllegalArgumentException("the order has " + n + " vertices, the graph " + graph.vertexSet().size());
        }
        Positions<V> index = positions(order);
        long[] es = new long[n];
        long[] ef = new long[n];
        boolean[] reached = new boolean[n];
        Object[] critical = new Object[n];
        forward(order, index, source, originNs, es, ef, reached, critical);
        int sinkIndex = index.of(sink);
        if (!reached[sinkIndex]) {
            throw new IllegalArgumentException("sink " + sink + " is not reachable from source " + source);
        }
        long[] slackNs = slack ? backward(order, index, sinkIndex, es, ef, reached) : null;
        List<V> path = new ArrayList<>();
        List<E> pathEdges = new ArrayList<>();
        tracePath(sinkIndex, order, index, critical, path, pathEdges);
        return new Schedule<>(order, index, es, ef, reached, slackNs, critical, path, pathEdges);
    }

    /** Where each vertex is in the order: an array with an index, else a hash map. */
    private Positions<V> positions(List<V> order) {
        int n = order.size();
        if (index != null) {
            int[] pos = new int[index.size()];
            Arrays.fill(pos, -1);
            for (int i = 0; i < n; i++) {
                pos[index.indexOf(order.get(i))] = i;
            }
            return v -> {
                int id = index.indexOf(v);
                return id >= 0 && id < pos.length ? pos[id] : -1;
            };
        }
        Map<V, Integer> pos = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            pos.put(order.get(i), i);
        }
        return v -> {
            Integer p = pos.get(v);
            return p == null ? -1 : p;
        };
    }

    /** Position of a vertex in the topological order. */
    @FunctionalInterface
    interface Positions<V> {
        /** The position, or -1 for a vertex not in the order. */
        int find(V vertex);

        /** The position; fails for a vertex not in the order. */
        default int of(V vertex) {
            int p = find(vertex);
            if (p < 0) {
                throw new IllegalArgumentException("vertex not in the order: " + vertex);
            }
            return p;
        }
    }

    private List<V> topologicalOrder() {
        return index != null ? indexedTopologicalOrder() : iteratorOrder();
    }

    /**
     * The order {@link TopologicalOrderIterator} gives (Kahn's algorithm: a FIFO queue seeded in
     * vertex-set order, successors released in outgoing-edge order), with the remaining in-degrees
     * in an array instead of a hash map of boxed counters. A vertex with a loop is never released,
     * so it fails as any cycle does.
     */
    @SuppressWarnings("unchecked")
    private List<V> indexedTopologicalOrder() {
        int n = graph.vertexSet().size();
        int[] remaining = new int[index.size()];
        Object[] queue = new Object[n];
        int tail = 0;
        for (V v : graph.vertexSet()) {
            int d = graph.inDegreeOf(v);
            remaining[index.indexOf(v)] = d;
            if (d == 0) {
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            for (E e : graph.outgoingEdgesOf((V) queue[head])) {
                V w = graph.getEdgeTarget(e);
                int id = index.indexOf(w);
                if (remaining[id] > 0 && --remaining[id] == 0) {
                    queue[tail++] = w;
                }
            }
        }
        if (tail < n) {
            throw new IllegalArgumentException("the dependency graph has a cycle");
        }
        return (List<V>) Arrays.asList(queue);
    }

    private List<V> iteratorOrder() {
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

    private void forward(List<V> order, Positions<V> index, V source, long originNs,
                         long[] es, long[] ef, boolean[] reached, Object[] critical) {
        for (int i = 0; i < order.size(); i++) {
            V v = order.get(i);
            long ready = Long.MIN_VALUE;
            E best = null;
            for (E e : graph.incomingEdgesOf(v)) {
                int u = index.of(graph.getEdgeSource(e));
                if (u >= i) {
                    throw new IllegalArgumentException("the dependency graph has a cycle (or the order is not topological)");
                }
                if (reached[u] && ef[u] > ready) {
                    ready = ef[u];
                    best = e;
                }
            }
            if (v.equals(source)) {
                ready = originNs;
                best = null;
            } else if (best == null) {
                continue;
            }
            critical[i] = best;
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
    private long[] backward(List<V> order, Positions<V> index, int sinkIndex,
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
                int w = index.of(graph.getEdgeTarget(e));
                if (feedsSink[w]) {
                    long rigid = Math.max(0, ef[w] - es[w] - absorbs.applyAsLong(order.get(w)));
                    latest = Math.min(latest, lf[w] - rigid);
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
    private void tracePath(int sinkIndex, List<V> order, Positions<V> index, Object[] critical,
                           List<V> path, List<E> pathEdges) {
        int i = sinkIndex;
        path.add(order.get(i));
        while (critical[i] != null) {
            E e = (E) critical[i];
            pathEdges.add(e);
            i = index.of(graph.getEdgeSource(e));
            path.add(order.get(i));
        }
        Collections.reverse(path);
        Collections.reverse(pathEdges);
    }
}
