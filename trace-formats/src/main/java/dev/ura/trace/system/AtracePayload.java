package dev.ura.trace.system;

/**
 * The atrace grammar of a {@code print} / {@code tracing_mark_write} payload
 * ({@code B|tgid|name}, {@code E}, {@code C|tgid|name|value}, {@code S}/{@code F}, {@code I},
 * {@code N}, {@code G}/{@code H}), applied to a {@link SystemTraceBuilder}.
 */
final class AtracePayload {
    private AtracePayload() {
    }

    /**
     * Applies one payload written by thread {@code tid} at {@code ts}.
     *
     * @return false when the payload does not parse (the caller counts it)
     */
    static boolean apply(SystemTraceBuilder b, long ts, long tid, String payload) {
        int n = payload.length();
        while (n > 0 && (payload.charAt(n - 1) == '\n' || payload.charAt(n - 1) == '\0' || payload.charAt(n - 1) == '\r')) {
            n--;
        }
        String p = n == payload.length() ? payload : payload.substring(0, n);
        if (p.isEmpty()) {
            return false;
        }
        if (p.startsWith("trace_event_clock_sync")) {
            return true;
        }
        char op = p.charAt(0);
        if (p.length() == 1) {
            if (op == 'E') {
                b.sliceEnd(ts, tid);
                return true;
            }
            return false;
        }
        if (p.charAt(1) != '|') {
            return false;
        }
        int bar2 = p.indexOf('|', 2);
        long tgid = parseLong(p, 2, bar2 < 0 ? p.length() : bar2);
        String rest = bar2 < 0 ? "" : p.substring(bar2 + 1);
        switch (op) {
            case 'B' -> {
                if (tgid == Long.MIN_VALUE) {
                    return false;
                }
                b.tgid(tid, tgid);
                b.sliceBegin(ts, tid, rest);
            }
            case 'E' -> {
                if (tgid != Long.MIN_VALUE) {
                    b.tgid(tid, tgid);
                }
                b.sliceEnd(ts, tid);
            }
            case 'I' -> {
                if (tgid == Long.MIN_VALUE) {
                    return false;
                }
                b.tgid(tid, tgid);
                b.instant(ts, tid, rest);
            }
            case 'C' -> {
                return counter(b, ts, tgid, rest);
            }
            case 'S', 'F' -> {
                int last = rest.lastIndexOf('|');
                long cookie = last < 0 ? Long.MIN_VALUE : parseLong(rest, last + 1, rest.length());
                if (tgid == Long.MIN_VALUE || cookie == Long.MIN_VALUE) {
                    return false;
                }
                String name = rest.substring(0, last);
                if (op == 'S') {
                    b.asyncBegin(ts, tgid, name, name, cookie);
                } else {
                    b.asyncEnd(ts, tgid, name, cookie);
                }
            }
            case 'N' -> {
                int bar = rest.indexOf('|');
                if (tgid == Long.MIN_VALUE || bar < 0) {
                    return false;
                }
                b.asyncInstant(ts, tgid, rest.substring(0, bar), rest.substring(bar + 1));
            }
            case 'G', 'H' -> {
                return trackSlice(b, ts, op, tgid, rest);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean counter(SystemTraceBuilder b, long ts, long tgid, String rest) {
        int bar = rest.lastIndexOf('|');
        if (tgid == Long.MIN_VALUE || bar < 0) {
            return false;
        }
        String name = rest.substring(0, bar);
        String value = rest.substring(bar + 1);
        // Chromium appends "|category" after the value.
        int prev = name.lastIndexOf('|');
        if (!isNumber(value) && prev >= 0 && isNumber(name.substring(prev + 1))) {
            value = name.substring(prev + 1);
            name = name.substring(0, prev);
        }
        if (!isNumber(value)) {
            return false;
        }
        b.counter(ts, tgid, name, Double.parseDouble(value.trim()));
        return true;
    }

    private static boolean trackSlice(SystemTraceBuilder b, long ts, char op, long tgid, String rest) {
        int first = rest.indexOf('|');
        int last = rest.lastIndexOf('|');
        if (tgid == Long.MIN_VALUE || first < 0) {
            return false;
        }
        long cookie = parseLong(rest, last + 1, rest.length());
        if (cookie == Long.MIN_VALUE) {
            return false;
        }
        String track = rest.substring(0, first);
        if (op == 'G') {
            if (last == first) {
                return false;
            }
            b.asyncBegin(ts, tgid, track, rest.substring(first + 1, last), cookie);
        } else {
            b.asyncEnd(ts, tgid, track, cookie);
        }
        return true;
    }

    private static boolean isNumber(String s) {
        String t = s.trim();
        if (t.isEmpty()) {
            return false;
        }
        try {
            Double.parseDouble(t);
            return !t.endsWith("d") && !t.endsWith("f") && !t.endsWith("D") && !t.endsWith("F");
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A decimal integer in {@code s[from, to)}, or Long.MIN_VALUE when it is not one. */
    static long parseLong(String s, int from, int to) {
        if (from >= to || to - from > 19) {
            return Long.MIN_VALUE;
        }
        boolean neg = s.charAt(from) == '-';
        int i = neg ? from + 1 : from;
        if (i >= to) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (c - '0');
        }
        return neg ? -v : v;
    }
}
