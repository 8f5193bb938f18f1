package dev.ura.app.analysis.regression;

/**
 * Student's t distribution tail probabilities and the pooled-variance two-sample t-test, computed
 * from the regularized incomplete beta function (no statistics library on the class path).
 */
public final class StudentT {
    private static final double EPS = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_ITERATIONS = 10_000;
    private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
        771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
        9.9843695780195716e-6, 1.5056327351493116e-7};

    private StudentT() {
    }

    /**
     * Two-sided p-value of a t statistic with {@code df} degrees of freedom: P(|T| &ge; |t|).
     * Returns 0 for an infinite {@code t}, NaN for a NaN {@code t} or {@code df <= 0}.
     */
    public static double twoSidedP(double t, double df) {
        if (Double.isNaN(t) || !(df > 0)) {
            return Double.NaN;
        }
        if (Double.isInfinite(t)) {
            return 0.0;
        }
        double x = df / (df + t * t);
        return Math.min(1.0, regularizedBeta(x, df / 2.0, 0.5));
    }

    /**
     * The two-sided pooled-variance (equal variances) t-test from summary statistics, like SciPy's
     * {@code ttest_ind_from_stats(..., equal_var=True)}. The standard deviations are used as given
     * (Otava passes population deviations, ddof = 0, and its expectations depend on that).
     *
     * @return the p-value; NaN when {@code n1 + n2 <= 2} or both sides are constant and equal
     */
    public static double pooledTTestP(double mean1, double std1, int n1, double mean2, double std2, int n2) {
        return twoSidedP(pooledT(mean1, std1, n1, mean2, std2, n2), n1 + n2 - 2.0);
    }

    /** The pooled-variance t statistic (±Infinity when both sides are constant but differ, NaN when equal). */
    public static double pooledT(double mean1, double std1, int n1, double mean2, double std2, int n2) {
        double df = n1 + n2 - 2.0;
        double pooledVariance = ((n1 - 1) * std1 * std1 + (n2 - 1) * std2 * std2) / df;
        double denominator = Math.sqrt(pooledVariance * (1.0 / n1 + 1.0 / n2));
        return (mean1 - mean2) / denominator;
    }

    /** Regularized incomplete beta I_x(a, b) for 0 &le; x &le; 1, a, b &gt; 0 (continued fraction, Lentz). */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0.0;
        }
        if (x >= 1) {
            return 1.0;
        }
        double logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
        // The continued fraction converges fast only below the mean; use the symmetry I_x(a,b) = 1 - I_(1-x)(b,a).
        if (x < (a + 1) / (a + b + 2)) {
            return Math.exp(logFront) * continuedFraction(x, a, b) / a;
        }
        return 1.0 - Math.exp(logFront) * continuedFraction(1 - x, b, a) / b;
    }

    private static double continuedFraction(double x, double a, double b) {
        double c = 1.0;
        double d = 1.0 - (a + b) * x / (a + 1);
        d = 1.0 / (Math.abs(d) < TINY ? TINY : d);
        double h = d;
        for (int m = 1; m <= MAX_ITERATIONS; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1.0 + aa * d;
            d = 1.0 / (Math.abs(d) < TINY ? TINY : d);
            c = 1.0 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1.0 + aa * d;
            d = 1.0 / (Math.abs(d) < TINY ? TINY : d);
            c = 1.0 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1.0) < EPS) {
                break;
            }
        }
        return h;
    }

    /** ln Γ(x) for x &gt; 0 (Lanczos, g = 7; relative error about 1e-15). */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        double t = z + 7.5;
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
