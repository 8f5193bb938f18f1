package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.RewiredGraphView;
import dev.ura.app.analysis.graph.Schedule;
import dev.ura.app.analysis.graph.VertexTiming;
import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Estimates a response under a what-if {@link Scenario}, on a view of the baseline graph (changed
 * durations, a few re-wired edges), never a rebuilt graph. Every slice the change's selector picks
 * that overlaps the response is changed, in the scenario's order:
 * <ul>
 * <li>{@code SpeedUp f}: its segments take {@code duration / f};</li>
 * <li>{@code Defer}: it runs after the response ends: its segments take no time inside the
 *     response. Work that needs its result (a hand-off it sends) is assumed to still get it, so
 *     defer only what nothing drawn depends on. On a system trace its pieces also stop waiting for
 *     the threads that woke them (wakeup, binder and flow edges into them go);</li>
 * <li>{@code RunInParallel}: it starts when the response starts, on a thread of its own: its first
 *     segment loses its incoming edges and gains one from the response start; whatever waited
 *     for it still waits (what followed it on its thread, and what it hands off or requests),
 *     and what followed it also still follows what preceded it.</li>
 * </ul>
 * With a frame rhythm an update that becomes ready earlier or later is drawn on the next frame.
 * The estimated end is the recorded end moved by the change in the schedule's end.
 */
public final class WhatIfEstimator {
    private final ResponseGraph graph;
    private final SliceMatcher matcher;
    /** Each vertex's place in the baseline's topological order: added edges must go forward in it. */
    private final int[] position;
    /** Edges that only record the recorded path's way (system traces): no scenario keeps them. */
    private final Set<Dependency> pathOnly = new HashSet<>();

    /** An estimator for scenarios of one response; reusable, and safe to share (estimates only read). */
    public WhatIfEstimator(ResponseGraph graph) {
        this.graph = graph;
        this.matcher = new SliceMatcher(graph);
        this.position = new int[graph.vertexCount()];
        List<Integer> order = graph.baseline().order();
        for (int i = 0; i < order.size(); i++) {
            position[order.get(i)] = i;
        }
        for (Dependency d : graph.graph().edgeSet()) {
            if (d.pathOnly()) {
                pathOnly.add(d);
            }
        }
    }

    /** The estimate for a scenario; the empty scenario gives the recorded response. */
    public Estimate estimate(Scenario scenario) {
        long[] duration = new long[graph.vertexCount()];
        for (int v = 0; v < duration.length; v++) {
            duration[v] = graph.durationNs(v);
        }
        long[] floor = new long[duration.length];
        Arrays.fill(floor, Long.MIN_VALUE);
        Map<Integer, List<long[]>> partial = new HashMap<>();
        // The recorded response keeps the recorded path; a change drops the edges that only record it.
        Set<Dependency> removed = scenario.isEmpty() ? new HashSet<>() : new HashSet<>(pathOnly);
        List<RewiredGraphView.AddedEdge<Integer, Dependency>> added = new ArrayList<>();
        for (Change change : scenario.changes()) {
            for (MatchedSlice slice : matcher.match(change.target())) {
                apply(change, slice, duration, partial, removed, added);
            }
        }
        partial.forEach((v, slices) -> floor[v] = floorOf(v, slices));
        Graph<Integer, Dependency> view = removed.isEmpty() && added.isEmpty()
                ? graph.graph() : new RewiredGraphView<>(graph.graph(), removed, added);
        // Removing edges, and adding edges from the source or bypassing a moved slice (its
        // predecessor to its successor), keeps the baseline's topological order valid.
        VertexTiming<Integer> plain = graph.timing(v -> duration[v]);
        VertexTiming<Integer> timing = (v, ready) -> Math.max(plain.finishNs(v, ready), floor[v]);
        Schedule<Integer, Dependency> s = graph.algorithm(view, timing)
                .withOrder(graph.baseline().order())
                .withoutSlack()
                .getPath(graph.source(), graph.sink(), graph.originNs());
        Response r = graph.work().response();
        long end = r.endNs() + (s.endNs() - graph.baseline().endNs());
        long durationNs = end - r.startNs();
        long saved = r.durationNs() - durationNs;
        double percent = r.durationNs() == 0 ? 0 : 100.0 * saved / r.durationNs();
        CriticalPath path = graph.toCriticalPath(s, end);
        return new Estimate(end, durationNs, saved, percent, path);
    }

