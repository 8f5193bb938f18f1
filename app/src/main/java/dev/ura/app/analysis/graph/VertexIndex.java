package dev.ura.app.analysis.graph;

/**
 * Dense integer ids for a graph's vertices, so algorithms can keep per-vertex state in arrays
 * instead of hash maps (what makes a big graph fast).
 *
 * @param <V> vertex type
 */
public interface VertexIndex<V> {

    /** Number of ids: every vertex's id is in {@code [0, size())}. */
    int size();

    /** The id of a vertex. */
    int indexOf(V vertex);

    /** The ids of a graph whose vertices are the integers {@code 0..size-1}. */
    static VertexIndex<Integer> identity(int size) {
        return new VertexIndex<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public int indexOf(Integer vertex) {
                return vertex;
            }
        };
    }
}
