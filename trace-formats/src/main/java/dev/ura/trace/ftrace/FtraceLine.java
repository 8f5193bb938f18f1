package dev.ura.trace.ftrace;

/**
 * One event line of ftrace text, split without regular expressions:
 * {@code <comm>-<tid> [(<tgid>)] [<cpu>] [<flags>] <sec>.<frac>: <event>: <args>}. The comm may
 * contain spaces and dashes; it ends at the last {@code -<digits>} followed by whitespace and
 * then {@code (} or {@code [}.
 */
final class FtraceLine {
    String comm;
    long tid;
    /** -1 when the column is absent or {@code (-----)}. */
    long tgid;
    int cpu;
    /** The flags column, or empty. */
    String flags;
    long tsNs;
    String event;
    String args;

    /** Parses {@code line}; false when it is not an event line. */
    boolean parse(String line) {
        // The cpu column is the first "[digits]" after which the rest parses: a comm may itself
        // contain "[3]".
        int from = 0;
        while (true) {
            int bracket = cpuBracket(line, from);
            if (bracket < 0) {
                return false;
            }
            if (parseAt(line, bracket)) {
                return true;
            }
            from = bracket + 1;
        }
    }

    private boolean parseAt(String line, int bracket) {
        int close = line.indexOf(']', bracket);
        if (close < 0) {
            return false;
        }
        cpu = (int) digits(line, bracket + 1, close);
        if (cpu < 0) {
            return false;
        }
        // Left of the cpu: "comm-tid" and maybe "(tgid)".
        int left = bracket - 1;
        while (left >= 0 && line.charAt(left) == ' ') {
            left--;
        }
        tgid = -1;
        if (left >= 0 && line.charAt(left) == ')') {
            int open = line.lastIndexOf('(', left);
            if (open < 0) {
                return false;
            }
            String g = line.substring(open + 1, left).trim();
            tgid = g.isEmpty() || g.charAt(0) == '-' ? -1 : digits(g, 0, g.length());
            left = open - 1;
            while (left >= 0 && line.charAt(left) == ' ') {
                left--;
            }
        }
        int digitsEnd = left + 1;
        int d = left;
        while (d >= 0 && Character.isDigit(line.charAt(d))) {
            d--;
        }
        if (d < 0 || d == left || line.charAt(d) != '-') {
            return false;
        }
        tid = digits(line, d + 1, digitsEnd);
        int commStart = 0;
        while (commStart < d && line.charAt(commStart) == ' ') {
            commStart++;
        }
        comm = line.substring(commStart, d);
        // Right of the cpu: [flags] timestamp: event: args
        int p = close + 1;
        p = skipSpaces(line, p);
        int colon = line.indexOf(": ", p);
        if (colon < 0) {
            return false;
        }
        int tsStart = line.lastIndexOf(' ', colon - 1) + 1;
        if (tsStart < p) {
            tsStart = p;
        }
        flags = tsStart > p ? line.substring(p, tsStart).trim() : "";
        tsNs = timestamp(line, tsStart, colon);
        if (tsNs < 0) {
            return false;
        }
        int ev = skipSpaces(line, colon + 2);
        int evEnd = line.indexOf(':', ev);
        if (evEnd < 0) {
            return false;
        }
        event = line.substring(ev, evEnd);
        args = evEnd + 1 < line.length() && line.charAt(evEnd + 1) == ' ' ? line.substring(evEnd + 2)
                : line.substring(evEnd + 1);
        return true;
    }

    /** Whether the event ran in hard- or soft-interrupt context (flags column). */
    boolean interruptContext() {
        return flags.length() >= 3 && "hsHz".indexOf(flags.charAt(2)) >= 0;
    }

    /** Index of the {@code [} of the cpu column: the first {@code [digits]} after a {@code -digits}. */
    private static int cpuBracket(String line, int from) {
        while (true) {
            int b = line.indexOf('[', from);
            if (b < 0) {
                return -1;
            }
            int close = line.indexOf(']', b);
            if (close > b + 1 && digits(line, b + 1, close) >= 0 && b > 0 && line.charAt(b - 1) == ' ') {
                return b;
            }
            from = b + 1;
        }
    }

    private static int skipSpaces(String s, int p) {
        while (p < s.length() && s.charAt(p) == ' ') {
            p++;
        }
        return p;
    }

    /** Seconds "." fraction → ns, without doubles (boot times of days would lose ns). */
    private static long timestamp(String s, int from, int to) {
        int dot = s.indexOf('.', from);
        if (dot < 0 || dot >= to) {
            return -1;
        }
        long sec = digits(s, from, dot);
        int fracLen = to - dot - 1;
        long frac = digits(s, dot + 1, to);
        if (sec < 0 || frac < 0 || fracLen > 9 || sec > 9_000_000_000L) {
            return -1;
        }
        for (int i = fracLen; i < 9; i++) {
            frac *= 10;
        }
        return sec * 1_000_000_000L + frac;
    }

    /** Decimal digits in {@code s[from, to)} (spaces trimmed), or -1. */
    static long digits(String s, int from, int to) {
        while (from < to && s.charAt(from) == ' ') {
            from++;
        }
        while (to > from && s.charAt(to - 1) == ' ') {
            to--;
        }
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
