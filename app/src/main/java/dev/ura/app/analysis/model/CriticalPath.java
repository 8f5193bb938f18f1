package dev.ura.app.analysis.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chain of segments that ends at the response end and determines it, in time order.
 *
 * @param segments the chain (unmodifiable)
 * @param endNs    where it ends (the response end, or an estimated end)
 */
public record CriticalPath(List<Segment> segments, long endNs) {
    public CriticalPath {
        segments = List.copyOf(segments);
    }

    /** Sum of segment durations. */
    public long lengthNs() {
        long n = 0;
        for (Segment s : segments) {
            n += s.durationNs();
        }
        return n;
    }

    /** Each thread's share of the path by category, threads in order of their first segment. */
    public List<ThreadPathTotal> byThread() {
        Map<Integer, long[]> sums = new LinkedHashMap<>();
        Map<Integer, String> names = new LinkedHashMap<>();
        for (Segment s : segments) {
            long[] t = sums.computeIfAbsent(s.thread(), k -> new long[5]);
            names.putIfAbsent(s.thread(), s.threadName());
            t[column(s.category())] += s.durationNs();
        }
        List<ThreadPathTotal> out = new ArrayList<>(sums.size());
        sums.forEach((thread, t) -> out.add(new ThreadPathTotal(thread, names.get(thread), t[0], t[1], t[2], t[3], t[4])));
        return List.copyOf(out);
    }

    private static int column(Category c) {
        return switch (c) {
            case CPU, DRAW -> 0;
            case RUNNABLE -> 1;
            case IO, STORAGE -> 2;
            case WAIT, NETWORK, QUEUED -> 3;
            case OTHER -> 4;
        };
    }
}
