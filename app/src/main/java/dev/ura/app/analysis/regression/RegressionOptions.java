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
 * @param history      change points are searched in at most this many most recent runs (0: all), never
 *                     more than {@link #MAX_HISTORY}
 * @param method       the change-point detector ({@link ChangePointMethod#HUNTER} uses {@code alpha} as its
 *                     p-value threshold and ignores permutations, min size and seed)
 */
public record RegressionOptions(int window, double sigmas, double alpha, int permutations, int minSize, long seed,
                                int history, ChangePointMethod method) {
    /** Otava's default sliding-window length for {@link ChangePointMethod#HUNTER}. */
    public static final int HUNTER_WINDOW = 50;

    /**
     * The most runs change points are searched in, whatever {@code history} asks (0 = all included):
     * E-Divisive is quadratic per split and permutation, so a million-run series would take hours.
     */
    public static final int MAX_HISTORY = 2000;

    /** The history actually searched in a series of {@code n} runs: the newest min(history or n, cap). */
    public int effectiveHistory(int n) {
        int wanted = history <= 0 ? n : Math.min(history, n);
        return Math.min(wanted, MAX_HISTORY);
    }

    /** Default E-Divisive history: enough for long CI series at a bounded cost (≈ 0.5 s for 500 runs, R = 199). */
    public static final int DEFAULT_HISTORY = 500;

    /** The same options with another change-point method. */
    public RegressionOptions withMethod(ChangePointMethod m) {
        return new RegressionOptions(window, sigmas, alpha, permutations, minSize, seed, history, m);
    }

    /**
     * The contract's defaults: window 40, 4 sigmas, alpha 0.05, 199 permutations, min size 30, seed 1;
     * E-Divisive over the newest 500 runs.
     */
    public static RegressionOptions defaults() {
        return new RegressionOptions(AnomalyDetector.DEFAULT_WINDOW, AnomalyDetector.DEFAULT_SIGMAS,
                EDivisiveAlgorithm.DEFAULT_ALPHA, EDivisiveAlgorithm.DEFAULT_PERMUTATIONS,
                EDivisiveAlgorithm.DEFAULT_MIN_SIZE, EDivisiveAlgorithm.DEFAULT_SEED, DEFAULT_HISTORY,
                ChangePointMethod.E_DIVISIVE);
    }
}
