package dev.ura.app.analysis.graph;

/**
 * When a vertex finishes once everything it depends on has finished. The plain rule is
 * {@code ready + duration}; a draw that waits for the display's next frame rounds up instead.
 *
 * @param <V> vertex type
 */
@FunctionalInterface
public interface VertexTiming<V> {

    /**
     * @param vertex  the vertex
     * @param readyNs the time its last dependency finished (the origin for the source)
     * @return its finish time, ns; never before {@code readyNs}
     */
    long finishNs(V vertex, long readyNs);

    /** The plain rule with a duration per vertex (ns, never negative). */
    static <V> VertexTiming<V> ofDurations(java.util.function.ToLongFunction<V> durationNs) {
        return (v, ready) -> ready + durationNs.applyAsLong(v);
    }
}
