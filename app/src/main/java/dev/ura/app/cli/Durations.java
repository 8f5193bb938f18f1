package dev.ura.app.cli;

import java.util.Locale;

/** Human-readable durations for text reports. */
public final class Durations {
    private Durations() {
    }

    /** {@code 1.234 s}, {@code 12.3 ms}, {@code 45 µs}, {@code 800 ns}. */
    public static String format(long ns) {
        long a = Math.abs(ns);
        if (a >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        }
        if (a >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        }
        if (a >= 1_000L) {
            return String.format(Locale.ROOT, "%.0f µs", ns / 1e3);
        }
        return ns + " ns";
    }

    /** Milliseconds with one decimal, no unit. */
    public static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e6);
    }
}
