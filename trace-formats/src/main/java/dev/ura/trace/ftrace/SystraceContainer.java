package dev.ura.trace.ftrace;

import dev.ura.trace.io.InflationLimit;
import dev.ura.trace.io.TraceFormatException;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Finds the ftrace text in what systrace and atrace write: plain text (optionally after junk and a
 * {@code TRACE:} line), {@code atrace -z} (a zlib stream after {@code TRACE:}), or systrace HTML
 * (modern {@code <script class="trace-data">} parts, legacy {@code var linuxPerfData = "…"}).
 */
final class SystraceContainer {
    /** How the text was stored. */
    enum Kind { TEXT, COMPRESSED, HTML, LEGACY_HTML }

    private SystraceContainer() {
    }

    /** Whether the head looks like ftrace text or systrace HTML. */
    static boolean sniff(byte[] head) {
        String s = new String(head, StandardCharsets.ISO_8859_1);
        String t = s.stripLeading();
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.startsWith("<!doctype html") || lower.startsWith("<html")) {
            return true;
        }
        if (s.startsWith("TRACE:\n") || s.startsWith("TRACE:\r\n") || s.startsWith("# tracer") || s.startsWith("cpus=")) {
            return true;
        }
        int tracer = s.indexOf("# tracer");
        if (tracer >= 0 && tracer < 1024 && !s.startsWith("{") && !s.startsWith("[")) {
            return true;
        }
        int trace = s.indexOf("\nTRACE:");
        if (trace >= 0 && trace < 2048 && !s.startsWith("{") && !s.startsWith("[")) {
            return true;
        }
        // Text without a header: the first non-blank line is an event line.
        for (String line : s.split("\n", 4)) {
            if (!line.isBlank()) {
                FtraceLine l = new FtraceLine();
                return line.startsWith(" ") && l.parse(line.replace("\r", ""));
            }
        }
        return false;
    }

    /** The ftrace text and how it was stored. */
    record Text(byte[] bytes, int offset, int length, Kind kind) {
    }

    static Text extract(String source, ByteBuffer data, long inflateLimit) throws TraceFormatException {
        int n = data.remaining();
        byte[] head = new byte[Math.min(4096, n)];
        data.duplicate().get(head);
        String h = new String(head, StandardCharsets.ISO_8859_1).stripLeading().toLowerCase(Locale.ROOT);
        byte[] all = new byte[n];
        data.duplicate().get(all);
        if (h.startsWith("<!doctype html") || h.startsWith("<html")) {
            return html(source, all);
        }
        int marker = indexOf(all, "TRACE:".getBytes(StandardCharsets.ISO_8859_1), 0, Math.min(n, 4096));
        if (marker >= 0 && (marker == 0 || all[marker - 1] == '\n')) {
            int body = marker + 6;
            if (body < n && all[body] == '\r') {
                body++;
            }
            if (body < n && all[body] == '\n') {
                body++;
            }
            if (body + 1 < n && (all[body] & 0xFF) == 0x78 && (all[body + 1] & 0xFF) == 0x9C) {
                byte[] text = inflate(source, all, body, inflateLimit);
                return new Text(text, 0, text.length, Kind.COMPRESSED);
            }
            return new Text(all, body, n - body, Kind.TEXT);
        }
        return new Text(all, 0, n, Kind.TEXT);
    }

    private static Text html(String source, byte[] all) throws TraceFormatException {
        String s = new String(all, StandardCharsets.UTF_8);
        int from = 0;
        while (true) {
            int open = s.indexOf("<script class=\"trace-data\"", from);
            if (open < 0) {
                break;
            }
            int start = s.indexOf('>', open) + 1;
            int end = s.indexOf("</script>", start);
            if (start <= 0 || end < 0) {
                break;
            }
            String part = s.substring(start, end);
            if (part.contains("# tracer") || part.contains("TASK-PID")) {
                byte[] b = part.getBytes(StandardCharsets.UTF_8);
                return new Text(b, 0, b.length, Kind.HTML);
            }
            from = end;
        }
        int legacy = s.indexOf("var linuxPerfData = \"");
        if (legacy >= 0) {
            String text = unescapeJs(s, legacy + "var linuxPerfData = \"".length());
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            return new Text(b, 0, b.length, Kind.LEGACY_HTML);
        }
        throw TraceFormatException.ofFile(source, "systrace HTML without ftrace text (no <script class=\"trace-data\">"
                + " part with '# tracer' and no linuxPerfData)", null);
    }

    /** A JavaScript string literal body up to its closing quote: backslash-newline joins, \n, \\, \". */
    private static String unescapeJs(String s, int from) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                break;
            }
            if (c != '\\' || i + 1 >= s.length()) {
                out.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case '\n' -> { }
                case '\r' -> {
                    if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                        i++;
                    }
                }
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> { }
                default -> out.append(e);
            }
        }
        return out.toString();
    }

    /**
     * Inflates the zlib body under {@link InflationLimit} (checked against the compressed bytes the
     * inflater has used after every 64 KiB, so a bomb stops early); the output grows by doubling,
     * which is bounded by the same limit.
     */
    private static byte[] inflate(String source, byte[] all, int from, long limit) throws TraceFormatException {
        Inflater inf = new Inflater();
        inf.setInput(all, from, all.length - from);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        try {
            while (!inf.finished()) {
                int k = inf.inflate(buf);
                if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break; // truncated stream: keep what inflated
                }
                out.write(buf, 0, k);
                String why = InflationLimit.exceeded(inf.getBytesWritten(), inf.getBytesRead(), limit);
                if (why != null) {
                    throw TraceFormatException.atOffset(source, from, "compressed systrace (zlib after TRACE:) " + why);
                }
            }
        } catch (DataFormatException e) {
            throw TraceFormatException.atOffset(source, from, "corrupt zlib data after TRACE: (" + e.getMessage() + ")");
        } finally {
            inf.end();
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] a, byte[] pat, int from, int to) {
        outer:
        for (int i = from; i + pat.length <= to; i++) {
            for (int j = 0; j < pat.length; j++) {
                if (a[i + j] != pat[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
