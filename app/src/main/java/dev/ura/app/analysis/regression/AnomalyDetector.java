package dev.ura.app.analysis.regression;

import java.util.ArrayList;
import java.util.List;

/**
 * Flags runs more than N standard deviations above the mean of the previous M runs (a rolling
 * baseline that includes earlier anomalies: after a lasting shift the baseline catches up, and the
 * shift itself is the change-point detector's business). The price: one huge spike inflates the
 * standard deviation of the next M baselines and can hide a smaller anomaly among them. Only increases
 * are flagged: for response times, faster is never a regression.
 *
 * <p>A baseline that is perfectly flat would turn any difference into infinitely many sigmas; its
 * standard deviation is therefore floored at 0.1 % of the baseline mean (or 1e-12 when the mean is 0),
 * so that a 1 µs jitter on identical timings is not an alarm while a real jump still is.
 */
public final class AnomalyDetector {
    public static final int DEFAULT_WINDOW = 40;
    public static final double DEFAULT_SIGMAS = 4;
    /** Fewer previous runs than this give no verdict. */
    public static final int DEFAULT_MIN_HISTORY = 5;
    static final double RELATIVE_FLOOR = 1e-3;

    private final int window;
    private final double sigmas;
    private final int minHistory;

    /**
     * @param window     M, how many previous runs make the baseline (≥ 2)
     * @param sigmas     N, how far above the baseline mean a run must be (&gt; 0)
     * @param minHistory how many previous runs are needed at least (2 ≤ minHistory ≤ window)
     */
    public AnomalyDetector(int window, double sigmas, int minHistory) {
        if (window < 2 || !(sigmas > 0) || minHistory < 2 || minHistory > window) {
            throw new IllegalArgumentException("bad anomaly settings: window " + window + ", sigmas " + sigmas
                    + ", min history " + minHistory);
        }
        this.window = window;
        this.sigmas = sigmas;
        this.minHistory = minHistory;
    }

    /** M = 40, N = 4, at least 5 previous runs (or M when M is smaller). */
    public static AnomalyDetector withDefaults() {
        return new AnomalyDetector(DEFAULT_WINDOW, DEFAULT_SIGMAS, DEFAULT_MIN_HISTORY);
    }

    /**
     * The anomalies of {@code values}, in index order. O(n): the baseline's sums slide with the
     * window (one value in, one out), so a window of a million runs costs what a window of 40 does.
     */
    public List<Anomaly> detect(double[] values) {
        List<Anomaly> out = new ArrayList<>();
        SlidingMoments baseline = new SlidingMoments(values);
        for (int i = minHistory; i < values.length; i++) {
            int from = Math.max(0, i - window);
            baseline.moveTo(from, i);
            double mean = baseline.mean();
            double stddev = baseline.std();
            double floor = Math.max(RELATIVE_FLOOR * Math.abs(mean), 1e-12);
            double used = Math.max(stddev, floor);
            double distance = (values[i] - mean) / used;
            if (distance > sigmas) {
                out.add(new Anomaly(i, values[i], mean, used, distance));
            }
        }
        return List.copyOf(out);
    }
}
