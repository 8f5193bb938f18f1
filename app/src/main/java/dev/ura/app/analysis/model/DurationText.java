package dev.ura.app.analysis.model;

/**
 * The one way ura writes a duration, in the command line's text, the window, exports and graph
 * labels alike: {@code 1.234 s}, {@code 12.3 ms}, {@code 45 µs}, {@code 4.6 µs}, {@code 800 ns}
 * (three significant digits at most; 4,560 ns is {@code 4.6 µs} everywhere).
 */
public final class DurationText {
    private DurationText() {
    }

    /** {@code ns} as seconds, milliseconds, microseconds or nanoseconds, whichever reads best. */
    public static String format(long ns) {
        long a = Math.abs(ns);
        if (a >= 1_000_000_000L) {
            return fixed(ns, 1_000_000_000L, 3) + " s";
        }
        if (a >= 1_000_000L) {
            return fixed(ns, 1_000_000L, 1) + " ms";
        }
        if (a >= 10_000L) {
            return fixed(ns, 1_000L, 0) + " µs";
        }
        if (a >= 1_000L) {
            return fixed(ns, 1_000L, 1) + " µs";
        }
        return ns + " ns";
    }

    /** {@code value / unit} rounded half-up to {@code decimals} places, without a formatter (it runs per label). */
    static String fixed(long value, long unit, int decimals) {
        long scale = decimals == 0 ? 1 : decimals == 1 ? 10 : 1000;
        long step = unit / scale;
        long abs = Math.abs(value);
        long q = (abs + step / 2) / step;
        String sign = value < 0 ? "-" : "";
        if (decimals == 0) {
            return sign + q;
        }
        String frac = Long.toString(q % scale);
        while (frac.length() < decimals) {
            frac = "0" + frac;
        }
        return sign + q / scale + "." + frac;
    }
}
