package dev.ura.app.analysis.callgraph;

import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A layered (Sugiyama-style) layout for when Graphviz is not installed: cycles are broken by
 * reversing DFS back edges, nodes get the longest-path layer from the roots, long edges are split
 * by virtual nodes, each layer is ordered by a few barycenter sweeps to cut crossings, and x
 * positions follow the neighbours' barycenters while keeping the order and a minimum gap.
 * Deterministic: the same graph always gives the same drawing.
 */
public final class LayeredLayoutAlgorithm {
    private static final double H_GAP = 24;
    private static final double V_GAP = 56;
    private static final int SWEEPS = 8;

    private final ToDoubleFunction<CallGraphNode> widthOf;
    private final double nodeHeight;

    /**
     * @param widthOf    the box width for a node (the UI measures its label)
     * @param nodeHeight the box height of every node
     */
    public LayeredLayoutAlgorithm(ToDoubleFunction<CallGraphNode> widthOf, double nodeHeight) {
        this.widthOf = widthOf;
        this.nodeHeight = nodeHeight;
    }

    /** Lays out {@code graph}. */
    public GraphLayout layout(Graph<CallGraphNode, CallGraphEdge> graph) {
        List<CallGraphNode> nodes = new ArrayList<>(graph.vertexSet());
        int n = nodes.size();
        Map<CallGraphNode, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(nodes.get(i), i);
        }
        List<int[]> dag = new ArrayList<>(); // {from, to, edge#}
        List<CallGraphEdge> edges = new ArrayList<>(graph.edgeSet());
        boolean[] reversed = new boolean[edges.size()];
        boolean[] back = backEdges(graph, nodes, index, edges);
        for (int e = 0; e < edges.size(); e++) {
            int a = index.get(graph.getEdgeSource(edges.get(e)));
            int b = index.get(graph.getEdgeTarget(edges.get(e)));
            if (a == b) {
                continue;
            }
            reversed[e] = back[e];
            dag.add(back[e] ? new int[] {b, a, e} : new int[] {a, b, e});
        }
        int[] layer = layers(n, dag);
        Layers l = new Layers(n, layer, dag);
        l.order(SWEEPS);
        double[] width = new double[l.size()];
        for (int v = 0; v < l.size(); v++) {
            width[v] = v < n ? widthOf.applyAsDouble(nodes.get(v)) : 0;
        }
        double[] x = l.positions(width, H_GAP);
        return assemble(graph, nodes, edges, reversed, l, x, width);
    }

    private GraphLayout assemble(Graph<CallGraphNode, CallGraphEdge> graph, List<CallGraphNode> nodes,
                                 List<CallGraphEdge> edges, boolean[] reversed, Layers l, double[] x, double[] width) {
        int n = nodes.size();
        double maxX = 0;
        List<GraphLayout.NodeBox> boxes = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            double y = l.layer[v] * (nodeHeight + V_GAP);
            boxes.add(new GraphLayout.NodeBox(nodes.get(v), x[v] - width[v] / 2, y, width[v], nodeHeight, l.layer[v]));
            maxX = Math.max(maxX, x[v] + width[v] / 2 + 40);
        }
        List<GraphLayout.EdgeLine> lines = new ArrayList<>();
        Map<Integer, int[]> chains = l.chains();
        for (int e = 0; e < edges.size(); e++) {
            CallGraphNode from = graph.getEdgeSource(edges.get(e));
            CallGraphNode to = graph.getEdgeTarget(edges.get(e));
            if (from.equals(to)) {
                GraphLayout.NodeBox b = boxes.get(nodes.indexOf(from));
                double right = b.x() + b.width();
                double mid = b.y() + nodeHeight / 2;
                lines.add(new GraphLayout.EdgeLine(edges.get(e), new double[] {right, right + 24, right + 24, right},
                        new double[] {mid - 8, mid - 8, mid + 8, mid + 8}, true));
                continue;
            }
            int[] chain = chains.get(e);
            double[] xs = new double[chain.length];
            double[] ys = new double[chain.length];
            for (int k = 0; k < chain.length; k++) {
                int v = chain[k];
                xs[k] = x[v];
                double top = l.layer[v] * (nodeHeight + V_GAP);
                ys[k] = v < n ? (k == 0 ? top + nodeHeight : top) : top + nodeHeight / 2;
            }
            if (reversed[e]) {
                reverse(xs);
                reverse(ys);
                ys[0] = ys[0] - nodeHeight; // leave from the caller's top, arrive at the callee's bottom
                ys[ys.length - 1] = ys[ys.length - 1] + nodeHeight;
            }
            lines.add(new GraphLayout.EdgeLine(edges.get(e), xs, ys, false));
        }
        int layers = Arrays.stream(l.layer).max().orElse(0) + 1;
        return new GraphLayout(boxes, lines, maxX, layers * (nodeHeight + V_GAP));
    }

    private static void reverse(double[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** DFS from the roots (no callers; then the heaviest) marks edges that close a cycle. */
    private static boolean[] backEdges(Graph<CallGraphNode, CallGraphEdge> graph, List<CallGraphNode> nodes,
                                       Map<CallGraphNode, Integer> index, List<CallGraphEdge> edges) {
        Map<CallGraphEdge, Integer> edgeIndex = new HashMap<>();
        for (int e = 0; e < edges.size(); e++) {
            edgeIndex.put(edges.get(e), e);
        }
        boolean[] back = new boolean[edges.size()];
        int[] state = new int[nodes.size()]; // 0 new, 1 on stack, 2 done
        List<CallGraphNode> starts = new ArrayList<>(nodes);
        starts.sort(Comparator.comparingInt((CallGraphNode v) -> graph.inDegreeOf(v) - selfLoops(graph, v))
                .thenComparing(Comparator.comparingLong(CallGraphNode::inclusiveNs).reversed()));
        for (CallGraphNode s : starts) {
            if (state[index.get(s)] != 0) {
                continue;
            }
            List<Object[]> stack = new ArrayList<>();
            state[index.get(s)] = 1;
            stack.add(new Object[] {s, new ArrayList<>(graph.outgoingEdgesOf(s)).iterator()});
            while (!stack.isEmpty()) {
                Object[] top = stack.get(stack.size() - 1);
                @SuppressWarnings("unchecked")
                java.util.Iterator<CallGraphEdge> it = (java.util.Iterator<CallGraphEdge>) top[1];
                if (!it.hasNext()) {
                    state[index.get((CallGraphNode) top[0])] = 2;
                    stack.remove(stack.size() - 1);
                    continue;
                }
                CallGraphEdge e = it.next();
                CallGraphNode t = graph.getEdgeTarget(e);
                int ts = state[index.get(t)];
                if (ts == 1) {
                    back[edgeIndex.get(e)] = true;
                } else if (ts == 0) {
                    state[index.get(t)] = 1;
                    stack.add(new Object[] {t, new ArrayList<>(graph.outgoingEdgesOf(t)).iterator()});
                }
            }
        }
        return back;
    }

    private static int selfLoops(Graph<CallGraphNode, CallGraphEdge> graph, CallGraphNode v) {
        return graph.containsEdge(v, v) ? 1 : 0;
    }

    /** Longest path from the sources, by Kahn's topological order. */
    private static int[] layers(int n, List<int[]> dag) {
        int[] indeg = new int[n];
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ArrayList<>());
        }
        for (int[] d : dag) {
            out.get(d[0]).add(d[1]);
            indeg[d[1]]++;
        }
        int[] layer = new int[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            if (indeg[i] == 0) {
                queue[tail++] = i;
            }
        }
        while (head < tail) {
            int v = queue[head++];
            for (int w : out.get(v)) {
                layer[w] = Math.max(layer[w], layer[v] + 1);
                if (--indeg[w] == 0) {
                    queue[tail++] = w;
                }
            }
        }
        return layer;
    }
}
