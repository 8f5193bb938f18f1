package dev.ura.trace.ftrace;

/**
 * Searches in the arguments of an ftrace line as UTF-8 bytes, as {@link FtraceEvents}' String
 * helpers do in text, so that the frequent events cost no String. A found range is packed in a
 * {@code long} ({@code from << 32 | to}), -1 when absent; keys are ASCII.
 */
final class ArgBytes {
    static final long ABSENT = -1;

    private ArgBytes() {
    }

    static int from(long range) {
        return (int) (range >>> 32);
    }

    static int to(long range) {
        return (int) range;
    }

    /**
     * A decimal integer (optionally negative) in the range, trimmed as {@code String.trim} trims; -1
     * when absent or not a number (as {@link FtraceEvents#number}).
     */
    static long number(byte[] b, long range) {
        if (range == ABSENT) {
            return -1;
        }
        int from = from(range);
        int to = to(range);
        while (from < to && (b[from] & 0xFF) <= ' ') {
            from++;
        }
        while (to > from && (b[to - 1] & 0xFF) <= ' ') {
            to--;
        }
        boolean neg = from < to && b[from] == '-';
        long v = FtraceLine.digits(b, neg ? from + 1 : from, to);
        return v < 0 ? -1 : neg ? -v : v;
    }

    /** Index of the ASCII {@code key} in {@code b[from, to)}, or -1. */
    static int indexOf(byte[] b, int from, int to, String key) {
        int n = key.length();
        char first = key.charAt(0);
        outer:
        for (int i = from; i + n <= to; i++) {
            if (b[i] != first) {
                continue;
            }
            for (int j = 1; j < n; j++) {
                if (b[i + j] != key.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static boolean startsWith(byte[] b, int from, int to, String prefix) {
        return to - from >= prefix.length() && indexOf(b, from, from + prefix.length(), prefix) == from;
    }

    static boolean equals(byte[] b, int from, int to, String s) {
        return to - from == s.length() && startsWith(b, from, to, s);
    }

    /** A decimal integer in {@code b[from, to)} as {@code AtracePayload.parseLong} reads it, or Long.MIN_VALUE. */
    static long parseLong(byte[] b, int from, int to) {
        if (from >= to || to - from > 19) {
            return Long.MIN_VALUE;
        }
        boolean neg = b[from] == '-';
        int i = neg ? from + 1 : from;
        if (i >= to) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            byte c = b[i];
            if (c < '0' || c > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (c - '0');
        }
        return neg ? -v : v;
    }
}
