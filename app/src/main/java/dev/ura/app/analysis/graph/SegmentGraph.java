package dev.ura.app.analysis.graph;

import org.jgrapht.Graph;
import org.jgrapht.GraphType;
import org.jgrapht.graph.AbstractBaseGraph;
import org.jgrapht.graph.DefaultGraphType;
import org.jgrapht.graph.GraphSpecificsStrategy;
import org.jgrapht.graph.IntrusiveEdgesSpecifics;
import org.jgrapht.graph.UniformIntrusiveEdgesSpecifics;
import org.jgrapht.graph.specifics.ArrayUnenforcedSetEdgeSetFactory;
import org.jgrapht.graph.specifics.DirectedSpecifics;
import org.jgrapht.graph.specifics.Specifics;

import java.util.LinkedHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The graph type of a {@link ResponseGraph}: a simple directed graph, like JGraphT's
 * {@code SimpleDirectedGraph}, but without its index of the edges between each pair of vertices,
 * and with its maps sized for the graph up front. That index costs a pair, a set and a hash entry
 * per edge (most of the time of building a million-segment graph) and buys nothing here: every
 * vertex has a handful of edges, so finding one between two vertices by scanning the source's
 * outgoing edges is as fast. Edges of each vertex, and the vertex and edge sets, keep insertion
 * order, as in {@code SimpleDirectedGraph}.
 */
public final class SegmentGraph extends AbstractBaseGraph<Integer, Dependency> {
    private static final long serialVersionUID = 1L;

    /**
     * @param vertices how many vertices will be added
     * @param edges    about how many edges will be added
     */
    public SegmentGraph(int vertices, int edges) {
        super(null, null, new DefaultGraphType.Builder().directed().allowMultipleEdges(false).allowSelfLoops(false)
                .weighted(false).build(), new Sized(vertices, edges));
    }

    private static int capacity(int entries) {
        return (int) Math.min(1 << 30, entries / 0.75 + 1);
    }

    /** JGraphT's plain (not fast-lookup) specifics with presized maps: no rehashing while building. */
    private record Sized(int vertices, int edges) implements GraphSpecificsStrategy<Integer, Dependency> {
        private static final long serialVersionUID = 1L;

        @Override
        public Function<GraphType, IntrusiveEdgesSpecifics<Integer, Dependency>> getIntrusiveEdgesSpecificsFactory() {
            int n = edges;
            return (Function<GraphType, IntrusiveEdgesSpecifics<Integer, Dependency>> & java.io.Serializable)
                    type -> new UniformIntrusiveEdgesSpecifics<>(new LinkedHashMap<>(capacity(n)));
        }

        @Override
        public BiFunction<Graph<Integer, Dependency>, GraphType, Specifics<Integer, Dependency>> getSpecificsFactory() {
            int n = vertices;
            return (BiFunction<Graph<Integer, Dependency>, GraphType, Specifics<Integer, Dependency>> & java.io.Serializable)
                    (graph, type) -> new DirectedSpecifics<>(graph, new LinkedHashMap<>(capacity(n)),
                            new ArrayUnenforcedSetEdgeSetFactory<>());
        }
    }
}
