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
 *     longer waits for what preceded it; on system traces its thread's lead-in, {@link LeadIn}), and
 *     never more than how much earlier it starts (its recorded start minus the response start);</li>
 * <li>side by side: the same for every matched slice but the first on its thread (the first keeps
 *     its place), with the path's work on other threads inside the slice's span next to it (the
 *     work it hands off and waits for moves with it);</li>
 * <li>speed up ×k: (1 − 1/k) of the slice's own pieces on the path.</li>
 * </ul>
 */
final class PathTime {
    private final ResponseGraph graph;
    private final PathIndex path;
    private final LeadIn leadIn;

    /** The path time of changes to {@code graph}'s response (indexes its recorded path once). */
    PathTime(ResponseGraph graph, LeadIn leadIn) {
        this.graph = graph;
        this.path = new PathIndex(graph);
        this.leadIn = leadIn;
    }

    static long of(ResponseGraph graph, Change change, List<MatchedSlice> slices) {
        return new PathTime(graph, new LeadIn(graph)).of(change, slices);
    }

    /** The time {@code change}, which matched {@code slices}, takes off the recorded path. */
    long of(Change change, List<MatchedSlice> slices) {
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
                total += Math.min(insideOnPath(graph, path, m) + queuedOnPath(m),
                        Math.max(0, m.startNs() - graph.originNs()));
            } else if (change instanceof Change.SideBySide) {
                total += spanOnPath(graph, path, m);
            } else {
                total += insideOnPath(graph, path, m);
            }
        }
        return Math.round(total);
    }

    /**
     * The queue wait just before the slice (a dispatch waiting for its thread), when on the path; on
     * a system trace, when the path reaches the slice at its start, the path's time over the slice's
     * lead-in on its thread ({@link LeadIn}: the sleeps, wakeup chains and CPU waits it no longer
     * waits for). The recorded path runs without gaps from the response start, so that time is the
     * lead-in's length from the response start on.
     */
    private long queuedOnPath(MatchedSlice m) {
        int first = m.vertices()[0];
        if (leadIn.applies()) {
            boolean atStart = graph.startNs(first) >= m.startNs() && graph.baseline().isOnPath(first);
            return atStart ? Math.max(0, m.startNs() - leadIn.startNs(first)) : 0;
        }
        int w = first - 1;
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
    private static long insideOnPath(ResponseGraph graph, PathIndex path, MatchedSlice m) {
        int[] range = path.within(m.slice().thread(), m.startNs(), m.endNs());
        long sum = 0;
        for (int i = range[0]; range[0] >= 0 && i <= range[1]; i++) {
            sum += overlap(graph, path.path.get(i), m.startNs(), m.endNs());
        }
        return sum;
    }

    /**
     * Side by side: {@link #insideOnPath}, widened along the path to the work of other threads
     * inside the slice's span just before and after it (the request the piece handed off and
     * waited for, which moves with it: docs/what-if.md, "Run side by side").
     */
    private static long spanOnPath(ResponseGraph graph, PathIndex path, MatchedSlice m) {
        int[] range = path.within(m.slice().thread(), m.startNs(), m.endNs());
        if (range[0] < 0) {
            return 0;
        }
        int from = range[0];
        while (from > 0 && graph.endNs(path.path.get(from - 1)) > m.startNs()) {
            from--;
        }
        int to = range[1];
        while (to + 1 < path.path.size() && graph.startNs(path.path.get(to + 1)) < m.endNs()) {
            to++;
        }
        long sum = 0;
        for (int i = from; i <= to; i++) {
            sum += overlap(graph, path.path.get(i), m.startNs(), m.endNs());
        }
        return sum;
    }

    /**
     * The recorded path's positions thread by thread, so that each slice finds its first and last
     * piece on the path without a walk along the whole path (a change that matches thousands of
     * slices on a path of tens of thousands of pieces took seconds that way).
     */
    private static final class PathIndex {
        final List<Integer> path;
        private final ResponseGraph graph;
        /** Per thread: its positions on the path, in path order, or null when the thread has none. */
        private final int[][] positions;
        /** Per thread: whether its pieces' starts and ends never go back along the path (then a binary search finds a slice's pieces). */
        private final boolean[] monotonic;

        PathIndex(ResponseGraph graph) {
            this.graph = graph;
            this.path = graph.baseline().path();
            int threads = 0;
            for (int v : path) {
                threads = Math.max(threads, graph.thread(v) + 1);
            }
            int[] counts = new int[threads];
            for (int v : path) {
                counts[graph.thread(v)]++;
            }
            positions = new int[threads][];
            monotonic = new boolean[threads];
            for (int t = 0; t < threads; t++) {
                positions[t] = counts[t] == 0 ? null : new int[counts[t]];
                monotonic[t] = true;
            }
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < path.size(); i++) {
                int t = graph.thread(path.get(i));
                int k = counts[t]++;
                positions[t][k] = i;
                if (k > 0) {
                    int u = path.get(positions[t][k - 1]);
                    int v = path.get(i);
                    monotonic[t] &= graph.startNs(u) <= graph.startNs(v) && graph.endNs(u) <= graph.endNs(v);
                }
            }
        }

        /**
         * The first and last path positions of {@code thread}'s pieces that overlap {@code (from,
         * to)} (end after {@code from}, start before {@code to}), or {@code {-1, -1}}. Where the
         * thread's pieces go forward in time along the path (every recorded path), those positions
         * are one run of the thread's list: two binary searches find it.
         */
        int[] within(int thread, long from, long to) {
            int[] ps = thread < positions.length ? positions[thread] : null;
            if (ps == null) {
                return new int[] {-1, -1};
            }
            if (!monotonic[thread]) {
                int first = -1;
                int last = -1;
                for (int p : ps) {
                    int v = path.get(p);
                    if (graph.endNs(v) > from && graph.startNs(v) < to) {
                        first = first < 0 ? p : first;
                        last = p;
                    }
                }
                return new int[] {first, last};
            }
            // ends never decrease: the first piece ending after from
            int lo = 0;
            int hi = ps.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (graph.endNs(path.get(ps[mid])) > from) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            int first = lo;
            // starts never decrease: the last piece starting before to
            lo = first;
            hi = ps.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (graph.startNs(path.get(ps[mid])) < to) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int last = lo - 1;
            return first <= last ? new int[] {ps[first], ps[last]} : new int[] {-1, -1};
        }
    }

    private static long overlap(ResponseGraph graph, int v, long a, long b) {
        return Math.max(0, Math.min(b, graph.endNs(v)) - Math.max(a, graph.startNs(v)));
    }
}
