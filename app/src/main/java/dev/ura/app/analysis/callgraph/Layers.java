package dev.ura.app.analysis.callgraph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The layered graph {@link LayeredLayoutAlgorithm} works on: real nodes {@code 0..n-1} plus
 * virtual nodes that split edges spanning several layers, so every segment joins adjacent layers.
 */
final class Layers {
    private static final double VIRTUAL_GAP = 10;
    private final int real;
    int[] layer;
    private int size;
    private final List<List<Integer>> up = new ArrayList<>();
    private final List<List<Integer>> down = new ArrayList<>();
    private final Map<Integer, int[]> chains = new HashMap<>();
    private final List<List<Integer>> byLayer = new ArrayList<>();
    private double[] position;

    /** @param dag edges {from, to, edge#} with {@code layer[from] < layer[to]} */
    Layers(int n, int[] realLayer, List<int[]> dag) {
        real = n;
        size = n;
        layer = Arrays.copyOf(realLayer, Math.max(16, n));
        for (int i = 0; i < n; i++) {
            up.add(new ArrayList<>());
            down.add(new ArrayList<>());
        }
        for (int[] d : dag) {
            int span = realLayer[d[1]] - realLayer[d[0]];
            int[] chain = new int[span + 1];
            chain[0] = d[0];
            chain[span] = d[1];
            for (int k = 1; k < span; k++) {
                chain[k] = addVirtual(realLayer[d[0]] + k);
            }
            for (int k = 0; k < span; k++) {
                down.get(chain[k]).add(chain[k + 1]);
                up.get(chain[k + 1]).add(chain[k]);
            }
            chains.put(d[2], chain);
        }
        int layers = 0;
        for (int v = 0; v < size; v++) {
            layers = Math.max(layers, layer[v] + 1);
        }
        for (int i = 0; i < layers; i++) {
            byLayer.add(new ArrayList<>());
        }
        for (int v = 0; v < size; v++) {
            byLayer.get(layer[v]).add(v);
        }
        position = new double[size];
        renumber();
    }

    private int addVirtual(int l) {
        if (size == layer.length) {
            layer = Arrays.copyOf(layer, size * 2);
        }
        layer[size] = l;
        up.add(new ArrayList<>());
        down.add(new ArrayList<>());
        return size++;
    }

    int size() {
        return size;
    }

    /** Per DAG edge number, the nodes its route passes, from the upper end to the lower. */
    Map<Integer, int[]> chains() {
        return chains;
    }

    /** Barycenter sweeps, alternating down and up. */
    void order(int sweeps) {
        for (int s = 0; s < sweeps; s++) {
            boolean downward = s % 2 == 0;
            for (int i = 0; i < byLayer.size(); i++) {
                int l = downward ? i : byLayer.size() - 1 - i;
                List<List<Integer>> neighbours = downward ? up : down;
                List<Integer> nodes = byLayer.get(l);
                double[] key = new double[size];
                for (int v : nodes) {
                    key[v] = barycenter(neighbours.get(v), position[v]);
                }
                nodes.sort(Comparator.comparingDouble(v -> key[v]));
                renumber();
            }
        }
    }

    private double barycenter(List<Integer> neighbours, double fallback) {
        if (neighbours.isEmpty()) {
            return fallback;
        }
        double sum = 0;
        for (int w : neighbours) {
            sum += position[w];
        }
        return sum / neighbours.size();
    }

    private void renumber() {
        for (List<Integer> nodes : byLayer) {
            for (int k = 0; k < nodes.size(); k++) {
                position[nodes.get(k)] = k;
            }
        }
    }

    /**
     * Centre x of every node: packed left to right, then pulled toward the neighbours' mean in
     * alternating passes while keeping the order and the gap.
     */
    double[] positions(double[] width, double gap) {
        double[] x = new double[size];
        for (List<Integer> nodes : byLayer) {
            place(nodes, x, width, gap, null);
        }
        for (int pass = 0; pass < 6; pass++) {
            boolean downward = pass % 2 == 0;
            for (int i = 0; i < byLayer.size(); i++) {
                int l = downward ? i : byLayer.size() - 1 - i;
                List<Integer> nodes = byLayer.get(l);
                double[] want = new double[size];
                for (int v : nodes) {
                    List<Integer> nb = new ArrayList<>((downward ? up : down).get(v));
                    if (nb.isEmpty()) {
                        nb = (downward ? down : up).get(v);
                    }
                    double sum = 0;
                    for (int w : nb) {
                        sum += x[w];
                    }
                    want[v] = nb.isEmpty() ? x[v] : sum / nb.size();
                }
                place(nodes, x, width, gap, want);
            }
        }
        double min = Double.MAX_VALUE;
        for (int v = 0; v < size; v++) {
            min = Math.min(min, x[v] - width[v] / 2);
        }
        for (int v = 0; v < size; v++) {
            x[v] += 20 - min;
        }
        return x;
    }

    /** Places a layer left to right at the wanted centres (or packed), never closer than the gap. */
    private void place(List<Integer> nodes, double[] x, double[] width, double gap, double[] want) {
        double right = Double.NEGATIVE_INFINITY;
        double shift = 0;
        for (int v : nodes) {
            double g = v < real ? gap : VIRTUAL_GAP;
            double min = right == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : right + g + width[v] / 2;
            double target = want == null ? (right == Double.NEGATIVE_INFINITY ? width[v] / 2 : min) : want[v];
            x[v] = Math.max(target, min);
            if (want != null) {
                shift += want[v] - x[v];
            }
            right = x[v] + width[v] / 2;
        }
        if (want != null && !nodes.isEmpty()) {
            // pushing right drifts the layer; move it back by the mean shortfall (order and gaps stay)
            double back = shift / nodes.size();
            for (int v : nodes) {
                x[v] += back;
            }
        }
    }
}
