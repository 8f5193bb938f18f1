package dev.ura.app.analysis.graph;

import java.util.Collections;
import java.util.List;

/**
 * What {@link CriticalPathAlgorithm} computed: per reachable vertex its earliest start, earliest
 * finish and slack, and the critical path from the source to the sink. Immutable.
 *
 * @param <V> vertex type
 * @param <E> edge type
 */
public final class Schedule<V, E> {
    private final List<V> order;
    private final CriticalPathAlgorithm.Positions<V> index;
    private final long[] es;
    private final long[] ef;
    private final boolean[] reached;
    private final long[] slack;
    private final Object[] critical;
    private final List<V> path;
    private final List<E> pathEdges;
    private final boolean[] onPath;

    Schedule(List<V> order, CriticalPathAlgorithm.Positions<V> index, long[] es, long[] ef, boolean[] reached, long[] slack, Object[] critical,
             List<V> path, List<E> pathEdges) {
        this.order = Collections.unmodifiableList(order);
        this.index = index;
        this.es = es;
        this.ef = ef;
        this.reached = reached;
        this.slack = slack;
        this.critical = critical;
        this.path = Collections.unmodifiableList(path);
        this.pathEdges = Collections.unmodifiableList(pathEdges);
        this.onPath = new boolean[es.length];
        for (V v : path) {
            onPath[index.of(v)] = true;
        }
    }

    /** The critical path, source first, sink last. */
    public List<V> path() {
        return path;
    }

    /** The edges between consecutive path vertices ({@code path().size() - 1} of them). */
    public List<E> pathEdges() {
        return pathEdges;
    }

    /** Finish of the sink, ns. */
    public long endNs() {
        return ef[index.of(path.get(path.size() - 1))];
    }

    /** The topological order the schedule was computed in (every vertex of the graph). */
    public List<V> order() {
        return order;
    }

    /** Whether the vertex is reachable from the source (only those are scheduled). */
    public boolean isScheduled(V v) {
        int i = index.find(v);
        return i >= 0 && reached[i];
    }

    /** Earliest start, ns; only for scheduled vertices. */
    public long earliestStartNs(V v) {
        return es[scheduled(v)];
    }

    /** Earliest finish, ns; only for scheduled vertices. */
    public long earliestFinishNs(V v) {
        return ef[scheduled(v)];
    }

    /**
     * How much later the vertex could finish without delaying the sink, ns (latest start minus
     * earliest start): 0 on the critical path, {@link Long#MAX_VALUE} when the sink does not depend
     * on it. Exact for the plain duration rule; with frame rounding it treats the rounded times as
     * durations.
     *
     * @throws IllegalStateException off the critical path when the schedule was computed without slack
     */
    public long slackNs(V v) {
        int i = scheduled(v);
        if (slack == null) {
            if (onPath[i]) {
                return 0;
            }
            throw new IllegalStateException("slack was not computed for this schedule");
        }
        return slack[i];
    }

    /** Whether the vertex is on the critical path. */
    public boolean isOnPath(V v) {
        int i = index.find(v);
        return i >= 0 && onPath[i];
    }

    /** The incoming edge that decided the vertex's start, or {@code null} for the source. */
    @SuppressWarnings("unchecked")
    public E criticalEdgeInto(V v) {
        return (E) critical[scheduled(v)];
    }

    private int scheduled(V v) {
        int i = index.of(v);
        if (!reached[i]) {
            throw new IllegalArgumentException("vertex not scheduled: " + v);
        }
        return i;
    }
}
