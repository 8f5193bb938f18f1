package dev.ura.app.analysis.model;

import java.util.List;

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
}
