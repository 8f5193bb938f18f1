package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import org.jgrapht.Graph;

/**
 * A caller → callee graph (JGraphT; self-loops for direct recursion). Treat the graph as
 * read-only: it is built once by {@link CallGraphAnalyzer} and shared.
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

    /** The heaviest edge's inclusive time (1 when there are no edges), for scaling emphasis. */
    public long maxEdgeNs() {
        long max = 1;
        for (CallGraphEdge e : graph.edgeSet()) {
            max = Math.max(max, e.inclusiveNs());
        }
        return max;
    }
}
