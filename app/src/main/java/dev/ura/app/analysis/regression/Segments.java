package dev.ura.app.analysis.regression;

/** Plain statistics over {@code x[from:to]}. */
final class Segments {
    private Segments() {
    }

    static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return to > from ? s / (to - from) : Double.NaN;
    }

    /** Standard deviation with divisor {@code n - ddof}; 0 for fewer than two points. */
    static double std(double[] x, int from, int to, int ddof) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double mean = mean(x, from, to);
        double s = 0;
        for (int i = from; i < to; i++) {
            double d = x[i] - mean;
            s += d * d;
        }
        return Math.sqrt(s / (n - ddof));
    }
}
