package dev.ura.app.cli;

import dev.ura.app.analysis.model.DurationText;

import java.util.Locale;

/** Human-readable durations for text reports. */
public final class Durations {
    private Durations() {
    }

    /** {@code 1.234 s}, {@code 12.3 ms}, {@code 45 µs}, {@code 4.6 µs}, {@code 800 ns}: {@link DurationText}. */
    public static String format(long ns) {
        return DurationText.format(ns);
    }

    /** Milliseconds with one decimal, no unit. */
    public static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e6);
    }
}
