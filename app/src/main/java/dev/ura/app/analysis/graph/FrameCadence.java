package dev.ura.app.analysis.graph;

import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.Arrays;
import java.util.Optional;

/**
 * A regular frame rhythm (DRAW events every ~16.7 ms on one thread): when one is visible, an update
 * that becomes ready at another time is drawn at the next frame at or after that time, not at once.
 *
 * @param periodNs the frame period, ns
 */
public record FrameCadence(long periodNs) {
    /** At least this many consecutive frame intervals are needed to call it a rhythm. */
    public static final int MIN_INTERVALS = 4;
    public static final long MIN_PERIOD_NS = 4_000_000L;
    public static final long MAX_PERIOD_NS = 50_000_000L;
    /** Share of intervals that must lie within 20 % of the median. */
    public static final double REGULAR_SHARE = 0.6;

    public FrameCadence {
        if (periodNs <= 0) {
            throw new IllegalArgumentException("frame period must be positive: " + periodNs);
        }
    }

    /**
     * The rhythm of the fulfilment events ({@code DRAW}, {@code DRAW_FRAME}) of one thread, if they
     * show one: at least {@value #MIN_INTERVALS} intervals, a median between 4 and 50 ms, and most
     * intervals within 20 % of it. Draws that start less than 4 ms after a frame's first draw
     * count as that frame (an agent log writes one DRAW per view drawn).
     */
    public static Optional<FrameCadence> detect(EventTable events, int thread) {
        int n = 0;
        long[] starts = new long[16];
        for (int i = 0; i < events.size(); i++) {
            EventKind k = events.kind(i);
            if ((k == EventKind.DRAW || k == EventKind.DRAW_FRAME) && events.thread(i) == thread) {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = events.start(i);
            }
        }
        if (n < MIN_INTERVALS + 1) {
            return Optional.empty();
        }
        Arrays.sort(starts, 0, n);
        // One frame may draw several views: an agent log writes a DRAW per view, a method trace one
        // performDraw per frame. Draws starting within the shortest period of a frame's first
        // draw are that frame, so both forms of one run show the same rhythm.
        int frames = 1;
        for (int i = 1; i < n; i++) {
            if (starts[i] - starts[frames - 1] >= MIN_PERIOD_NS) {
                starts[frames++] = starts[i];
            }
        }
        n = frames;
        if (n < MIN_INTERVALS + 1) {
            return Optional.empty();
        }
        long[] gaps = new long[n - 1];
        for (int i = 1; i < n; i++) {
            gaps[i - 1] = starts[i] - starts[i - 1];
        }
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        long median = sorted[sorted.length / 2];
        if (median < MIN_PERIOD_NS || median > MAX_PERIOD_NS) {
            return Optional.empty();
        }
        int regular = 0;
        long sum = 0;
        for (long g : gaps) {
            if (Math.abs(g - median) * 5 <= median) {
                regular++;
                sum += g;
            }
        }
        if (regular < REGULAR_SHARE * gaps.length) {
            return Optional.empty();
        }
        return Optional.of(new FrameCadence(sum / regular));
    }

    /**
     * The first frame at or after {@code readyNs} on the grid through {@code anchorNs}.
     *
     * @param anchorNs a time a frame started (the draw's own start in the trace)
     * @param readyNs  when the update is ready
     */
    public long nextFrameNs(long anchorNs, long readyNs) {
        long k = Math.floorDiv(readyNs - anchorNs + periodNs - 1, periodNs);
        return anchorNs + k * periodNs;
    }
}
