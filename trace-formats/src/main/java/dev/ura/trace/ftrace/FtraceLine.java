package dev.ura.trace.ftrace;

import java.nio.charset.StandardCharsets;

/**
 * One event line of ftrace text, split in place on its UTF-8 bytes, without regular expressions
 * and without an object per line (the columns are offsets into the caller's buffer):
 * {@code <comm>-<tid> [(<tgid>)] [<cpu>] [<flags>] <sec>.<frac>: <event>: <args>}. The comm may
 * contain spaces and dashes; it ends at the last {@code -<digits>} followed by whitespace and
 * then {@code (} or {@code [}. Every byte this looks for is ASCII, and UTF-8 never uses ASCII
 * bytes inside a multi-byte character, so a non-ASCII comm splits the same as it would as chars.
 */
final class FtraceLine {
    /** The line's bytes (the caller's buffer, valid only until its next line). */
    byte[] buf;
    int commFrom;
    int commTo;
    long tid;
    /** -1 when the column is absent or {@code (-----)}. */
    long tgid;
    int cpu;
    /** The flags column ({@code flagsFrom == flagsTo} when absent). */
    int flagsFrom;
    int flagsTo;
    long tsNs;
    int eventFrom;
    int eventTo;
    int argsFrom;
    int argsTo;

    /** Parses a line given as text (UTF-8 encoded first); false when it is not an event line. */
    boolean parse(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return parse(b, 0, b.length);
    }

    /** Parses {@code b[from, to)}; false when it is not an event line. */
    boolean parse(byte[] b, int from, int to) {
        buf = b;
        // The cpu column is the first "[digits]" after which the rest parses: a comm may itself
        // contain "[3]".
        int at = from;
        while (true) {
            int bracket = cpuBracket(b, at, from, to);
            if (bracket < 0) {
                return false;
            }
            if (parseAt(b, from, to, bracket)) {
                return true;
            }
            at = bracket + 1;
        }
    }

    private boolean parseAt(byte[] b, int from, int to, int bracket) {
        int close = indexOf(b, ']', bracket, to);
        if (close < 0) {
            return false;
        }
        cpu = (int) digits(b, bracket + 1, close);
        if (cpu < 0) {
            return false;
        }
        // Left of the cpu: "comm-tid" and maybe "(tgid)".
        int left = bracket - 1;
        while (left >= from && b[left] == ' ') {
            left--;
        }
        tgid = -1;
        if (left >= from && b[left] == ')') {
            int open = left;
            while (open >= from && b[open] != '(') {
                open--;
            }
            if (open < from) {
                return false;
            }
            int g = skipSpaces(b, open + 1, left);
            tgid = g == left || b[g] == '-' ? -1 : digits(b, g, left);
            left = open - 1;
            while (left >= from && b[left] == ' ') {
                left--;
            }
        }
        int digitsEnd = left + 1;
        int d = left;
        while (d >= from && b[d] >= '0' && b[d] <= '9') {
            d--;
        }
        if (d < from || d == left || b[d] != '-') {
            return false;
        }
        tid = digits(b, d + 1, digitsEnd);
        commFrom = skipSpaces(b, from, d);
        commTo = d;
        // Right of the cpu: [flags] timestamp: event: args
        int p = skipSpaces(b, close + 1, to);
        int colon = indexOfColonSpace(b, p, to);
        if (colon < 0) {
            return false;
        }
        int tsStart = colon - 1;
        while (tsStart >= p && b[tsStart] != ' ') {
            tsStart--;
        }
        tsStart++;
        // The flags column, trimmed as String.trim would (any byte up to ' ').
        flagsFrom = p;
        flagsTo = tsStart;
        while (flagsFrom < flagsTo && (b[flagsFrom] & 0xFF) <= ' ') {
            flagsFrom++;
        }
        while (flagsTo > flagsFrom && (b[flagsTo - 1] & 0xFF) <= ' ') {
            flagsTo--;
        }
        tsNs = timestamp(b, tsStart, colon);
        if (tsNs < 0) {
            return false;
        }
        int ev = skipSpaces(b, colon + 2, to);
        int evEnd = indexOf(b, ':', ev, to);
        if (evEnd < 0) {
            return false;
        }
        eventFrom = ev;
        eventTo = evEnd;
        argsFrom = evEnd + 1 < to && b[evEnd + 1] == ' ' ? evEnd + 2 : evEnd + 1;
        argsTo = to;
        return true;
    }

