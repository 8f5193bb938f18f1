package dev.ura.app.analysis.regression;

/**
 * The E-Divisive split search of Matteson &amp; James (2014), exponent α = 1 (absolute differences).
 *
 * <p>For a segment {@code x[start:end]} it maximises, over {@code start < τ < κ ≤ end}, the scaled
 * sample energy distance between X = {@code x[start:τ]} and Y = {@code x[τ:κ]} in its U-statistic form
 * (within-sample sums divided by C(n,2), C(m,2)):
 * <pre>Q̂(τ, κ) = 2/(n+m)·Σ|X−Y| − 2m/((n+m)(n−1))·Σ_{i&lt;k}|Xi−Xk| − 2n/((n+m)(m−1))·Σ_{j&lt;k}|Yj−Yk|</pre>
 * with n = τ − start, m = κ − τ. This is the form of R's {@code ecp} and of Apache Otava and reproduces
 * their first candidates exactly; MongoDB's V-statistic form (fixed κ = end) is
 * {@link EnergyStatistics#mongoCandidate}. Ties go to the smallest τ, then the smallest κ (NumPy's
 * row-major argmax). Time O(L²), memory O(L) for a segment of L points.
 */
public final class EnergyDivergence {
    private EnergyDivergence() {
    }

    /**
     * The best split of {@code x[start:end]} with both sides at least {@code minSize} long
     * (the right side counts up to κ).
     *
     * @return the candidate, or {@code null} when the segment is shorter than {@code 2 * minSize}
     */
    public static Candidate bestSplit(double[] x, int start, int end, int minSize) {
        if (start < 0 || end > x.length || minSize < 1) {
            throw new IllegalArgumentException("bad segment [" + start + ", " + end + ") of " + x.length
                    + " with min size " + minSize);
        }
        int length = end - start;
        if (length < 2 * minSize || length < 2) {
            return null;
        }
        // Per τ (offset from start): Σ|X−Y| and Σ_{j<k}|Yj−Yk| for the current κ; Σ_{i<k}|Xi−Xk| per τ.
        double[] cross = new double[length + 1];
        double[] withinY = new double[length + 1];
        double[] withinX = new double[length + 1];
        double[] prefix = new double[length + 1];
        // 1/(k−1) for k ≥ 2 (0 for k = 1, whose within-sample sum is 0 anyway): no division in the inner loop.
        double[] inverse = new double[length + 1];
        for (int k = 2; k <= length; k++) {
            inverse[k] = 1.0 / (k - 1);
        }
        int firstTau = Math.max(1, minSize);
        int bestTau = -1;
        int bestKappa = -1;
        double best = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < length; p++) {
            // Point p joins Y for every τ ≤ p: κ becomes p + 1.
            double xp = x[start + p];
            prefix[0] = 0;
            for (int r = 0; r < p; r++) {
                prefix[r + 1] = prefix[r] + Math.abs(x[start + r] - xp);
            }
            withinX[p + 1] = withinX[p] + prefix[p];
            int kappa = p + 1;
            double twoOverTotal = 2.0 / kappa;
            // τ < min size can never be a split: its sums are not needed.
            for (int tau = firstTau; tau <= p; tau++) {
                cross[tau] += prefix[tau];
                withinY[tau] += prefix[p] - prefix[tau];
                int m = kappa - tau;
                if (m < minSize) {
                    continue;
                }
                double q = twoOverTotal * (cross[tau] - m * inverse[tau] * withinX[tau]
                        - tau * inverse[m] * withinY[tau]);
                if (q > best || (q == best && (tau < bestTau || (tau == bestTau && kappa < bestKappa)))) {
                    best = q;
                    bestTau = tau;
                    bestKappa = kappa;
                }
            }
        }
        return bestTau < 0 ? null : new Candidate(start + bestTau, best);
    }

    static double qHat(int n, int m, double cross, double withinX, double withinY) {
        double total = n + m;
        double q = 2.0 / total * cross;
        if (n > 1) {
            q -= 2.0 * m / (total * (n - 1)) * withinX;
        }
        if (m > 1) {
            q -= 2.0 * n / (total * (m - 1)) * withinY;
        }
        return q;
    }
}
