package dev.ura.app.analysis.regression;

/**
 * Mean and sample standard deviation of a window {@code [from, to)} of a series that only moves
 * forward. Sums are kept relative to a pivot near the window's mean, so that subtracting the
 * values that leave costs no precision to cancellation; the sums are recomputed from scratch once
 * the window has moved by its own length (O(1) amortised) so rounding never accumulates. Short
 * windows are summed directly, with the same arithmetic as {@link Segments}.
 */
final class SlidingMoments {
    /** Windows up to this long are summed directly each time (exactly what {@link Segments} gives). */
    static final int DIRECT = 256;

    private final double[] x;
    private int from;
    private int to;
    private double pivot;
    private double s1;
    private double s2;
    private int sinceExact;

    SlidingMoments(double[] x) {
        this.x = x;
    }

    /** Moves the window to {@code [newFrom, newTo)}; both bounds never decrease. */
    void moveTo(int newFrom, int newTo) {
        if (newTo - newFrom <= DIRECT) {
            from = newFrom;
            to = newTo;
            sinceExact = Integer.MAX_VALUE; // the next long window starts from an exact sum
            return;
        }
        int length = newTo - newFrom;
        if (sinceExact >= length || newFrom >= to) {
            from = newFrom;
            to = newTo;
            exact();
            return;
        }
        for (int i = to; i < newTo; i++) {
            double d = x[i] - pivot;
            s1 += d;
            s2 += d * d;
            sinceExact++;
        }
        for (int i = from; i < newFrom; i++) {
            double d = x[i] - pivot;
            s1 -= d;
            s2 -= d * d;
        }
        from = newFrom;
        to = newTo;
    }

    double mean() {
        int n = to - from;
        if (n <= DIRECT) {
            return Segments.mean(x, from, to);
        }
        return pivot + s1 / n;
    }

    /** Sample standard deviation (divisor n - 1); 0 for fewer than two points. */
    double std() {
        int n = to - from;
        if (n <= DIRECT) {
            return Segments.std(x, from, to, 1);
        }
        double ss = s2 - s1 * s1 / n;
        return Math.sqrt(Math.max(0, ss) / (n - 1));
    }

    private void exact() {
        pivot = Segments.mean(x, from, to);
        s1 = 0;
        s2 = 0;
        for (int i = from; i < to; i++) {
            double d = x[i] - pivot;
            s1 += d;
            s2 += d * d;
        }
        sinceExact = 0;
    }
}
