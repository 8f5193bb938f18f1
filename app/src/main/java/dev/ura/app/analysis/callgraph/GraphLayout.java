package dev.ura.app.analysis.callgraph;

import java.util.List;

/**
 * Positions for drawing a call graph, in abstract units (the UI uses them as pixels at 100 %).
 *
 * @param nodes  one box per node, in the graph's vertex order
 * @param edges  one polyline per edge (through the layers it crosses)
 * @param width  extent of the drawing
 * @param height extent of the drawing
 */
public record GraphLayout(List<NodeBox> nodes, List<EdgeLine> edges, double width, double height) {

    public GraphLayout {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** A node's box; (x, y) is the top-left corner. */
    public record NodeBox(CallGraphNode node, double x, double y, double width, double height, int layer) {
        /** The box's horizontal centre. */
        public double centerX() {
            return x + width / 2;
        }
    }

    /**
     * An edge's route: points {@code xs[i], ys[i]} from the caller's box to the callee's.
     *
     * @param selfLoop drawn as a loop beside its node (direct recursion)
     */
    public record EdgeLine(CallGraphEdge edge, double[] xs, double[] ys, boolean selfLoop) {
    }
}
