package dev.ura.app.render;

import dev.ura.app.analysis.model.DurationText;

import java.util.Locale;

/** Durations and ruler labels with units that suit their size. */
public final class TimeFormat {
    private TimeFormat() {
    }

    /** {@code 1.234 s}, {@code 12.3 ms}, {@code 45 µs}, {@code 4.6 µs}, {@code 800 ns}: {@link DurationText}. */
    public static String duration(long ns) {
        return DurationText.format(ns);
    }

    /**
     * A tick label for {@code offsetNs} from the trace start, with as many decimals as the tick
     * step needs in the unit of the step.
     */
    public static String tick(long offsetNs, long stepNs) {
        String unit;
        double div;
        if (stepNs >= 100_000_000L) {
            unit = "s";
            div = 1e9;
        } else if (stepNs >= 100_000L) {
            unit = "ms";
            div = 1e6;
        } else if (stepNs >= 100L) {
            unit = "µs";
            div = 1e3;
        } else {
            unit = "ns";
            div = 1;
        }
        double stepInUnit = stepNs / div;
        int decimals = stepInUnit >= 1 ? 0 : (int) Math.ceil(-Math.log10(stepInUnit) - 1e-9);
        return String.format(Locale.ROOT, "%." + decimals + "f %s", offsetNs / div, unit);
    }

    /** The 1-2-5 step giving ticks at least {@code minPx} apart at {@code nsPerPx}. */
    public static long tickStep(double nsPerPx, double minPx) {
        double want = Math.max(1, nsPerPx * minPx);
        long step = 1;
        while (true) {
            for (int f : new int[]{1, 2, 5}) {
                if (step * f >= want) {
                    return step * f;
                }
            }
            if (step > Long.MAX_VALUE / 100) {
                return step * 10;
            }
            step *= 10;
        }
    }
}
