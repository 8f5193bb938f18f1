package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.RewiredGraphView;
import dev.ura.app.analysis.graph.Schedule;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.graph.VertexTiming;
import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Estimates a response under a what-if {@link Scenario} (docs/what-if.md), on a view of the
 * baseline graph (changed durations, a few re-wired edges: {@link ScenarioEdits}), never a rebuilt
 * graph. Every slice the change's selector picks that overlaps the response is changed, in the
 * scenario's order: speed up, defer, run in parallel, run side by side. With a frame rhythm an
 * update that becomes ready earlier or later is drawn on the next frame. The estimated end is the
 * recorded end moved by the change in the schedule's end. Each estimate also carries the time the
 * changes take off the recorded path ({@link PathTime}: the bound on the saving unless a vsync is
 * crossed), the vsync the draw moved across, and why nothing is saved ({@link Outcome}).
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
        if (scenario.isEmpty()) {
            Schedule<Integer, Dependency> s = schedule(graph.graph(), plainDurations(), new long[0], true);
            Response r = graph.work().response();
            return new Estimate(r.endNs(), r.durationNs(), 0, 0, graph.toCriticalPath(s, r.endNs()));
        }
        ScenarioEdits edits = new ScenarioEdits(graph, matcher, position, pathOnly);
        long pathTime = 0;
        boolean[] changed = new boolean[graph.vertexCount()];
        boolean[] movedOff = new boolean[graph.vertexCount()];
        for (Change change : scenario.changes()) {
            List<MatchedSlice> slices = matcher.match(change.target());
            pathTime += PathTime.of(graph, change, slices);
            boolean moves = change instanceof Change.RunInParallel || change instanceof Change.SideBySide;
            for (MatchedSlice m : slices) {
                for (int v : m.vertices()) {
                    changed[v] = true;
                    movedOff[v] |= moves && graph.startNs(v) >= m.startNs() && graph.endNs(v) <= m.endNs();
                }
                int w = m.vertices().length == 0 ? -1 : m.vertices()[0] - 1;
                if (moves && w >= 0 && graph.thread(w) == graph.thread(w + 1)
                        && graph.kind(w) == SegmentKind.QUEUE_WAIT && graph.endNs(w) == m.startNs()) {
                    // a message moved whole takes its queue wait with it
                    movedOff[w] = true;
                }
            }
            edits.apply(change, slices);
        }
        long[] floor = new long[graph.vertexCount()];
        Arrays.fill(floor, Long.MIN_VALUE);
        edits.partial.forEach((v, slices) -> floor[v] = floorOf(v, slices));
        Graph<Integer, Dependency> view = edits.removed.isEmpty() && edits.added.isEmpty()
                ? graph.graph() : new RewiredGraphView<>(graph.graph(), edits.removed, edits.added);
        Schedule<Integer, Dependency> s = schedule(view, edits.duration, floor, true);
        // A queue runs the message due first: where the changes moved when messages are posted,
        // the queues' order follows (docs/what-if.md, "Queues").
        QueueOrder.Rewiring queues = new QueueOrder(graph, movedOff).reorder(view, edits.removed, edits.added,
                timing(edits.duration, floor, true), s);
        List<Integer> order = graph.baseline().order();
        if (queues != null) {
            view = new RewiredGraphView<>(graph.graph(), queues.removed(), queues.added());
            order = null;
            s = schedule(view, edits.duration, floor, true, order, graph.sink());
            pathTime += queues.overtakingPathNs();
        }
        s = lastDraw(view, s, edits.duration, floor, order);
        Response r = graph.work().response();
        long end = r.endNs() + (s.endNs() - graph.baseline().endNs());
        long durationNs = end - r.startNs();
        long saved = r.durationNs() - durationNs;
        double percent = r.durationNs() == 0 ? 0 : 100.0 * saved / r.durationNs();
        CriticalPath path = graph.toCriticalPath(s, end);
        Outcome why = new Outcome(graph, view, s, changed);
        String frame = why.frameMoved();
        String reason = null;
        if (saved <= 0) {
            long frameless = graph.cadence().isEmpty() ? saved
                    : graph.baseline().endNs() - schedule(view, edits.duration, floor, false, order, s.path()
                    .get(s.path().size() - 1)).endNs();
            reason = why.zeroReason(frameless > 0);
        }
        return new Estimate(end, durationNs, saved, percent, path, pathTime, reason, frame);
    }

    private long[] plainDurations() {
        long[] d = new long[graph.vertexCount()];
        for (int v = 0; v < d.length; v++) {
            d[v] = graph.durationNs(v);
        }
        return d;
    }

    /**
     * The schedule of a view with the given durations; {@code frames}: draws wait for the next
     * vsync (the real estimate) or not (to tell a saving the frame absorbed from none at all).
     */
    private Schedule<Integer, Dependency> schedule(Graph<Integer, Dependency> view, long[] duration, long[] floor,
                                                   boolean frames) {
        return schedule(view, duration, floor, frames, graph.baseline().order(), graph.sink());
    }

    /**
     * @param order a topological order of the view, or null to sort it (a queue's new order may
     *              go against the baseline's)
     * @param sink  the vertex whose finish ends the schedule
     */
    private Schedule<Integer, Dependency> schedule(Graph<Integer, Dependency> view, long[] duration, long[] floor,
                                                   boolean frames, List<Integer> order, int sink) {
        // Removing edges, and adding edges that go forward in the baseline's order (ScenarioEdits),
        // keeps that order valid.
        var algorithm = graph.algorithm(view, timing(duration, floor, frames)).withoutSlack();
        return (order == null ? algorithm : algorithm.withOrder(order)).getPath(graph.source(), sink, graph.originNs());
    }

    private VertexTiming<Integer> timing(long[] duration, long[] floor, boolean frames) {
        VertexTiming<Integer> plain = frames ? graph.timing(v -> duration[v])
                : (v, ready) -> ready + duration[v];
        return floor.length == 0 ? plain : (v, ready) -> Math.max(plain.finishNs(v, ready), floor[v]);
    }

    /**
     * The schedule ending at the last of the response's draws: the response ends when the last
     * update it asked for is drawn, and a change (a queue's new order above all) can make another
     * draw than the recorded last one finish last.
     */
    private Schedule<Integer, Dependency> lastDraw(Graph<Integer, Dependency> view, Schedule<Integer, Dependency> s,
                                                   long[] duration, long[] floor, List<Integer> order) {
        int last = graph.sink();
        for (int v : graph.queues().ends()) {
            if (s.isScheduled(v) && s.earliestFinishNs(v) > s.earliestFinishNs(last)) {
                last = v;
            }
        }
        return last == graph.sink() ? s : schedule(view, duration, floor, true, order, last);
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
}
