package dev.ura.trace.agentlog;

/**
 * Decodes the shape nearly every agent-log line has, straight from its bytes: one flat object of the
 * known fields, with ASCII strings without escapes, integers and {@code true}/{@code false}/{@code null}.
 * Unlike Jackson it builds no text for field names or numbers and keeps no parser context, which
 * made reading JSON Lines about a third faster.
 *
 * <p>It never reports a problem: anything else (an escape, a non-ASCII byte, a float, an unknown or
 * mistyped field, nesting, a second object, a syntax error) makes it decline, and the caller hands
 * the line to {@link JsonEventDecoder}, whose Jackson path gives the exact warning. So every line it
 * accepts must come out exactly as Jackson's path would decode it.
 */
final class FlatLineScanner {
    /** Longer strings are left to Jackson (and its length limit). */
    private static final int MAX_TEXT = 4096;
    /** Integers of at most 18 digits cannot overflow a {@code long}; longer ones go to Jackson. */
    private static final int MAX_DIGITS = 18;

    private static final int TS = 0;
    private static final int TID = 1;
    private static final int KIND = 2;
    private static final int PH = 3;
    private static final int NAME = 4;
    private static final int IDENTITY = 5;
    private static final int VIA = 6;
    private static final int DETAIL = 7;
    private static final int BYTES = 8;
    private static final int TARGET_TID = 9;
    private static final int DELAY_MS = 10;
    private static final int MAIN = 11;
    private final StringPool pool;
    private final char[] text = new char[MAX_TEXT];
    /** End of the value just scanned (the methods below return values, so positions go here). */
    private int at;
    private long number;

    FlatLineScanner(StringPool pool) {
        this.pool = pool;
    }

    /**
     * Decodes the line starting at {@code b[from]} into {@code f}, reading at most to {@code to}.
     *
     * @param toIsEnd whether {@code to} is the end of the file (so a last line may end there)
     * @return the index of the line's terminator ({@code \n} or {@code \r}; {@code to} for a last
     *         line without one), or -1 when the line is not of the simple shape ({@code f} is then garbage)
     */
    int decode(byte[] b, int from, int to, boolean toIsEnd, EventFields f) {
        f.reset();
        f.prefixTid = -1;
        f.prefixPid = -1;
        int i = blanks(b, from, to);
        if (i == to || b[i] != '{') {
            return -1;
        }
        i = blanks(b, i + 1, to);
        if (i < to && b[i] == '}') {
            return lineEnd(b, i + 1, to, toIsEnd);
        }
        while (i < to && b[i] == '"') {
            int nameStart = i + 1;
            int nameEnd = nameStart;
            while (nameEnd < to && b[nameEnd] != '"') {
                nameEnd++;
            }
            int field = field(b, nameStart, nameEnd);
            i = nameEnd < to ? blanks(b, nameEnd + 1, to) : to;
            if (field < 0 || i == to || b[i] != ':') {
                return -1;
            }
            if (!value(b, blanks(b, i + 1, to), to, field, f)) {
                return -1;
            }
            i = blanks(b, at, to);
            if (i == to) {
                return -1;
            }
            if (b[i] == '}') {
                return lineEnd(b, i + 1, to, toIsEnd);
            }
            if (b[i] != ',') {
                return -1;
            }
            i = blanks(b, i + 1, to);
        }
        return -1;
    }

    /** After the object only blanks may follow on its line: the terminator's index, else -1. */
    private static int lineEnd(byte[] b, int i, int to, boolean toIsEnd) {
        i = blanks(b, i, to);
        if (i == to) {
            return toIsEnd ? to : -1;
        }
        return b[i] == '\n' || b[i] == '\r' ? i : -1;
    }

    /** Scans one value at {@code i} into its field; sets {@link #at} past it. */
    private boolean value(byte[] b, int i, int to, int field, EventFields f) {
        if (i == to) {
            return false;
        }
        if (literal(b, i, to, "null")) {
            at = i + 4;
            return true; // a null field is an absent one
        }
        return switch (field) {
            case TS, TID, BYTES, TARGET_TID, DELAY_MS -> integer(b, i, to) && setInteger(field, f);
            case KIND -> (f.kind = string(b, i, to)) >= 0;
            case NAME -> (f.name = string(b, i, to)) >= 0;
            case VIA -> (f.via = string(b, i, to)) >= 0;
            case DETAIL -> (f.detail = string(b, i, to)) >= 0;
            case IDENTITY -> (f.identity = identity(b, i, to)) >= 0;
            case PH -> phase(b, i, to, f);
            case MAIN -> main(b, i, to, f);
            default -> false;
        };
    }