    /** Whether the event ran in hard- or soft-interrupt context (flags column). */
    boolean interruptContext() {
        if (flagsTo - flagsFrom < 3) {
            return false;
        }
        byte c = buf[flagsFrom + 2];
        return c == 'h' || c == 's' || c == 'H' || c == 'z';
    }

    /**
     * Whether the event ran in hard-interrupt context: the flags column's third character is
     * {@code h} (hard irq), {@code H} (hard irq inside a soft irq) or {@code z} (NMI).
     */
    boolean hardInterrupt() {
        if (flagsTo - flagsFrom < 3) {
            return false;
        }
        byte c = buf[flagsFrom + 2];
        return c == 'h' || c == 'H' || c == 'z';
    }

    /** Whether the event name is exactly {@code name} (ASCII). */
    boolean eventIs(String name) {
        return ArgBytes.equals(buf, eventFrom, eventTo, name);
    }

    /** Whether the comm column is exactly {@code name} (ASCII). */
    boolean commIs(String name) {
        return ArgBytes.equals(buf, commFrom, commTo, name);
    }

    String comm() {
        return text(commFrom, commTo);
    }

    String event() {
        return text(eventFrom, eventTo);
    }

    String args() {
        return text(argsFrom, argsTo);
    }

    String flags() {
        return text(flagsFrom, flagsTo);
    }

    private String text(int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    /** Index of the {@code [} of the cpu column: the first {@code [digits]} preceded by a space. */
    private static int cpuBracket(byte[] b, int at, int lineFrom, int to) {
        while (true) {
            int open = indexOf(b, '[', at, to);
            if (open < 0) {
                return -1;
            }
            int close = indexOf(b, ']', open, to);
            if (close > open + 1 && digits(b, open + 1, close) >= 0 && open > lineFrom && b[open - 1] == ' ') {
                return open;
            }
            at = open + 1;
        }
    }

    private static int indexOf(byte[] b, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfColonSpace(byte[] b, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if (b[i] == ':' && b[i + 1] == ' ') {
                return i;
            }
        }
        return -1;
    }

    private static int skipSpaces(byte[] b, int p, int to) {
        while (p < to && b[p] == ' ') {
            p++;
        }
        return p;
    }

    /** Seconds "." fraction → ns, without doubles (boot times of days would lose ns). */
    private static long timestamp(byte[] b, int from, int to) {
        int dot = indexOf(b, '.', from, to);
        if (dot < 0) {
            return -1;
        }
        long sec = digits(b, from, dot);
        int fracLen = to - dot - 1;
        long frac = digits(b, dot + 1, to);
        if (sec < 0 || frac < 0 || fracLen > 9 || sec > 9_000_000_000L) {
            return -1;
        }
        for (int i = fracLen; i < 9; i++) {
            frac *= 10;
        }
        return sec * 1_000_000_000L + frac;
    }

    /** Decimal digits in {@code b[from, to)} (spaces trimmed), or -1. */
    static long digits(byte[] b, int from, int to) {
        while (from < to && b[from] == ' ') {
            from++;
        }
        while (to > from && b[to - 1] == ' ') {
            to--;
        }
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Decimal digits in {@code s[from, to)} (spaces trimmed), or -1. */
    static long digits(String s, int from, int to) {
        byte[] b = s.substring(from, to).getBytes(StandardCharsets.UTF_8);
        return digits(b, 0, b.length);
    }
}
