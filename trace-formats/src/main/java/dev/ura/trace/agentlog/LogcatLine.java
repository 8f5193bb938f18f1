package dev.ura.trace.agentlog;

import java.nio.ByteBuffer;

/**
 * One logcat line taken apart in place (offsets into the buffer; nothing is decoded): its tag,
 * process and thread ids, and where the message lies. Reused for every line.
 */
final class LogcatLine {
    private static final int MAX_TOKENS = 5;

    /** Tag range, or -1 when the format has none. */
    int tagStart;
    int tagEnd;
    long pid;
    long tid;
    int msgStart;
    int msgEnd;

    private final int[] tokStart = new int[MAX_TOKENS];
    private final int[] tokEnd = new int[MAX_TOKENS];
    private long lastId;
    private long prevId;
    private int ids;

    /** Parses {@code [s, e)} (without its line terminator) in a format; false when it is not one. */
    boolean parse(LogcatFormat format, ByteBuffer d, int s, int e) {
        tagStart = -1;
        tagEnd = -1;
        pid = -1;
        tid = -1;
        msgStart = e;
        msgEnd = e;
        return switch (format) {
            case THREADTIME -> threadtime(d, s, e);
            case TIME -> {
                int p = skipTime(d, s, e);
                yield p >= 0 && tagInParens(d, skipSpaces(d, p, e), e);
            }
            case BRIEF -> tagInParens(d, skipSpaces(d, s, e), e);
            case LONG -> longHeader(d, s, e);
            case PROCESS -> process(d, s, e);
            case THREAD -> thread(d, s, e);
            case RAW -> {
                msgStart = s;
                yield true;
            }
        };
    }

