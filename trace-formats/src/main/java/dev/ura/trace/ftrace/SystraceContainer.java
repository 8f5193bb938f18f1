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
 * Recognises what systrace and atrace write: plain text (optionally after junk and a
 * {@code TRACE:} line), {@code atrace -z} (a zlib stream after {@code TRACE:}), or systrace HTML
 * (whose parts {@link HtmlSections} takes apart as it streams).
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

    /** How {@code data} (positioned at 0) stores its text, from its first 4 KiB. */
    static Kind kind(ByteBuffer data) {
        byte[] head = head(data);
        String h = new String(head, StandardCharsets.ISO_8859_1).stripLeading().toLowerCase(Locale.ROOT);
        if (h.startsWith("<!doctype html") || h.startsWith("<html")) {
            return Kind.HTML;
        }
        int body = body(data);
        int n = data.remaining();
        if (body > 0 && body + 1 < n && (data.get(body) & 0xFF) == 0x78 && (data.get(body + 1) & 0xFF) == 0x9C) {
            return Kind.COMPRESSED;
        }
        return Kind.TEXT;
    }

    /** Where the text starts: after a {@code TRACE:} line in the first 4 KiB (adb output before it), else 0. */
    static int body(ByteBuffer data) {
        byte[] head = head(data);
        int marker = indexOf(head, "TRACE:".getBytes(StandardCharsets.ISO_8859_1), 0, head.length);
        if (marker < 0 || (marker > 0 && head[marker - 1] != '\n')) {
            return 0;
        }
        int n = data.remaining();
        int body = marker + 6;
        if (body < n && data.get(body) == '\r') {
            body++;
        }
        if (body < n && data.get(body) == '\n') {
            body++;
        }
        return body;
    }

    private static byte[] head(ByteBuffer data) {
        byte[] head = new byte[Math.min(4096, data.remaining())];
        data.get(0, head);
        return head;
    }

    /** The inflated {@code atrace -z} text: the zlib stream at {@code from}. */
    static byte[] inflate(String source, ByteBuffer data, int from, long limit) throws TraceFormatException {
        byte[] all = new byte[data.remaining()];
        data.get(0, all);
        return inflate(source, all, from, limit);
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
