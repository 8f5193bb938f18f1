package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.Schedule;
import dev.ura.app.analysis.graph.SegmentKind;
import org.jgrapht.Graph;

import java.util.List;
import java.util.Locale;

/**
 * What an estimate's schedule says about its saving, in words (docs/what-if.md, "Every zero says
 * why"): which vsync the draw moved across, and why a change saved nothing — it is not on the
 * critical path; the frame absorbed it (naming the vsync); or the thread then waits for something
 * else (naming it).
 */
final class Outcome {
    private final ResponseGraph graph;
    private final Schedule<Integer, Dependency> estimate;
    /** The graph the estimate was scheduled on: its critical edges may be ones the changes added. */
    private final Graph<Integer, Dependency> changedGraph;
    private final boolean[] changed;

    Outcome(ResponseGraph graph, Graph<Integer, Dependency> changedGraph, Schedule<Integer, Dependency> estimate,
            boolean[] changed) {
        this.graph = graph;
        this.changedGraph = changedGraph;
        this.estimate = estimate;
        this.changed = changed;
    }

    /** "drawn on the vsync at X ms instead of Y ms" when the last frame wait on the path moved, else null. */
    String frameMoved() {
        int w = lastFrameWait();
        if (w < 0 || graph.cadence().isEmpty() || !graph.baseline().isScheduled(w)) {
            return null;
        }
        long now = estimate.earliestFinishNs(w);
        long was = graph.baseline().earliestFinishNs(w);
        return now == was ? null : "drawn on the vsync at " + ms(now) + " instead of " + ms(was) + " (" + every() + ")";
    }

    /**
     * Why nothing was saved.
     *
     * @param framelessSaves whether the same change saves time when draws do not wait for a vsync
     */
    String zeroReason(boolean framelessSaves) {
        Schedule<Integer, Dependency> base = graph.baseline();
        boolean any = false;
        long slack = Long.MAX_VALUE;
        for (int v = 0; v < changed.length; v++) {
            if (!changed[v]) {
                continue;
            }
            any = true;
            if (base.isOnPath(v)) {
                slack = 0;
            } else if (base.isScheduled(v)) {
                slack = Math.min(slack, base.slackNs(v));
            }
        }
        if (!any) {
            return "the change selects no work of this response";
        }
        if (slack > 0) {
            return slack == Long.MAX_VALUE ? "not on the critical path: the response's end does not wait for it"
                    : "not on the critical path: it could take " + ms(slack) + " longer without delaying the end";
        }
        if (framelessSaves) {
            int w = lastFrameWait();
            String at = w < 0 ? "" : " at " + ms(estimate.earliestFinishNs(w));
            return "absorbed by the frame: the update is still drawn on the vsync" + at + " (" + every() + ")";
        }
        return waitsForSomethingElse();
    }

    /**
     * The first changed piece on the recorded path; after it, the first piece of its thread that
     * starts no earlier than recorded although the thread got there sooner: what it waits for
     * (and what that waited for, when it did not move either).
     */
    private String waitsForSomethingElse() {
        Schedule<Integer, Dependency> base = graph.baseline();
        int c = -1;
        for (int v : base.path()) {
            if (changed[v]) {
                c = v;
                break;
            }
        }
        if (c < 0) {
            return "the critical path then waits for the same work as recorded: nothing gained";
        }
        int thread = graph.thread(c);
        for (int w = c + 1; w < graph.vertexCount() && graph.thread(w) == thread; w++) {
            if (changed[w] || !base.isScheduled(w) || !estimate.isScheduled(w)
                    || estimate.earliestStartNs(w) < base.earliestStartNs(w)) {
                continue;
            }
            if (graph.kind(w) == SegmentKind.FRAME_WAIT) {
                return graph.threadName(w) + " then waits for the frame as before: " + graph.name(w);
            }
            Dependency in = estimate.criticalEdgeInto(w);
            int u = in == null ? -1 : changedGraph.getEdgeSource(in);
            if (u < 0 || graph.thread(u) == thread) {
                continue;
            }
            return graph.threadName(w) + " then waits for " + graph.name(u) + " on " + graph.threadName(u)
                    + behind(u, thread) + ", which did not move: nothing gained";
        }
        return "the critical path then waits for the same work as recorded: nothing gained";
    }

    /** ", which waits for X on Y" when {@code u}'s unmoved run on its thread began with a wait for another thread. */
    private String behind(int u, int origin) {
        Schedule<Integer, Dependency> base = graph.baseline();
        int x = u;
        for (int steps = 0; steps < graph.vertexCount(); steps++) {
            Dependency in = estimate.criticalEdgeInto(x);
            if (in == null) {
                return "";
            }
            int y = changedGraph.getEdgeSource(in);
            if (!base.isScheduled(y) || estimate.earliestFinishNs(y) != base.earliestFinishNs(y)) {
                return "";
            }
            if (graph.thread(y) == graph.thread(x)) {
                x = y;
                continue;
            }
            return graph.thread(y) == origin || graph.kind(y) == SegmentKind.START ? ""
                    : " (which waits for " + graph.name(y) + " on " + graph.threadName(y) + ")";
        }
        return "";
    }

    private int lastFrameWait() {
        List<Integer> path = estimate.path();
        for (int i = path.size() - 1; i >= 0; i--) {
            if (graph.kind(path.get(i)) == SegmentKind.FRAME_WAIT) {
                return path.get(i);
            }
        }
        return -1;
    }

    private String every() {
        return graph.cadence().map(c -> "vsync every " + ms(c.periodNs())).orElse("no vsync");
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }
}