    /** Whether the tag is exactly {@code tag} (ASCII/UTF-8 bytes). */
    boolean tagIs(ByteBuffer d, byte[] tag) {
        if (tagEnd - tagStart != tag.length) {
            return false;
        }
        for (int i = 0; i < tag.length; i++) {
            if (d.get(tagStart + i) != tag[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean threadtime(ByteBuffer d, int s, int e) {
        int p = skipTime(d, s, e);
        if (p < 0) {
            return false;
        }
        // After the time: [uid] pid tid P; the priority is the first one-letter token after two ids.
        for (int n = 0; n < MAX_TOKENS; n++) {
            p = skipSpaces(d, p, e);
            if (p >= e) {
                return false;
            }
            int te = p;
            while (te < e && d.get(te) != ' ') {
                te++;
            }
            tokStart[n] = p;
            tokEnd[n] = te;
            if (n >= 2 && te - p == 1 && isPriority(d.get(p)) && isId(d, n - 1) && isId(d, n - 2)) {
                pid = number(d, tokStart[n - 2], tokEnd[n - 2]);
                tid = number(d, tokStart[n - 1], tokEnd[n - 1]);
                return tagBeforeColon(d, te + 1, e);
            }
            p = te;
        }
        return false;
    }

    /** {@code tag: msg}: the tag may hold spaces and colons, so it ends at the first ": ". */
    private boolean tagBeforeColon(ByteBuffer d, int from, int e) {
        if (from > e) {
            return false;
        }
        int c = from;
        while (c < e && !(d.get(c) == ':' && (c + 1 == e || d.get(c + 1) == ' '))) {
            c++;
        }
        if (c >= e) {
            return false;
        }
        setTag(d, from, c);
        msgStart = Math.min(e, c + 2);
        return true;
    }

    /** {@code P/tag([uid] pid): msg} (brief, and time after its time). */
    private boolean tagInParens(ByteBuffer d, int p, int e) {
        if (p + 2 > e || !isPriority(d.get(p)) || d.get(p + 1) != '/') {
            return false;
        }
        int from = p + 2;
        int c = from;
        while (c + 1 < e && !(d.get(c) == ')' && d.get(c + 1) == ':')) {
            c++;
        }
        if (c + 1 >= e) {
            return false;
        }
        int open = c - 1;
        while (open >= from && d.get(open) != '(') {
            open--;
        }
        if (open < from || !ids(d, open + 1, c)) {
            return false;
        }
        pid = lastId;
        setTag(d, from, open);
        msgStart = Math.min(e, c + 3);
        return true;
    }

    /** {@code P([uid] pid) msg  (tag)}. */
    private boolean process(ByteBuffer d, int s, int e) {
        int p = skipSpaces(d, s, e);
        if (p + 2 > e || !isPriority(d.get(p)) || d.get(p + 1) != '(') {
            return false;
        }
        int c = ByteText.indexOf(d, p + 2, e, (byte) ')');
        if (c < 0 || !ids(d, p + 2, c) || d.get(e - 1) != ')') {
            return false;
        }
        int open = e - 2;
        while (open > c && !(d.get(open) == '(' && d.get(open - 1) == ' ' && d.get(open - 2) == ' ')) {
            open--;
        }
        if (open <= c + 1) {
            return false;
        }
        pid = lastId;
        setTag(d, open + 1, e - 1);
        msgStart = Math.min(open - 2, c + 2);
        msgEnd = open - 2;
        return true;
    }

    /** {@code P([uid] pid:tid) msg}. */
    private boolean thread(ByteBuffer d, int s, int e) {
        int p = skipSpaces(d, s, e);
        if (p + 2 > e || !isPriority(d.get(p)) || d.get(p + 1) != '(') {
            return false;
        }
        int c = ByteText.indexOf(d, p + 2, e, (byte) ')');
        if (c < 0 || !ids(d, p + 2, c) || ids < 2) {
            return false;
        }
        pid = prevId;
        tid = lastId;
        msgStart = Math.min(e, c + 2);
        return true;
    }

    /** {@code [ time [uid] pid:tid P/tag ]}; the message follows on the next lines. */
    private boolean longHeader(ByteBuffer d, int s, int e) {
        if (!ByteText.startsWith(d, s, e, "[ ")) {
            return false;
        }
        int p = skipTime(d, s + 2, e);
        int q = e;
        while (q > p && d.get(q - 1) == ' ') {
            q--;
        }
        if (p < 0 || q <= p || d.get(q - 1) != ']') {
            return false;
        }
        int k = p;
        while (k + 2 < q && !(d.get(k) == ' ' && isPriority(d.get(k + 1)) && d.get(k + 2) == '/')) {
            k++;
        }
        if (k + 2 >= q || !ids(d, p, k) || ids < 2) {
            return false;
        }
        pid = prevId;
        tid = lastId;
        setTag(d, k + 3, q - 1);
        return true;
    }

    private void setTag(ByteBuffer d, int from, int to) {
        while (from < to && d.get(from) == ' ') {
            from++;
        }
        while (to > from && d.get(to - 1) == ' ') {
            to--;
        }
        tagStart = from;
        tagEnd = to;
    }

    /**
     * Reads {@code [uid[:]] pid[:tid]} (separated by spaces and colons); a uid given as a name is
     * skipped. False when a token is neither an id nor a leading name.
     */
    private boolean ids(ByteBuffer d, int from, int to) {
        ids = 0;
        int p = from;
        while (p < to) {
            byte b = d.get(p);
            if (b == ' ' || b == ':') {
                p++;
                continue;
            }
            int te = p;
            while (te < to && d.get(te) != ' ' && d.get(te) != ':') {
                te++;
            }
            long v = number(d, p, te);
            if (v >= 0) {
                prevId = lastId;
                lastId = v;
                ids++;
            } else if (ids > 0) {
                return false;
            }
            p = te;
        }
        return ids > 0;
    }

    /**
     * Skips the time of a line and an optional zone: {@code MM-DD hh:mm:ss.fff},
     * {@code YYYY-MM-DD hh:mm:ss.fff} or seconds {@code sss.fff} (epoch, monotonic).
     *
     * @return the index after it (a space must follow), or -1
     */
    static int skipTime(ByteBuffer d, int s, int e) {
        int p = skipSpaces(d, s, e);
        int q = digits(d, p, e);
        int n = q - p;
        if ((n == 2 || n == 4) && q < e && d.get(q) == '-') {
            q = fixed(d, q + 1, e, 2);
            if (n == 4) {
                q = q < e && q >= 0 && d.get(q) == '-' ? fixed(d, q + 1, e, 2) : -1;
            }
            if (q < 0 || q >= e || d.get(q) != ' ') {
                return -1;
            }
            q = fixed(d, q + 1, e, 2);
            for (int i = 0; i < 2 && q >= 0; i++) {
                q = q < e && d.get(q) == ':' ? fixed(d, q + 1, e, 2) : -1;
            }
            if (q < 0) {
                return -1;
            }
            q = fraction(d, q, e);
            if (q + 5 < e && d.get(q) == ' ' && (d.get(q + 1) == '+' || d.get(q + 1) == '-')
                    && digits(d, q + 2, e) == q + 6) {
                q += 6;
            }
        } else if (n >= 1 && q < e && d.get(q) == '.') {
            q = fraction(d, q, e);
        } else {
            return -1;
        }
        return q < e && d.get(q) == ' ' ? q : -1;
    }

    private static int fraction(ByteBuffer d, int q, int e) {
        if (q < e && d.get(q) == '.') {
            int f = digits(d, q + 1, e);
            if (f > q + 1) {
                return f;
            }
        }
        return q;
    }

    private static int fixed(ByteBuffer d, int p, int e, int count) {
        return p >= 0 && p + count <= e && digits(d, p, p + count) == p + count ? p + count : -1;
    }

    private static int digits(ByteBuffer d, int p, int e) {
        while (p < e && d.get(p) >= '0' && d.get(p) <= '9') {
            p++;
        }
        return p;
    }

    private static int skipSpaces(ByteBuffer d, int p, int e) {
        while (p < e && d.get(p) == ' ') {
            p++;
        }
        return p;
    }

    private boolean isId(ByteBuffer d, int token) {
        return number(d, tokStart[token], tokEnd[token]) >= 0;
    }

    /** The decimal number in {@code [p, e)} (at most 10 digits), or -1. */
    private static long number(ByteBuffer d, int p, int e) {
        if (e <= p || e - p > 10) {
            return -1;
        }
        long v = 0;
        for (int i = p; i < e; i++) {
            byte b = d.get(i);
            if (b < '0' || b > '9') {
                return -1;
            }
            v = v * 10 + (b - '0');
        }
        return v;
    }

    private static boolean isPriority(byte b) {
        return b == 'V' || b == 'D' || b == 'I' || b == 'W' || b == 'E' || b == 'F' || b == 'S' || b == 'A'
                || b == '?';
    }
}