    /**
     * The changes of {@code scenario} whose selector picks nothing in this response (a pattern
     * that matches no slice overlapping its work), in scenario order. A caller reports them
     * instead of an estimate that "saves 0".
     */
    public List<Change> unmatched(Scenario scenario) {
        List<Change> out = new ArrayList<>();
        for (Change change : scenario.changes()) {
            if (matcher.match(change.target()).isEmpty()) {
                out.add(change);
            }
        }
        return out;
    }

    private void apply(Change change, MatchedSlice slice, long[] duration, Map<Integer, List<long[]>> partial,
                       Set<Dependency> removed,
                       List<RewiredGraphView.AddedEdge<Integer, Dependency>> added) {
        int[] vertices = slice.vertices();
        long cs = slice.startNs();
        long ce = slice.endNs();
        if (change instanceof Change.SpeedUp up) {
            for (int v : vertices) {
                long inside = matcher.overlapNs(v, cs, ce);
                duration[v] = Math.max(0, duration[v] - inside + Math.round(inside / up.factor()));
            }
        } else if (change instanceof Change.Defer) {
            for (int v : vertices) {
                duration[v] = Math.max(0, duration[v] - matcher.overlapNs(v, cs, ce));
                if (graph.startNs(v) >= cs && graph.endNs(v) <= ce) {
                    dropWakeups(v, removed, added);
                }
            }
        } else if (change instanceof Change.RunInParallel) {
            // Segments wholly inside the slice move as a chain; the parts of segments that the slice
            // only partly covers leave their thread (a leading part runs first on the new thread).
            int first = -1;
            int last = -1;
            long leading = 0;
            for (int v : vertices) {
                boolean whole = graph.startNs(v) >= cs && graph.endNs(v) <= ce;
                if (whole) {
                    first = first < 0 ? v : first;
                    last = v;
                    continue;
                }
                long inside = matcher.overlapNs(v, cs, ce);
                duration[v] = Math.max(0, duration[v] - inside);
                if (first < 0) {
                    leading += inside;
                }
            }
            if (first >= 0) {
                duration[first] += leading;
                runInParallel(first, last, removed, added);
            } else if (vertices.length == 1) {
                // The slice lies inside one segment: the rest of that segment after the slice
                // still waits for it, now that it runs from the response start.
                partial.computeIfAbsent(vertices[0], k -> new ArrayList<>()).add(new long[] {cs, ce, leading});
            }
        }
    }

    /**
     * On a system trace, a deferred slice no longer waits inside the response for the threads that
     * woke it (a binder reply, a worker's result): the wakeup, binder and flow edges into its pieces
     * go, so that work leaves the path unless something else still needs it. (Method traces have no
     * such edges.)
     */
    private void dropWakeups(int v, Set<Dependency> removed,
                             List<RewiredGraphView.AddedEdge<Integer, Dependency>> added) {
        boolean left = false;
        for (Dependency d : graph.graph().incomingEdgesOf(v)) {
            LinkKind k = d.kind();
            if ((k == LinkKind.WAKEUP || k == LinkKind.BINDER || k == LinkKind.FLOW)
                    && graph.thread(graph.graph().getEdgeSource(d)) != graph.thread(v)) {
                removed.add(d);
            } else if (!removed.contains(d)) {
                left = true;
            }
        }
        if (!left && v != graph.source() && !hasAdded(added, graph.source(), v)) {
            // Nothing else leads to it (a thread's first piece): it starts with the response.
            added.add(new RewiredGraphView.AddedEdge<>(new Dependency(LinkKind.USER), graph.source(), v));
        }
    }

