package dev.ura.trace.pvtrace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Decodes one line of a {@code -finstrument-functions} trace in place (one reused instance, no
 * allocation per line). Accepted forms:
 * <pre>
 * E0x4005a4                              pvtrace's instrument.c: enter / exit, address only
 * X0x4005a4
 * E 0x&lt;fn&gt; 0x&lt;site&gt; &lt;tid&gt; &lt;t_ns&gt;       extended: call site, thread id, time in ns
 * # module &lt;base&gt; &lt;path&gt;                where a binary was loaded (for symbolization)
 * # anything else                        comment
 * </pre>
 * The extended form may stop after any field ({@code E 0xfn}, {@code E 0xfn 0xsite},
 * {@code E 0xfn 0xsite tid}). Addresses are up to 64-bit hex, with or without {@code 0x}.
 */
final class PvtraceLine {
    enum Type { BLANK, COMMENT, MODULE, ENTER, EXIT, BAD }

    Type type;
    long function;
    long site;
    boolean hasThread;
    long thread;
    boolean hasTime;
    long time;
    long moduleBase;
    String modulePath;
    String problem;

    private ByteBuffer buf;
    private int pos;
    private int end;

    /** Decodes the bytes {@code [from, to)} of {@code data} (without the line break). */
    void decode(ByteBuffer data, int from, int to) {
        buf = data;
        pos = from;
        end = to;
        if (end > pos && buf.get(end - 1) == '\r') {
            end--;
        }
        hasThread = false;
        hasTime = false;
        site = 0;
        problem = null;
        skipSpaces();
        if (pos == end) {
            type = Type.BLANK;
            return;
        }
        byte c = buf.get(pos);
        if (c == '#') {
            decodeComment();
        } else if (c == 'E' || c == 'X') {
            pos++;
            decodeEvent(c == 'E' ? Type.ENTER : Type.EXIT);
        } else {
            bad("expected E, X or # at the start of the line");
        }
    }

    private void decodeEvent(Type kind) {
        skipSpaces();
        if (!hex()) {
            bad("expected a hex function address after " + (kind == Type.ENTER ? "E" : "X"));
            return;
        }
        function = number;
        type = kind;
        if (!skipSpaces()) {
            if (pos != end) {
                bad("unexpected character after the function address");
            }
            return;
        }
        if (pos == end) {
            return;
        }
        if (!hex()) {
            bad("expected a hex call-site address");
            return;
        }
        site = number;
        if (!skipSpaces() || pos == end) {
            checkEnd();
            return;
        }
        if (!decimal()) {
            bad("expected a decimal thread id");
            return;
        }
        thread = number;
        hasThread = true;
        if (!skipSpaces() || pos == end) {
            checkEnd();
            return;
        }
        if (!decimal()) {
            bad("expected a decimal time in ns");
            return;
        }
        time = number;
        hasTime = true;
        skipSpaces();
        checkEnd();
    }

    private void checkEnd() {
        if (pos != end) {
            bad("unexpected text after the fields");
        }
    }

    private void decodeComment() {
        String text = text(pos + 1, end).trim();
        if (!text.startsWith("module ") && !text.startsWith("module\t")) {
            type = Type.COMMENT;
            return;
        }
        String rest = text.substring(7).trim();
        int space = indexOfSpace(rest);
        if (space < 0) {
            bad("a module line needs a base address and a path");
            return;
        }
        String base = rest.substring(0, space);
        String hex = base.startsWith("0x") || base.startsWith("0X") ? base.substring(2) : base;
        if (hex.isEmpty() || hex.length() > 16 || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
            bad("module base is not a hex address: '" + base + "'");
            return;
        }
        moduleBase = Long.parseUnsignedLong(hex, 16);
        modulePath = rest.substring(space + 1).trim();
        type = Type.MODULE;
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private long number;

    private boolean hex() {
        if (pos + 1 < end && buf.get(pos) == '0' && (buf.get(pos + 1) == 'x' || buf.get(pos + 1) == 'X')) {
            pos += 2;
        }
        long v = 0;
        int digits = 0;
        while (pos < end) {
            int d = Character.digit(buf.get(pos), 16);
            if (d < 0) {
                break;
            }
            if (++digits > 16) {
                return false;
            }
            v = (v << 4) | d;
            pos++;
        }
        number = v;
        return digits > 0;
    }

    private boolean decimal() {
        long v = 0;
        int digits = 0;
        while (pos < end) {
            byte b = buf.get(pos);
            if (b < '0' || b > '9') {
                break;
            }
            if (v > (Long.MAX_VALUE - (b - '0')) / 10) {
                return false;
            }
            v = v * 10 + (b - '0');
            digits++;
            pos++;
        }
        number = v;
        return digits > 0 && (pos == end || buf.get(pos) == ' ' || buf.get(pos) == '\t');
    }

    /** Skips blanks; returns whether any were skipped. */
    private boolean skipSpaces() {
        int start = pos;
        while (pos < end && (buf.get(pos) == ' ' || buf.get(pos) == '\t')) {
            pos++;
        }
        return pos > start;
    }

    private void bad(String why) {
        type = Type.BAD;
        problem = why;
    }

    private String text(int from, int to) {
        byte[] b = new byte[to - from];
        buf.get(from, b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
