package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.RewiredGraphView.AddedEdge;
import dev.ura.app.analysis.model.LinkKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The edges a scenario adds, in the order they were added (which decides ties in the schedule,
 * so it is kept exactly), indexed by source, by target and by pair. A change that moves thousands
 * of slices adds thousands of edges and looks them up for every slice; a plain list made that
 * quadratic.
 */
final class AddedEdges {
    /** In order of addition; a removed edge leaves a null, so the others keep their order. */
    private final List<AddedEdge<Integer, Dependency>> edges = new ArrayList<>();
    private final Map<Integer, List<Integer>> byTarget = new HashMap<>();
    private final Map<Integer, List<Integer>> bySource = new HashMap<>();
    private final Set<Long> pairs = new HashSet<>();
    private int live;

    void add(int from, int to, LinkKind kind) {
        int at = edges.size();
        edges.add(new AddedEdge<>(new Dependency(kind), from, to));
        byTarget.computeIfAbsent(to, k -> new ArrayList<>()).add(at);
        bySource.computeIfAbsent(from, k -> new ArrayList<>()).add(at);
        pairs.add(pair(from, to));
        live++;
    }

    boolean contains(int from, int to) {
        return pairs.contains(pair(from, to));
    }

    /** The added edges into {@code v}, in order of addition. */
    List<AddedEdge<Integer, Dependency>> into(int v) {
        return select(byTarget.get(v));
    }

    /** The added edges out of {@code v}, in order of addition. */
    List<AddedEdge<Integer, Dependency>> outOf(int v) {
        return select(bySource.get(v));
    }

    /** Removes the edges into {@code v} that {@code remove} accepts, visiting them latest first. */
    void removeInto(int v, Predicate<AddedEdge<Integer, Dependency>> remove) {
        List<Integer> at = byTarget.get(v);
        for (int i = at == null ? -1 : at.size() - 1; i >= 0; i--) {
            int p = at.get(i);
            AddedEdge<Integer, Dependency> a = edges.get(p);
            if (remove.test(a)) {
                edges.set(p, null);
                at.remove(i);
                bySource.get(a.source()).remove((Integer) p);
                pairs.remove(pair(a.source(), a.target()));
                live--;
            }
        }
    }

    boolean isEmpty() {
        return live == 0;
    }

    /** Every added edge, in order of addition. */
    List<AddedEdge<Integer, Dependency>> list() {
        List<AddedEdge<Integer, Dependency>> out = new ArrayList<>(live);
        for (AddedEdge<Integer, Dependency> a : edges) {
            if (a != null) {
                out.add(a);
            }
        }
        return out;
    }

    private List<AddedEdge<Integer, Dependency>> select(List<Integer> at) {
        if (at == null) {
            return List.of();
        }
        List<AddedEdge<Integer, Dependency>> out = new ArrayList<>(at.size());
        for (int p : at) {
            out.add(edges.get(p));
        }
        return out;
    }

    private static long pair(int from, int to) {
        return ((long) from << 32) | (to & 0xFFFF_FFFFL);
    }
}