    /**
     * The slice's first segment stops waiting for what preceded it and starts with the response;
     * the rest of its thread keeps its order without it (what preceded → what followed), and
     * whatever waited for the slice — what followed it on its thread included — still waits.
     *
     * <p>Edges are read from the scenario so far (base minus removed plus added), so several
     * parallel pieces combine independently: a piece moved earlier leaves a bridge into the next
     * piece, which this piece drops in turn and passes on to what follows it.
     */
    private void runInParallel(int first, int last, Set<Dependency> removed,
                               List<RewiredGraphView.AddedEdge<Integer, Dependency>> added) {
        Graph<Integer, Dependency> g = graph.graph();
        if (position[first] <= position[graph.source()]) {
            // Work ordered before the response start (only with clocks that disagree) already
            // starts no later than the response.
            return;
        }
        int thread = graph.thread(first);
        List<Integer> before = new ArrayList<>();
        for (Dependency d : g.incomingEdgesOf(first)) {
            if (removed.add(d) && graph.thread(g.getEdgeSource(d)) == thread && g.getEdgeSource(d) < first) {
                before.add(g.getEdgeSource(d));
            }
        }
        for (int i = added.size() - 1; i >= 0; i--) {
            RewiredGraphView.AddedEdge<Integer, Dependency> a = added.get(i);
            if (a.target() == first && a.source() != graph.source()) {
                added.remove(i);
                if (graph.thread(a.source()) == thread && a.source() < first) {
                    before.add(a.source());
                }
            }
        }
        Integer after = null;
        for (Dependency d : g.outgoingEdgesOf(last)) {
            int to = g.getEdgeTarget(d);
            if (!removed.contains(d) && graph.thread(to) == thread && to > last && (after == null || to < after)) {
                after = to;
            }
        }
        for (RewiredGraphView.AddedEdge<Integer, Dependency> a : added) {
            int to = a.target();
            if (a.source() == last && graph.thread(to) == thread && to > last && (after == null || to < after)) {
                after = to;
            }
        }
        if (first != graph.source() && !hasAdded(added, graph.source(), first)) {
            added.add(new RewiredGraphView.AddedEdge<>(new Dependency(LinkKind.USER), graph.source(), first));
        }
        if (after == null) {
            return;
        }
        for (int from : before) {
            Dependency existing = g.getEdge(from, after);
            if ((existing == null || removed.contains(existing)) && !hasAdded(added, from, after)
                    && position[from] < position[after]) {
                added.add(new RewiredGraphView.AddedEdge<>(new Dependency(LinkKind.PROGRAM_ORDER), from, after));
            }
        }
    }

    /**
     * The earliest a segment can finish when parallel slices {@code [start, end, length]} inside
     * it start with the response: for each slice, its own length from the response start plus the
     * part of the segment after it that stays on the thread (other moved slices left it too).
     */
    private long floorOf(int v, List<long[]> slices) {
        long floor = Long.MIN_VALUE;
        for (long[] s : slices) {
            long after = Math.max(0, graph.endNs(v) - s[1]);
            for (long[] o : slices) {
                if (o != s) {
                    after -= matcher.overlapNs(v, Math.max(o[0], s[1]), o[1]);
                }
            }
            floor = Math.max(floor, graph.originNs() + s[2] + Math.max(0, after));
        }
        return floor;
    }

    private static boolean hasAdded(List<RewiredGraphView.AddedEdge<Integer, Dependency>> added, int from, int to) {
        for (RewiredGraphView.AddedEdge<Integer, Dependency> a : added) {
            if (a.source() == from && a.target() == to) {
                return true;
            }
        }
        return false;
    }
}
