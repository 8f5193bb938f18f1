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
import java.util.function.Consumer;

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
    private final PathTime pathTimes;
    private final LeadIn leadIn;
    /** Each vertex's place in the baseline's topological order: added edges must go forward in it. */
    private final int[] position;
    /** Edges that only record the recorded path's way (system traces): no scenario keeps them. */
    private final Set<Dependency> pathOnly = new HashSet<>();

    /** An estimator for scenarios of one response; reusable, and safe to share (estimates only read). */
    public WhatIfEstimator(ResponseGraph graph) {
        this.graph = graph;
        this.matcher = new SliceMatcher(graph);
        this.leadIn = new LeadIn(graph);
        this.pathTimes = new PathTime(graph, leadIn);
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
        Run run = run(scenario, edits -> { });
        ScenarioEdits edits = run.edits();
        Graph<Integer, Dependency> view = run.view();
        Schedule<Integer, Dependency> s = run.schedule();
        List<Integer> order = run.order();
        long[] floor = run.floor();
        long pathTime = run.pathTime();
        boolean[] changed = run.changed();
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
                    : graph.baseline().endNs() - schedule(view, edits.duration, floor, null, order, s.path()
                    .get(s.path().size() - 1)).endNs();
            reason = why.zeroReason(frameless > 0);
        }
        DurationEvidence evidence = new DurationEvidence(graph);
        List<DurationEvidence.Piece> pieces = evidence(scenario, evidence);
        return new Estimate(end, durationNs, saved, percent, path, pathTime, reason, frame,
                Assumption.of(scenario, pieces), range(scenario, evidence, pieces, durationNs));
    }

    /**
     * Only what the scenario saves, ns, as {@link #estimate} has it: for findings and per-change
     * figures, which show no assumption, range, path or reason (the range alone is two more full
     * schedules of the response).
     */
    public long savedNs(Scenario scenario) {
        return scenario.isEmpty() ? 0 : graph.work().response().durationNs() - durationOf(run(scenario, edits -> { }));
    }

    /**
     * What the changes do to the graph: new durations and edges (after {@code preset}, which may
     * change the recorded durations and edges first), the schedule, re-ordered queues and the end
     * at the last draw.
     */
    private Run run(Scenario scenario, Consumer<ScenarioEdits> preset) {
        ScenarioEdits edits = new ScenarioEdits(graph, matcher, position, pathOnly, leadIn);
        preset.accept(edits);
        long pathTime = 0;
        boolean[] changed = new boolean[graph.vertexCount()];
        boolean[] movedOff = new boolean[graph.vertexCount()];
        for (Change change : scenario.changes()) {
            List<MatchedSlice> slices = matcher.match(change.target());
            pathTime += pathTimes.of(change, slices);
            boolean moves = moves(change);
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
        boolean[] drawnTogether = new boolean[graph.vertexCount()];
        edits.partial.forEach((v, slices) -> floor[v] = floorOf(v, slices));
        List<RewiredGraphView.AddedEdge<Integer, Dependency>> added = edits.added();
        Graph<Integer, Dependency> view = edits.removed.isEmpty() && added.isEmpty()
                ? graph.graph() : new RewiredGraphView<>(graph.graph(), edits.removed, added);
        Schedule<Integer, Dependency> s = schedule(view, edits.duration, floor, true);
        // A queue runs the message due first: where the changes moved when messages are posted,
        // the queues' order follows (docs/what-if.md, "Queues").
        QueueOrder.Rewiring queues = new QueueOrder(graph, movedOff).reorder(view, edits.removed, added,
                timing(edits.duration, floor, drawnTogether), s);
        List<Integer> order = graph.baseline().order();
        if (queues != null) {
            view = new RewiredGraphView<>(graph.graph(), queues.removed(), queues.added());
            order = null;
            // a frame drawn by an earlier one it joined takes no time of its own and waits for no vsync
            boolean[] joined = queues.drawnByEarlierFrame();
            for (int v = 0; v < joined.length; v++) {
                if (joined[v]) {
                    edits.duration[v] = 0;
                    floor[v] = Long.MIN_VALUE;
                    drawnTogether[v] = true;
                }
            }
            s = schedule(view, edits.duration, floor, drawnTogether, order, graph.sink());
            pathTime += queues.overtakingPathNs();
        }
        s = lastDraw(view, s, edits.duration, floor, drawnTogether, order);
        return new Run(edits, view, s, order, floor, drawnTogether, pathTime, changed);
    }

    /** The graph, schedule and bookkeeping of one scenario. */
    private record Run(ScenarioEdits edits, Graph<Integer, Dependency> view, Schedule<Integer, Dependency> schedule,
                       List<Integer> order, long[] floor, boolean[] drawnTogether, long pathTime,
                       boolean[] changed) {
    }

    private static boolean moves(Change change) {
        return change instanceof Change.RunInParallel || change instanceof Change.SideBySide;
    }

    /** The moved calls whose duration the trace shows varying (run in parallel, side by side). */
    private List<DurationEvidence.Piece> evidence(Scenario scenario, DurationEvidence evidence) {
        List<MatchedSlice> moved = new ArrayList<>();
        for (Change change : scenario.changes()) {
            if (moves(change)) {
                moved.addAll(matcher.match(change.target()));
            }
        }
        return moved.isEmpty() ? List.of() : evidence.of(moved);
    }

    /**
     * The estimate again with every piece at the fastest and at the slowest recorded duration of
     * its work (docs/what-if.md, "Assumption and range"); it always contains the estimate itself.
     */
    private Estimate.Range range(Scenario scenario, DurationEvidence evidence, List<DurationEvidence.Piece> pieces,
                                 long durationNs) {
        if (pieces.isEmpty()) {
            return null;
        }
        long fastest = durationOf(run(scenario, edits -> pieces.forEach(p -> evidence.take(edits, p, p.fastestNs()))));
        long slowest = durationOf(run(scenario, edits -> pieces.forEach(p -> evidence.take(edits, p, p.slowestNs()))));
        return new Estimate.Range(Math.min(fastest, durationNs), Math.max(slowest, durationNs),
                Assumption.evidence(pieces));
    }

    private long durationOf(Run run) {
        return graph.work().response().durationNs() + run.schedule().endNs() - graph.baseline().endNs();
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
        return schedule(view, duration, floor, frames ? new boolean[0] : null, graph.baseline().order(), graph.sink());
    }

    /**
     * @param drawnTogether null: no vsync waits; else per vertex (or none) whether it is a frame
     *                      drawn by an earlier frame it joined, which waits for no vsync of its own
     * @param order         a topological order of the view, or null to sort it (a queue's new order
     *                      may go against the baseline's)
     * @param sink          the vertex whose finish ends the schedule
     */
    private Schedule<Integer, Dependency> schedule(Graph<Integer, Dependency> view, long[] duration, long[] floor,
                                                   boolean[] drawnTogether, List<Integer> order, int sink) {
        // Removing edges, and adding edges that go forward in the baseline's order (ScenarioEdits),
        // keeps that order valid.
        var algorithm = graph.algorithm(view, timing(duration, floor, drawnTogether)).withoutSlack();
        return (order == null ? algorithm : algorithm.withOrder(order)).getPath(graph.source(), sink, graph.originNs());
    }

    private VertexTiming<Integer> timing(long[] duration, long[] floor, boolean[] drawnTogether) {
        VertexTiming<Integer> framed = graph.timing(v -> duration[v]);
        VertexTiming<Integer> plain = drawnTogether == null ? (v, ready) -> ready + duration[v]
                : drawnTogether.length == 0 ? framed
                : (v, ready) -> drawnTogether[v] ? ready + duration[v] : framed.finishNs(v, ready);
        return floor.length == 0 ? plain : (v, ready) -> Math.max(plain.finishNs(v, ready), floor[v]);
    }

    /**
     * The schedule ending at the last of the response's draws: the response ends when the last
     * update it asked for is drawn, and a change (a queue's new order above all) can make another
     * draw than the recorded last one finish last.
     */
    private Schedule<Integer, Dependency> lastDraw(Graph<Integer, Dependency> view, Schedule<Integer, Dependency> s,
                                                   long[] duration, long[] floor, boolean[] drawnTogether,
                                                   List<Integer> order) {
        int last = graph.sink();
        for (int v : graph.queues().ends()) {
            if (s.isScheduled(v) && s.earliestFinishNs(v) > s.earliestFinishNs(last)) {
                last = v;
            }
        }
        return last == graph.sink() ? s : schedule(view, duration, floor, drawnTogether, order, last);
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
