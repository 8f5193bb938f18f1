package dev.ura.app.analysis.regression;

import java.util.Random;

/**
 * Finds a level shift among the newest runs, where E-Divisive cannot look: it needs
 * {@code minSize} runs on each side of a split, so a shift in the newest runs waited
 * {@code minSize} runs to be found, and a shift fewer than {@code minSize} runs from the end was
 * pinned {@code minSize} runs from the end, too early.
 *
 * <p>The newest runs {@code x[from:n]} (from = the last change point, or {@code baseline} runs
 * before the longest tail) are split at every τ leaving a tail of 1 to {@code maxTail} runs and a
 * baseline of at least {@link #MIN_BASELINE} runs; the best split is reported only when its tail
 * has at least {@code minTail} runs (shorter ones are scored so that a spike, or the first two runs
 * of a shift, are not taken for a shift placed too early). Each split is scored
 * with the energy statistic E-Divisive uses (its U-statistic Q̂ with κ = n; absolute differences,
 * so one spike counts linearly, and a lone spike in a short tail raises the within-tail distances
 * as much as the cross ones). The best split is kept when the permutation test of the best score
 * gives p ≤ α: each of the R permutations shuffles {@code x[from:n]} and takes the best score over
 * the same splits, so scanning many tails costs no extra false alarms. A seeded
 * {@link Random} drives the shuffles: equal inputs give equal results.
 */
final class TailShiftDetector {
    /** Fewer runs before the split than this give no verdict. */
    static final int MIN_BASELINE = 10;
    /** A shift needs this many runs to be told apart from a spike. */
    static final int DEFAULT_MIN_TAIL = 3;

    private final int minTail;
    private final int maxTail;
    private final int baseline;
    private final double alpha;
    private final int permutations;
    private final long seed;

    /**
     * @param minTail      fewest runs after the shift
     * @param maxTail      most runs after the shift (longer tails are E-Divisive's)
     * @param baseline     runs before the longest tail that make the baseline (at most)
     * @param alpha        significance level
     * @param permutations R
     * @param seed         seed of the shuffles
     */
    TailShiftDetector(int minTail, int maxTail, int baseline, double alpha, int permutations, long seed) {
        this.minTail = Math.max(1, minTail);
        this.maxTail = maxTail;
        this.baseline = Math.max(MIN_BASELINE, baseline);
        this.alpha = alpha;
        this.permutations = permutations;
        this.seed = seed;
    }

    /**
     * The shift among the newest runs of {@code series} after index {@code from}, or {@code null}.
     *
     * @param longestTail the longest tail to try here (at most the detector's own maximum)
     */
    ChangePoint find(double[] series, int from, int longestTail) {
        int n = series.length;
        int longest = Math.min(Math.min(maxTail, longestTail), n - from - MIN_BASELINE);
        if (longest < minTail) {
            return null;
        }
        int start = Math.max(from, n - longest - baseline);
        double[] x = java.util.Arrays.copyOfRange(series, start, n);
        int firstTau = x.length - longest;
        // Shorter tails are scored too, though never reported: two slow runs after a shift, or one
        // spike, must not be placed as a shift one run too early.
        int lastTau = x.length - 1;
        Best observed = best(x, firstTau, lastTau);
        if (!(observed.score > 0) || x.length - observed.tau < minTail) {
            return null;
        }
        double p = pValue(x, firstTau, lastTau, observed.score);
        if (p > alpha) {
            return null;
        }
        int index = start + observed.tau;
        return new ChangePoint(index, Segments.mean(series, from, index), Segments.mean(series, index, n), p,
                observed.score);
    }

    private double pValue(double[] x, int firstTau, int lastTau, double observed) {
        Random random = new Random(seed);
        double[] shuffled = x.clone();
        int atLeastAsLarge = 0;
        // Beyond this count the shift cannot reach alpha: stop shuffling.
        int hopeless = (int) Math.floor(alpha * (permutations + 1));
        for (int r = 0; r < permutations; r++) {
            System.arraycopy(x, 0, shuffled, 0, x.length);
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            if (best(shuffled, firstTau, lastTau).score >= observed) {
                atLeastAsLarge++;
                if (atLeastAsLarge >= hopeless) {
                    return (atLeastAsLarge + 1.0) / (r + 2.0);
                }
            }
        }
        return (atLeastAsLarge + 1.0) / (permutations + 1.0);
    }

    /**
     * The split τ in {@code [firstTau, lastTau]} of {@code x} into {@code x[0:τ]} and {@code x[τ:]}
     * with the largest Q̂ (ties: the smallest τ). O(L²) for L points.
     */
    static Best best(double[] x, int firstTau, int lastTau) {
        int length = x.length;
        // below[t] = Σ_{i<j<t}|xi−xj|; for the tail, row sums are accumulated from the end.
        double[] withinBefore = new double[length + 1];
        for (int j = 1; j < length; j++) {
            double s = 0;
            for (int i = 0; i < j; i++) {
                s += Math.abs(x[i] - x[j]);
            }
            withinBefore[j + 1] = withinBefore[j] + s;
        }
        double total = withinBefore[length];
        double withinAfter = 0;
        double[] after = new double[length + 1];
        for (int tau = length - 1; tau >= firstTau; tau--) {
            double s = 0;
            for (int j = tau + 1; j < length; j++) {
                s += Math.abs(x[tau] - x[j]);
            }
            withinAfter += s;
            after[tau] = withinAfter;
        }
        Best best = new Best(-1, Double.NEGATIVE_INFINITY);
        for (int tau = firstTau; tau <= lastTau; tau++) {
            double cross = total - withinBefore[tau] - after[tau];
            double q = EnergyDivergence.qHat(tau, length - tau, cross, withinBefore[tau], after[tau]);
            if (q > best.score) {
                best = new Best(tau, q);
            }
        }
        return best;
    }

    record Best(int tau, double score) {
    }
}
