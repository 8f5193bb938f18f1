package dev.ura.app.analysis.regression;

/**
 * Two-sample energy statistics in the V-statistic form of MongoDB's signal-processing-algorithms
 * (means over all n², m², n·m pairs, zero diagonal included), Euclidean distance between points.
 *
 * @param e energy distance E = 2·mean|x−y| − mean|x−x'| − mean|y−y'|
 * @param t test statistic T = n·m/(n+m)·E
 * @param h E-coefficient of inhomogeneity H = E / (2·mean|x−y|), in [0, 1] (0 when all points are equal)
 */
public record EnergyStatistics(double e, double t, double h) {

    /** Statistics of two univariate samples (each non-empty). */
    public static EnergyStatistics of(double[] x, double[] y) {
        return of(column(x), column(y));
    }

    /** Statistics of two samples of points of equal dimension ({@code x[i]} is one point; each sample non-empty). */
    public static EnergyStatistics of(double[][] x, double[][] y) {
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("both samples need at least one point");
        }
        double xy = meanDistance(x, y);
        double xx = meanDistance(x, x);
        double yy = meanDistance(y, y);
        double e = 2 * xy - xx - yy;
        double n = x.length;
        double m = y.length;
        return new EnergyStatistics(e, n * m / (n + m) * e, xy == 0 ? 0 : e / (2 * xy));
    }

    /**
     * MongoDB's first candidate for {@code x[start:end]}: the τ in {@code (start, end)} maximising T of
     * {@code x[start:τ]} against {@code x[τ:end]} (κ fixed at the end; ties to the smallest τ).
     *
     * @return the candidate with statistic T, or {@code null} when no split has T &gt; 0 (e.g. a flat segment)
     */
    public static Candidate mongoCandidate(double[] x, int start, int end) {
        Candidate best = null;
        for (int tau = start + 1; tau < end; tau++) {
            double cross = 0;
            double withinX = 0;
            double withinY = 0;
            for (int i = start; i < end; i++) {
                for (int j = i + 1; j < end; j++) {
                    double d = Math.abs(x[i] - x[j]);
                    if (j < tau) {
                        withinX += d;
                    } else if (i >= tau) {
                        withinY += d;
                    } else {
                        cross += d;
                    }
                }
            }
            double n = tau - start;
            double m = end - tau;
            double e = 2 * cross / (n * m) - 2 * withinX / (n * n) - 2 * withinY / (m * m);
            double t = n * m / (n + m) * e;
            if (t > 0 && (best == null || t > best.statistic())) {
                best = new Candidate(tau, t);
            }
        }
        return best;
    }

    private static double meanDistance(double[][] a, double[][] b) {
        double sum = 0;
        for (double[] p : a) {
            for (double[] q : b) {
                sum += distance(p, q);
            }
        }
        return sum / ((double) a.length * b.length);
    }

    private static double distance(double[] p, double[] q) {
        if (p.length != q.length) {
            throw new IllegalArgumentException("points of different dimension: " + p.length + " and " + q.length);
        }
        if (p.length == 1) {
            return Math.abs(p[0] - q[0]);
        }
        double s = 0;
        for (int k = 0; k < p.length; k++) {
            double d = p[k] - q[k];
            s += d * d;
        }
        return Math.sqrt(s);
    }

    private static double[][] column(double[] v) {
        double[][] out = new double[v.length][];
        for (int i = 0; i < v.length; i++) {
            out[i] = new double[] {v[i]};
        }
        return out;
    }
}
