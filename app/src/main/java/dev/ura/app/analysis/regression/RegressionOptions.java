package dev.ura.app.analysis.regression;

/**
 * Settings of a regression check (the {@code ura regress} options).
 *
 * @param window       M: the anomaly baseline and the "newest runs" that decide the verdict
 * @param sigmas       N: anomaly threshold in standard deviations
 * @param alpha        E-Divisive significance level
 * @param permutations E-Divisive permutations R
 * @param minSize      E-Divisive minimum segment length
 * @param seed         seed of the permutations
 * @param history      E-Divisive analyses at most this many most recent runs (0: all)
 */
public record RegressionOptions(int window, double sigmas, double alpha, int permutations, int minSize, long seed,
                                int history) {
    /** Default E-Divisive history: enough for long CI series at a bounded cost (≈ 0.5 s for 500 runs, R = 199). */
    public static final int DEFAULT_HISTORY = 500;

    /** The contract's defaults: window 40, 4 sigmas, alpha 0.05, 199 permutations, min size 30, seed 1. */
    public static RegressionOptions defaults() {
        return new RegressionOptions(AnomalyDetector.DEFAULT_WINDOW, AnomalyDetector.DEFAULT_SIGMAS,
                EDivisiveAlgorithm.DEFAULT_ALPHA, EDivisiveAlgorithm.DEFAULT_PERMUTATIONS,
                EDivisiveAlgorithm.DEFAULT_MIN_SIZE, EDivisiveAlgorithm.DEFAULT_SEED, DEFAULT_HISTORY);
    }
}
