package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Change;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The time a change takes off the recorded critical path (docs/what-if.md, "The bound"): no
 * change saves more, unless the draw crosses a vsync.
 * <ul>
 * <li>defer: for each matched slice, the path's time inside it, from where the path first reaches
 *     the slice's thread inside the slice to where it last leaves it (waits for other threads
 *     inside the slice included);</li>
 * <li>run in parallel: the same plus the time the slice queued on the path before it ran (it no
 *     longer waits for what preceded it), and never more than how much earlier it starts (its
 *     recorded start minus the response start);</li>
 * <li>side by side: the same for every matched slice but the first on its thread (the first keeps
 *     its place);</li>
 * <li>speed up ×k: (1 − 1/k) of the slice's own pieces on the path.</li>
 * </ul>
 */
final class PathTime {
    private PathTime() {
    }

    static long of(ResponseGraph graph, Change change, List<MatchedSlice> slices) {
        List<Integer> path = graph.baseline().path();
        Map<Integer, Long> firstStart = new HashMap<>();
        if (change instanceof Change.SideBySide) {
            for (MatchedSlice m : slices) {
                firstStart.merge(m.slice().thread(), m.startNs(), Math::min);
            }
        }
        double total = 0;
        for (MatchedSlice m : slices) {
            if (change instanceof Change.SideBySide && firstStart.get(m.slice().thread()) == m.startNs()) {
                continue;
            }
            if (change instanceof Change.SpeedUp up) {
                total += ownOnPath(graph, m) * (1 - 1 / up.factor());
            } else if (change instanceof Change.RunInParallel) {
                total += Math.min(insideOnPath(graph, path, m) + queuedOnPath(graph, m),
                        Math.max(0, m.startNs() - graph.originNs()));
            } else {
                total += insideOnPath(graph, path, m);
            }
        }
        return Math.round(total);
    }

    /** The queue wait just before the slice (a dispatch waiting for its thread), when on the path. */
    private static long queuedOnPath(ResponseGraph graph, MatchedSlice m) {
        int w = m.vertices()[0] - 1;
        boolean entry = w >= 0 && graph.thread(w) == m.slice().thread() && graph.kind(w).isWait()
                && graph.endNs(w) == m.startNs();
        return entry && graph.baseline().isOnPath(w) ? graph.durationNs(w) : 0;
    }

    /** The slice's own pieces on the path, ns. */
    private static long ownOnPath(ResponseGraph graph, MatchedSlice m) {
        long sum = 0;
        for (int v : m.vertices()) {
            if (graph.baseline().isOnPath(v)) {
                sum += overlap(graph, v, m.startNs(), m.endNs());
            }
        }
        return sum;
    }

    /** The path's time within the slice, between its first and last piece on the slice's thread. */
    private static long insideOnPath(ResponseGraph graph, List<Integer> path, MatchedSlice m) {
        int thread = m.slice().thread();
        int from = -1;
        int to = -1;
        for (int i = 0; i < path.size(); i++) {
            int v = path.get(i);
            if (graph.thread(v) == thread && graph.endNs(v) > m.startNs() && graph.startNs(v) < m.endNs()) {
                from = from < 0 ? i : from;
                to = i;
            }
        }
        long sum = 0;
        for (int i = Math.max(0, from); from >= 0 && i <= to; i++) {
            sum += overlap(graph, path.get(i), m.startNs(), m.endNs());
        }
        return sum;
    }

    private static long overlap(ResponseGraph graph, int v, long a, long b) {
        return Math.max(0, Math.min(b, graph.endNs(v)) - Math.max(a, graph.startNs(v)));
    }
}
