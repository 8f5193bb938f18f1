package dev.ura.app.analysis.callgraph;

import java.util.Locale;

/** Short human-readable durations for graph labels ({@code 12.3 ms}, {@code 45 µs}, {@code 4.5 µs}, {@code 800 ns}). */
public final class DurationText {
    private DurationText() {
    }

    /** {@code ns} as seconds, milliseconds, microseconds or nanoseconds, whichever reads best. */
    public static String format(long ns) {
        long a = Math.abs(ns);
        if (a >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        }
        if (a >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        }
        if (a >= 10_000L) {
            return String.format(Locale.ROOT, "%.0f µs", ns / 1e3);
        }
        if (a >= 1_000L) {
            return String.format(Locale.ROOT, "%.1f µs", ns / 1e3);
        }
        return ns + " ns";
    }
}
