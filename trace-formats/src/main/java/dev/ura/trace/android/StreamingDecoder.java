package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes a streaming trace (header version 0xF1..0xF3): records interleaved with method, thread
 * and summary packets. The clock is only known from the summary at the end, so records are decoded
 * in the second pass; without a summary (a killed process) the clock is inferred from the record
 * size (14 bytes can only be dual) and a warning says the file looks truncated.
 */
final class StreamingDecoder implements RecordScanner.PacketHandler {
    private static final int NEW_METHOD = 1;
    private static final int NEW_THREAD = 2;
    private static final int SUMMARY = 3;

    private final String source;
    private final ByteBuffer buf;
    private final int idBytes;
    private final int limit;
    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final Map<Long, String> names = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final DataHeader header;
    private KeySection summary;
    private int badMethodPackets;

    private StreamingDecoder(String source, ByteBuffer buf, DataHeader header) {
        this.source = source;
        this.buf = buf;
        this.header = header;
        this.idBytes = header.version() == 1 ? 1 : 2;
        this.limit = buf.limit();
    }

    static Trace decode(String source, ByteBuffer buf, Progress progress) throws TraceFormatException {
        DataHeader header = DataHeader.read(source, buf, 0, "streaming header");
        return new StreamingDecoder(source, buf, header).run(progress);
    }

    private Trace run(Progress progress) throws TraceFormatException {
        int idBytes = header.version() == 1 ? 1 : 2;
        if (header.recordSize() < idBytes + 8) {
            throw TraceFormatException.atOffset(source, 16, "record size " + header.recordSize() + " is too small");
        }
        RecordScanner scanner = new RecordScanner(buf, header.recordsStart(), header.recordSize(), idBytes, true,
                progress);
        scanner.countPass(this);
        if (scanner.partialBytes() > 0) {
            warnings.add("file ends inside a record at byte " + scanner.end() + " (" + scanner.partialBytes()
                    + " byte" + TraceAssembler.plural(scanner.partialBytes()) + " ignored; truncated file?)");
        }
        if (badMethodPackets > 0) {
            warnings.add(badMethodPackets + " unreadable method packet" + TraceAssembler.plural(badMethodPackets)
                    + " ignored");
        }
        Map<String, String> props = summary == null ? Map.of() : summary.properties();
        Clock clock;
        if (summary == null) {
            clock = header.recordSize() >= 14 ? Clock.DUAL : Clock.THREAD_CPU;
            warnings.add(0, "no summary at the end (truncated file?); clock " + clock.label() + " inferred from the "
                    + header.recordSize() + "-byte records");
        } else {
            clock = LegacyDecoder.clockOf(props.get("clock"), header, warnings);
            summary.threads().forEach(names::putIfAbsent);
        }
        if ("true".equals(props.get("data-file-overflow"))) {
            warnings.add("data-file-overflow=true: the VM's trace buffer filled up and later events were not"
                    + " recorded");
        }
        MethodResolver resolver = new MethodResolver(methods, true);
        List<CallTable> tables = scanner.buildPass(this::skip, clock, resolver);
        return TraceAssembler.assemble(new TraceAssembler.Parts(source, "streaming", header, clock, props, names,
                scanner, tables, methods, resolver, warnings));
    }

    /** Pass 1: reads a packet (definitions, names, summary). */
    @Override
    public int packet(int pos) throws TraceFormatException {
        int p = pos + idBytes;
        if (limit - p < 1) {
            return truncated(pos, "packet");
        }
        int code = buf.get(p) & 0xFF;
        p++;
        switch (code) {
            case NEW_METHOD -> {
                if (limit - p < 2 || limit - p - 2 < (buf.getShort(p) & 0xFFFF)) {
                    return truncated(pos, "method packet");
                }
                int len = buf.getShort(p) & 0xFFFF;
                String text = utf8(p + 2, len);
                MethodInfo m = MethodLineParser.parse(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
                if (m == null) {
                    badMethodPackets++;
                } else {
                    methods.define(m);
                }
                return p + 2 + len;
            }
            case NEW_THREAD -> {
                if (limit - p < 4 || limit - p - 4 < (buf.getShort(p + 2) & 0xFFFF)) {
                    return truncated(pos, "thread packet");
                }
                int len = buf.getShort(p + 2) & 0xFFFF;
                names.put((long) (buf.getShort(p) & 0xFFFF), utf8(p + 4, len));
                return p + 4 + len;
            }
            case SUMMARY -> {
                if (limit - p < 4 || limit - p - 4 < (buf.getInt(p) & 0xFFFF_FFFFL)) {
                    return truncated(pos, "summary packet");
                }
                int len = buf.getInt(p);
                summary = KeySection.parse(source, buf, p + 4, p + 4 + len, methods, warnings);
                if (summary.version() != header.version()) {
                    throw TraceFormatException.atOffset(source, p + 4, "summary *version " + summary.version()
                            + " does not match header version " + header.rawVersion() + " (0x"
                            + Integer.toHexString(header.rawVersion()) + ")");
                }
                return p + 4 + len;
            }
            default -> {
                warnings.add("unknown packet code " + code + " at byte " + pos + "; the remaining "
                        + (limit - pos) + " bytes were ignored");
                return -1;
            }
        }
    }

    /** Pass 2: steps over a packet pass 1 already checked. */
    private int skip(int pos) {
        int p = pos + idBytes;
        int code = buf.get(p) & 0xFF;
        return switch (code) {
            case NEW_METHOD -> p + 3 + (buf.getShort(p + 1) & 0xFFFF);
            case NEW_THREAD -> p + 5 + (buf.getShort(p + 3) & 0xFFFF);
            default -> p + 5 + buf.getInt(p + 1);
        };
    }

    private int truncated(int pos, String what) {
        warnings.add("file ends inside a " + what + " at byte " + pos + " (truncated file?); the rest was ignored");
        return -1;
    }

    private String utf8(int at, int len) {
        byte[] bytes = new byte[len];
        buf.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
