package dev.ura.trace.android;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text part of a trace: the key section of a legacy file or the summary of a streaming one
 * ({@code *version}, key=value lines, {@code *threads}, {@code *methods}, {@code *end}). Method
 * lines are defined straight into a {@link MethodTable.Builder}. Offsets are bytes (names are
 * UTF-8, so characters would be wrong).
 *
 * @param version    the number after {@code *version}
 * @param properties every key=value line in file order (split at the first {@code =})
 * @param threads    thread id to name, in file order
 * @param methods    number of method lines defined
 * @param end        the byte offset just after the {@code *end} line
 */
record KeySection(int version, Map<String, String> properties, Map<Long, String> threads, int methods, int end) {

    /**
     * Parses text starting at {@code from} (which must hold {@code *version}) up to {@code *end}.
     *
     * @param limit    end of the text region (the file end for a legacy file)
     * @param warnings collects lines that were skipped
     * @throws TraceFormatException when the version line is bad or there is no {@code *end}
     */
    static KeySection parse(String source, ByteBuffer buf, int from, int limit, MethodTable.Builder methodTable,
                            List<String> warnings) throws TraceFormatException {
        return parse(source, new Text() {
            @Override
            public byte at(int pos) {
                return buf.get(pos);
            }

            @Override
            public void copy(int pos, byte[] dst, int len) {
                buf.get(pos, dst, 0, len);
            }
        }, from, limit, methodTable, warnings);
    }

    /** Bytes of the text by content offset (a buffer, or a streaming file read in blocks). */
    interface Text {
        byte at(int pos);

        /** Copies {@code len} bytes at {@code pos} to the start of {@code dst}. */
        void copy(int pos, byte[] dst, int len);
    }

    /** As {@link #parse(String, ByteBuffer, int, int, MethodTable.Builder, List)}, from {@code text}. */
    static KeySection parse(String source, Text text, int from, int limit, MethodTable.Builder methodTable,
                            List<String> warnings) throws TraceFormatException {
        Lines lines = new Lines(text, from, limit);
        String first = lines.next();
        if (first == null || !first.equals("*version")) {
            throw TraceFormatException.atOffset(source, from, "expected \"*version\" at the start of the key section");
        }
        int versionAt = lines.pos;
        String versionText = lines.next();
        int version;
        try {
            version = versionText == null ? -1 : Integer.parseInt(versionText.trim());
        } catch (NumberFormatException e) {
            version = -1;
        }
        if (version < 0) {
            throw TraceFormatException.atOffset(source, versionAt, versionText == null
                    ? "key section ends after \"*version\" (truncated file)"
                    : "bad *version number \"" + shorten(versionText) + "\"");
        }
        Map<String, String> props = new LinkedHashMap<>();
        Map<Long, String> threads = new LinkedHashMap<>();
        int methods = 0;
        int skipped = 0;
        String section = "";
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (line.startsWith("*")) {
                if (line.equals("*end")) {
                    if (skipped > 0) {
                        warnings.add(skipped + " unreadable key-section line" + (skipped == 1 ? "" : "s") + " ignored");
                    }
                    return new KeySection(version, props, threads, methods, lines.pos);
                }
                section = line;
                continue;
            }
            switch (section) {
                case "" -> {
                    int eq = line.indexOf('=');
                    if (eq > 0) {
                        props.put(line.substring(0, eq), line.substring(eq + 1));
                    } else if (!line.isEmpty()) {
                        skipped++;
                    }
                }
                case "*threads" -> skipped += addThread(line, threads) ? 0 : 1;
                case "*methods" -> {
                    MethodInfo m = MethodLineParser.parse(line);
                    if (m == null) {
                        skipped++;
                    } else {
                        methodTable.define(m);
                        methods++;
                    }
                }
                default -> skipped++;
            }
        }
        throw TraceFormatException.atOffset(source, limit, "key section has no \"*end\" line (file ends at byte "
                + limit + ")");
    }

    private static boolean addThread(String line, Map<Long, String> threads) {
        int sep = line.indexOf('\t');
        if (sep < 0) {
            sep = line.indexOf(' ');
        }
        try {
            long id = Long.parseLong((sep < 0 ? line : line.substring(0, sep)).trim());
            threads.put(id, sep < 0 ? "" : line.substring(sep + 1));
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String shorten(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }

    /** UTF-8 lines of a byte region, ending at {@code \n} (a trailing {@code \r} is dropped). */
    private static final class Lines {
        private final Text buf;
        private final int limit;
        private int pos;
        private byte[] scratch = new byte[256];

        Lines(Text buf, int from, int limit) {
            this.buf = buf;
            this.pos = from;
            this.limit = limit;
        }

        /** The next complete line, or {@code null} at the end of the region or of a line without {@code \n}. */
        String next() {
            int i = pos;
            while (i < limit && buf.at(i) != '\n') {
                i++;
            }
            if (i >= limit) {
                return null;
            }
            int len = i - pos;
            if (len > 0 && buf.at(i - 1) == '\r') {
                len--;
            }
            if (scratch.length < len) {
                scratch = new byte[Math.max(len, scratch.length * 2)];
            }
            buf.copy(pos, scratch, len);
            pos = i + 1;
            return new String(scratch, 0, len, StandardCharsets.UTF_8);
        }
    }
}
