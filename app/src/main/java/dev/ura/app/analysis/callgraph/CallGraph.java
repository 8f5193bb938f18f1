package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsSubgraph;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A caller → callee graph (JGraphT; self-loops for direct recursion). Treat the graph as
 * read-only: it is built once by {@link CallGraphAnalyzer} and shared; {@link #heaviest} narrows
 * it without changing it.
 *
 * @param scope       the threads and window it covers
 * @param filter      the thresholds applied
 * @param graph       nodes are methods, edges direct calls
 * @param totalNs     inclusive time of all top-level calls in scope (the 100 % for shares)
 * @param eventOrder  whether times are event order (trace without timestamps) rather than ns
 * @param droppedEdges edges removed by the filter
 */
public record CallGraph(CallScope scope, CallGraphFilter filter, Graph<CallGraphNode, CallGraphEdge> graph,
                        long totalNs, boolean eventOrder, int droppedEdges) {

    /**
     * The same graph restricted to the {@code limit} methods with the most inclusive time (ties:
     * first in the graph's order), as a view: this graph is left as it is, so whoever shares it
     * keeps every method. This graph itself when it has no more than {@code limit} methods.
     */
    public CallGraph heaviest(int limit) {
        if (graph.vertexSet().size() <= limit) {
            return this;
        }
        Set<CallGraphNode> keep = graph.vertexSet().stream()
                .sorted(Comparator.comparingLong(CallGraphNode::inclusiveNs).reversed())
                .limit(Math.max(0, limit))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        return new CallGraph(scope, filter, new AsSubgraph<>(graph, keep), totalNs, eventOrder, droppedEdges);
    }

    /** The heaviest edge's inclusive time (1 when there are no edges), for scaling emphasis. */
    public long maxEdgeNs() {
        long max = 1;
        for (CallGraphEdge e : graph.edgeSet()) {
            max = Math.max(max, e.inclusiveNs());
        }
        return max;
    }
}
