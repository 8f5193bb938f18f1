package dev.ura.trace.android;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The packets of a streaming trace (a zero thread id, then a code: method, thread or summary),
 * read in pass 1 into method definitions, thread names and the summary, and stepped over in
 * pass 2; then what pass 1 tells: the clock (from the summary, or inferred from the record size
 * when there is none) and the warnings. Shared by the full reader ({@link StreamingDecoder}) and
 * the one-pass scan ({@link StreamingFormatScan}), so both see the same file.
 */
final class StreamingPackets implements StreamingRecords.PacketHandler {
    private static final int NEW_METHOD = 1;
    private static final int NEW_THREAD = 2;
    private static final int SUMMARY = 3;

    private final String source;
    private final ByteWindow w;
    private final DataHeader header;
    private final int idBytes;
    final MethodTable.Builder methods = new MethodTable.Builder();
    final Map<Long, String> names = new LinkedHashMap<>();
    final List<String> warnings = new ArrayList<>();
    private KeySection summary;
    private int badMethodPackets;

    StreamingPackets(String source, ByteWindow w, DataHeader header) {
        this.source = source;
        this.w = w;
        this.header = header;
        this.idBytes = idBytes(header);
    }

    /** Reads and checks the header of a streaming file (its first 32 bytes are in {@code buf}). */
    static DataHeader header(String source, java.nio.ByteBuffer buf) throws TraceFormatException {
        DataHeader header = DataHeader.read(source, buf, 0, "streaming header");
        if (header.recordSize() < idBytes(header) + 8) {
            throw TraceFormatException.atOffset(source, 16, "record size " + header.recordSize() + " is too small");
        }
        return header;
    }

    /** Bytes of a record's thread id. */
    static int idBytes(DataHeader header) {
        return header.version() == 1 ? 1 : 2;
    }

    /** Pass 1: reads a packet (definitions, names, summary). */
    @Override
    public int packet(int pos) throws TraceFormatException {
        int p = pos + idBytes;
        if (!w.has(p, 1)) {
            return truncated(pos, "packet");
        }
        int code = w.u1(p);
        p++;
        switch (code) {
            case NEW_METHOD -> {
                int len = w.has(p, 2) ? w.u2(p) : -1;
                if (len < 0 || !w.has(p + 2, len)) {
                    return truncated(pos, "method packet");
                }
                String text = w.utf8(p + 2, len);
                MethodInfo m = MethodLineParser.parse(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
                if (m == null) {
                    badMethodPackets++;
                } else {
                    methods.define(m);
                }
                return p + 2 + len;
            }
            case NEW_THREAD -> {
                if (!w.has(p, 4)) {
                    return truncated(pos, "thread packet");
                }
                long id = w.u2(p);
                int len = w.u2(p + 2);
                if (!w.has(p + 4, len)) {
                    return truncated(pos, "thread packet");
                }
                names.put(id, w.utf8(p + 4, len));
                return p + 4 + len;
            }
            case SUMMARY -> {
                long len = w.has(p, 4) ? w.s4(p) & 0xFFFF_FFFFL : -1;
                if (len < 0 || len > w.limit() - p - 4) {
                    return truncated(pos, "summary packet");
                }
                // read through the window line by line: a summary may be larger than a block
                summary = KeySection.parse(source, w, p + 4, p + 4 + (int) len, methods, warnings);
                if (summary.version() != header.version()) {
                    throw TraceFormatException.atOffset(source, p + 4, "summary *version " + summary.version()
                            + " does not match header version " + header.rawVersion() + " (0x"
                            + Integer.toHexString(header.rawVersion()) + ")");
                }
                return p + 4 + (int) len;
            }
            default -> {
                warnings.add("unknown packet code " + code + " at byte " + pos + "; the remaining "
                        + (w.limit() - pos) + " bytes were ignored");
                return -1;
            }
        }
    }

    /** Pass 2: steps over a packet pass 1 already read. */
    int skip(int pos) {
        int p = pos + idBytes;
        w.has(p, 1);
        int code = w.u1(p);
        w.has(p, code == NEW_METHOD ? 3 : 5);
        return switch (code) {
            case NEW_METHOD -> p + 3 + w.u2(p + 1);
            case NEW_THREAD -> p + 5 + w.u2(p + 3);
            default -> p + 5 + w.s4(p + 1);
        };
    }

    private int truncated(int pos, String what) {
        warnings.add("file ends inside a " + what + " at byte " + pos + " (truncated file?); the rest was ignored");
        return -1;
    }

    /**
     * After pass 1 over {@code records}: notes what was cut or unreadable and returns the clock
     * (the summary's, or inferred from the record size when there is no summary).
     */
    Clock afterCount(StreamingRecords records) {
        if (records.partialBytes() > 0) {
            warnings.add("file ends inside a record at byte " + records.end() + " (" + records.partialBytes()
                    + " byte" + TraceAssembler.plural(records.partialBytes()) + " ignored; truncated file?)");
        }
        if (badMethodPackets > 0) {
            warnings.add(badMethodPackets + " unreadable method packet" + TraceAssembler.plural(badMethodPackets)
                    + " ignored");
        }
        Clock clock;
        if (summary == null) {
            clock = header.recordSize() >= 14 ? Clock.DUAL : Clock.THREAD_CPU;
            warnings.add(0, "no summary at the end (truncated file?); clock " + clock.label() + " inferred from the "
                    + header.recordSize() + "-byte records");
        } else {
            clock = LegacyDecoder.clockOf(properties().get("clock"), header, warnings);
            summary.threads().forEach(names::putIfAbsent);
        }
        if ("true".equals(properties().get("data-file-overflow"))) {
            warnings.add("data-file-overflow=true: the VM's trace buffer filled up and later events were not"
                    + " recorded");
        }
        return clock;
    }

    /** The summary's key=value lines (none without a summary). */
    Map<String, String> properties() {
        return summary == null ? Map.of() : summary.properties();
    }
}
