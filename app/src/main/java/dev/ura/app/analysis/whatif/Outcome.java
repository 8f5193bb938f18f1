package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.Schedule;
import dev.ura.app.analysis.graph.SegmentKind;

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
    private final boolean[] changed;

    Outcome(ResponseGraph graph, Schedule<Integer, Dependency> estimate, boolean[] changed) {
        this.graph = graph;
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

    /** Along the new path after the change: the first unchanged piece that starts no earlier than recorded, and what it waits for. */
    private String waitsForSomethingElse() {
        Schedule<Integer, Dependency> base = graph.baseline();
        List<Integer> path = estimate.path();
        boolean passed = false;
        for (int v : path) {
            if (changed[v] || (base.isScheduled(v) && estimate.earliestFinishNs(v) < base.earliestFinishNs(v))) {
                passed = true;
                continue;
            }
            if (!passed || !base.isScheduled(v) || estimate.earliestStartNs(v) < base.earliestStartNs(v)) {
                continue;
            }
            Dependency in = estimate.criticalEdgeInto(v);
            int u = in == null ? v : graph.graph().getEdgeSource(in);
            String who = graph.threadName(v);
            if (graph.kind(v) == SegmentKind.FRAME_WAIT) {
                return who + " then waits for the frame as before: " + graph.name(v);
            }
            if (in != null && graph.thread(u) != graph.thread(v)) {
                return who + " then waits for " + graph.name(u) + " on " + graph.threadName(u)
                        + ", which did not move: nothing gained";
            }
            return who + " then waits for " + graph.name(v) + ", which did not move: nothing gained";
        }
        return "the critical path then waits for the same work as recorded: nothing gained";
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
