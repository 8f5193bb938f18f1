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

    /** ns as microsecond text with up to three decimals ({@code 1234.5}, {@code 7}). */
    static String nsToMicros(long ns) {
        long whole = ns / 1000;
        long frac = Math.abs(ns % 1000);
        String sign = ns < 0 && whole == 0 ? "-" : "";
        if (frac == 0) {
            return sign + whole;
        }
        String f = String.format("%03d", frac);
        while (f.endsWith("0")) {
            f = f.substring(0, f.length() - 1);
        }
        return sign + whole + "." + f;
    }
}
