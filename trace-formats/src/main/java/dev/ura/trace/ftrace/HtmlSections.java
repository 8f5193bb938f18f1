package dev.ura.trace.ftrace;

import java.nio.charset.StandardCharsets;

/**
 * Splits systrace HTML, line by line as it streams past, into what it carries: modern
 * {@code <script class="trace-data">} parts (the ftrace text — the first part with it is read,
 * as catapult's importer does; {@code PROCESS DUMP} parts, the ps listing systrace adds; other
 * parts, e.g. JSON, are skipped) and the legacy {@code var linuxPerfData = "…"} string, whose
 * JavaScript escapes are undone here ({@code \n} ends a line, a backslash before the line break
 * joins, {@code \\}, {@code \"}, {@code \t}).
 */
final class HtmlSections implements LineStream.Sink {
    private static final byte[] SCRIPT = "<script class=\"trace-data\"".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] CLOSE = "</script>".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] LEGACY = "var linuxPerfData = \"".getBytes(StandardCharsets.ISO_8859_1);

    private enum State { OUTSIDE, PART_START, FTRACE, DUMP, SKIP, LEGACY, DONE_LEGACY }

    private final LineStream.Sink ftrace;
    private final LineStream.Sink dump;
    private State state = State.OUTSIDE;
    private boolean ftraceSeen;
    private boolean legacySeen;
    private int laterFtraceParts;
    private byte[] out = new byte[256];
    private int outLen;

    HtmlSections(LineStream.Sink ftrace, LineStream.Sink dump) {
        this.ftrace = ftrace;
        this.dump = dump;
    }

    /** Whether any ftrace text was found. */
    boolean ftraceSeen() {
        return ftraceSeen;
    }

    /** Parts with ftrace text after the first one (not read: see {@link FtraceTextReader}). */
    int laterFtraceParts() {
        return laterFtraceParts;
    }

    /**
     * Whether the file ended inside the ftrace text: a {@code trace-data} part without its
     * {@code </script>}, or the legacy string without its closing quote or script end (a cut file).
     */
    boolean endedInsideTrace() {
        return state == State.FTRACE || state == State.LEGACY;
    }

    /** Whether the ftrace text was the legacy {@code linuxPerfData} string. */
    boolean legacy() {
        return legacySeen;
    }

    @Override
    public void line(byte[] b, int from, int to, long lineNo) {
        switch (state) {
            case OUTSIDE -> {
                int s = markerAt(b, from, to, SCRIPT);
                if (s >= 0) {
                    int gt = indexOf(b, s, to, new byte[] {'>'});
                    state = State.PART_START;
                    if (gt >= 0 && gt + 1 < to) {
                        line(b, gt + 1, to, lineNo);
                    }
                    return;
                }
                int l = markerAt(b, from, to, LEGACY);
                if (l >= 0 && ftraceSeen) {
                    laterFtraceParts++;
                } else if (l >= 0) {
                    state = State.LEGACY;
                    legacySeen = true;
                    ftraceSeen = true;
                    unescape(b, l + LEGACY.length, to, lineNo);
                }
            }
            case PART_START -> {
                int close = indexOf(b, from, to, CLOSE);
                int end = close >= 0 ? close : to;
                int p = from;
                while (p < end && (b[p] == ' ' || b[p] == '\t')) {
                    p++;
                }
                if (p < end) {
                    if (startsWith(b, p, end, "PROCESS DUMP")) {
                        state = State.DUMP;
                    } else if (!ftraceSeen && (b[p] == '#' || looksLikeEvent(b, from, end))) {
                        state = State.FTRACE;
                        ftraceSeen = true;
                        ftrace.line(b, from, end, lineNo);
                    } else {
                        if (ftraceSeen && (b[p] == '#' || looksLikeEvent(b, from, end))) {
                            laterFtraceParts++;
                        }
                        state = State.SKIP;
                    }
                }
                if (close >= 0) {
                    state = State.OUTSIDE;
                }
            }
            case FTRACE, DUMP, SKIP -> {
                int close = indexOf(b, from, to, CLOSE);
                int end = close >= 0 ? close : to;
                if (state == State.FTRACE) {
                    if (end > from && !blank(b, from, end)) {
                        ftrace.line(b, from, end, lineNo);
                    }
                } else if (state == State.DUMP) {
                    dump.line(b, from, end, lineNo);
                }
                if (close >= 0) {
                    state = State.OUTSIDE;
                }
            }
            case LEGACY -> {
                int close = indexOf(b, from, to, CLOSE);
                if (close >= 0) { // a string never closed (cut-down files): the script's end ends it
                    unescape(b, from, close, lineNo);
                    flush(lineNo);
                    state = State.DONE_LEGACY;
                } else {
                    unescape(b, from, to, lineNo);
                }
            }
            case DONE_LEGACY -> {
                if (markerAt(b, from, to, SCRIPT) >= 0) {
                    state = State.OUTSIDE;
                    line(b, from, to, lineNo);
                }
            }
        }
    }

    /**
     * One physical line of the JavaScript string literal: text lines go to the ftrace sink. Runs of
     * plain bytes are copied whole; a line that is one run ended by {@code \\n} (catapult writes
     * every event line so) goes to the sink straight from the input, not copied at all.
     */
    private void unescape(byte[] b, int from, int to, long lineNo) {
        boolean joined = false;
        int i = from;
        while (i < to) {
            int run = i;
            while (run < to && b[run] != '"' && b[run] != '\\') {
                run++;
            }
            if (run + 1 < to && b[run] == '\\' && b[run + 1] == 'n' && outLen == 0) {
                if (run > i) {
                    ftrace.line(b, i, run, lineNo);
                }
                i = run + 2;
                continue;
            }
            putAll(b, i, run);
            i = run;
            if (i == to) {
                break;
            }
            byte c = b[i];
            if (c == '"') {
                flush(lineNo);
                state = State.DONE_LEGACY;
                return;
            }
            if (i + 1 >= to) {
                joined = true; // backslash before the line break: the string goes on
                break;
            }
            byte e = b[++i];
            switch (e) {
                case 'n' -> flush(lineNo);
                case 't' -> put((byte) '\t');
                case 'r' -> { }
                default -> put(e);
            }
            i++;
        }
        if (!joined) {
            flush(lineNo); // a raw line break inside the string: read as the end of a line
        }
    }

    private void putAll(byte[] b, int from, int to) {
        int n = to - from;
        if (n <= 0) {
            return;
        }
        if (outLen + n > out.length) {
            out = java.util.Arrays.copyOf(out, Math.max(out.length * 2, outLen + n));
        }
        System.arraycopy(b, from, out, outLen, n);
        outLen += n;
    }

    private void put(byte c) {
        if (outLen == out.length) {
            out = java.util.Arrays.copyOf(out, out.length * 2);
        }
        out[outLen++] = c;
    }

    private void flush(long lineNo) {
        if (outLen > 0) {
            ftrace.line(out, 0, outLen, lineNo);
        }
        outLen = 0;
    }

    /**
     * Where {@code marker} starts a part on this line, or -1. A part's marker opens its line (after
     * indentation) or follows another tag's {@code >}; anywhere else it is text inside the page's
     * JavaScript: the trace viewer that systrace embeds since about 2017 holds both markers in the
     * regular expressions of its own importer ({@code /^  <script class="trace-data" …>$/},
     * {@code /^  var linuxPerfData = "\\$/}), and taking those for parts hid the real ones.
     */
    static int markerAt(byte[] b, int from, int to, byte[] marker) {
        int at = indexOf(b, from, to, marker);
        while (at >= 0) {
            int q = at - 1;
            while (q >= from && (b[q] == ' ' || b[q] == '\t')) {
                q--;
            }
            if (q < from || b[q] == '>') {
                return at;
            }
            at = indexOf(b, at + 1, to, marker);
        }
        return -1;
    }

    private static boolean looksLikeEvent(byte[] b, int from, int to) {
        return new FtraceLine().parse(b, from, to);
    }

    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    static boolean startsWith(byte[] b, int from, int to, String prefix) {
        if (to - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first {@code pat} in {@code a[from, to)}, or -1. Every line of the legacy string is searched
     * for {@code </script>}, so the loop looks for the first byte alone and compares the rest only
     * where it is found.
     */
    static int indexOf(byte[] a, int from, int to, byte[] pat) {
        byte first = pat[0];
        int last = to - pat.length;
        for (int i = from; i <= last; i++) {
            if (a[i] != first) {
                continue;
            }
            int j = 1;
            while (j < pat.length && a[i + j] == pat[j]) {
                j++;
            }
            if (j == pat.length) {
                return i;
            }
        }
        return -1;
    }
}