    private boolean setInteger(int field, EventFields f) {
        long v = number;
        switch (field) {
            case TS -> {
                f.ts = v;
                f.hasTs = true;
            }
            case TID -> {
                f.tid = v;
                f.hasTid = true;
            }
            case BYTES -> f.bytes = Math.max(-1, v);
            case TARGET_TID -> f.targetTid = v;
            // An integer's double is exact, as is Jackson's getDoubleValue of the same token.
            default -> f.delayNs = EventFields.delayNs(v);
        }
        return true;
    }

    /** Identities are opaque: an integer is kept as its text, as Jackson's path does. */
    private int identity(byte[] b, int i, int to) {
        if (b[i] != '"') {
            if (!integer(b, i, to)) {
                return -1;
            }
            return pool.internAscii(b, i, at - i, text);
        }
        return string(b, i, to);
    }

    private boolean phase(byte[] b, int i, int to, EventFields f) {
        if (to - i >= 3 && b[i] == '"' && (b[i + 1] == 'B' || b[i + 1] == 'E') && b[i + 2] == '"') {
            f.ph = (char) b[i + 1];
            at = i + 3;
            return true;
        }
        return false;
    }

    private boolean main(byte[] b, int i, int to, EventFields f) {
        if (literal(b, i, to, "true")) {
            f.main = true;
            at = i + 4;
            return true;
        }
        if (literal(b, i, to, "false")) {
            f.main = false;
            at = i + 5;
            return true;
        }
        return false;
    }

    /** Scans an integer JSON number (no fraction, no exponent) into {@link #number}. */
    private boolean integer(byte[] b, int i, int to) {
        int p = i;
        boolean negative = p < to && b[p] == '-';
        if (negative) {
            p++;
        }
        int digitsFrom = p;
        long v = 0;
        while (p < to && b[p] >= '0' && b[p] <= '9') {
            v = v * 10 + (b[p] - '0');
            p++;
        }
        int digits = p - digitsFrom;
        if (digits == 0 || digits > MAX_DIGITS || digits > 1 && b[digitsFrom] == '0') {
            return false;
        }
        if (p < to && (b[p] == '.' || b[p] == 'e' || b[p] == 'E')) {
            return false;
        }
        number = negative ? -v : v;
        at = p;
        return true;
    }

    /** Scans a string of printable ASCII without escapes and interns it; -1 when it is not one. */
    private int string(byte[] b, int i, int to) {
        if (b[i] != '"') {
            return -1;
        }
        int from = i + 1;
        int limit = Math.min(to, from + MAX_TEXT + 1);
        for (int p = from; p < limit; p++) {
            int c = b[p];
            if (c == '"') {
                at = p + 1;
                return pool.internAscii(b, from, p - from, text);
            }
            if (c < 0x20 || c == '\\') {
                return -1; // control, escape or non-ASCII (a negative byte)
            }
        }
        return -1; // unterminated here, or too long
    }

    private static boolean literal(byte[] b, int i, int to, String word) {
        if (to - i < word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (b[i + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Which field a name is, or -1; by length first, so a name costs one or two short compares. */
    private static int field(byte[] b, int from, int to) {
        return switch (to - from) {
            case 2 -> is(b, from, "ts") ? TS : is(b, from, "ph") ? PH : -1;
            case 3 -> is(b, from, "tid") ? TID : is(b, from, "obj") ? IDENTITY : is(b, from, "via") ? VIA : -1;
            case 4 -> four(b, from);
            case 5 -> is(b, from, "bytes") ? BYTES : -1;
            case 7 -> is(b, from, "surface") ? IDENTITY : -1;
            case 8 -> is(b, from, "delay_ms") ? DELAY_MS : -1;
            case 10 -> is(b, from, "target_tid") ? TARGET_TID : -1;
            default -> -1;
        };
    }

    private static int four(byte[] b, int from) {
        if (is(b, from, "kind")) {
            return KIND;
        }
        if (is(b, from, "name")) {
            return NAME;
        }
        if (is(b, from, "view") || is(b, from, "page")) {
            return IDENTITY;
        }
        if (is(b, from, "path") || is(b, from, "host")) {
            return DETAIL;
        }
        return is(b, from, "main") ? MAIN : -1;
    }

    /** Whether {@code b} holds the ASCII {@code name} at {@code from} (the caller checked the length). */
    private static boolean is(byte[] b, int from, String name) {
        for (int k = 0; k < name.length(); k++) {
            if (b[from + k] != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** JSON whitespace within a line: spaces and tabs (line breaks end the line). */
    private static int blanks(byte[] b, int i, int to) {
        while (i < to && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }
}
