package dev.ura.trace.chrome;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Microsecond text (as Trace Event JSON writes {@code ts} / {@code dur}) to exact nanoseconds. */
final class ChromeTimes {
    private ChromeTimes() {
    }

    /**
     * Parses a JSON number of microseconds into ns, rounding below 1 ns half-up.
     *
     * @throws NumberFormatException when the text is not a number or does not fit in a long of ns
     */
    static long microsToNs(String text) {
        int dot = text.indexOf('.');
        boolean simple = text.indexOf('e') < 0 && text.indexOf('E') < 0 && text.length() <= 18;
        if (simple && dot < 0) {
            return Math.multiplyExact(Long.parseLong(text), 1000L);
        }
        if (simple && dot > 0 && text.length() - dot - 1 <= 3) {
            String frac = (text.substring(dot + 1) + "000").substring(0, 3);
            long whole = Long.parseLong(text.substring(0, dot));
            long f = Long.parseLong(frac);
            long ns = Math.multiplyExact(Math.abs(whole), 1000L) + f;
            return text.startsWith("-") ? -ns : ns;
        }
        try {
            return new BigDecimal(text).movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            throw new NumberFormatException("out of range: " + text);
        }
    }

    /** ns as microsecond text with up to three decimals ({@code 1234.5}, {@code 7}); no formatter, it runs per event. */
    static String nsToMicros(long ns) {
        long whole = ns / 1000;
        int frac = (int) Math.abs(ns % 1000);
        if (frac == 0) {
            return Long.toString(whole);
        }
        StringBuilder sb = new StringBuilder(24);
        if (ns < 0) {
            sb.append('-');
        }
        sb.append(Math.abs(whole)).append('.');
        sb.append((char) ('0' + frac / 100));
        if (frac % 100 != 0) {
            sb.append((char) ('0' + frac / 10 % 10));
            if (frac % 10 != 0) {
                sb.append((char) ('0' + frac % 10));
            }
        }
        return sb.toString();
    }
}
