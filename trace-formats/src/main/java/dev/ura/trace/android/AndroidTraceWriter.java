package dev.ura.trace.android;

import dev.ura.trace.model.Clock;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes Android method-trace files byte for byte as ART and Dalvik do (see
 * {@code docs/android-trace-format.md}): legacy files (text key section + 'SLOW' data section,
 * record versions 1, 2, 3) and streaming files (header version 0xF2/0xF3, method and thread
 * packets before their first use, summary at the end).
 *
 * <p>Use it fluently: declare the layout, threads and methods, then add records, then
 * {@link #toBytes()}. For traces too big for memory call {@link #open(OutputStream, long)} after
 * the declarations: records then go straight to the stream and {@link #finish()} ends the file.
 *
 * <p>Times are microseconds as the file stores them: the wall offset from the trace start and the
 * thread-CPU time. They are written as unsigned 32-bit values, so a value of 2^32 or more wraps
 * exactly as a long recording does. Thread ids are truncated to the record's field (u1 for
 * version 1, u2 otherwise) as ART ≤ 13 truncates Linux tids; the {@code *threads} list keeps the
 * full id. The writer knows nothing of call nesting: unmatched exits, action 3 and undefined
 * method ids are written as given, which is what tests of reader repairs need.
 */
public final class AndroidTraceWriter {
    /** Record action: method entry. */
    public static final int ENTER = 0;
    /** Record action: method exit. */
    public static final int EXIT = 1;
    /** Record action: frame popped by an exception. */
    public static final int UNWIND = 2;

    private static final int MAGIC = 0x574F4C53;
    private static final long DALVIK_METHOD_BASE = 0x6287d960L;

    private final boolean streaming;
    private final int version;
    private final Clock clock;
    private boolean dalvik;
    private int artRelease = 11;
    private long pid = -1;
    private long startTimeUs;
    private boolean upperCaseIds;
    private int headerVersion = -1;
    private int recordSize = -1;
    private int dataOffset = 32;
    private int chunkRecords;
    private boolean summary = true;
    private final Map<String, String> propertyOverrides = new LinkedHashMap<>();
    private final Map<Long, String> threads = new LinkedHashMap<>();
    private final Map<Long, String> methodLines = new LinkedHashMap<>();
    private final ByteSink body = new ByteSink();
    private final StreamingPacketWriter packets;
    private OutputStream direct;
    private long directRecords = -1;
    private long records;
    private long maxTimeUs;
    private boolean finished;

    private AndroidTraceWriter(boolean streaming, int version, Clock clock) {
        if (version < 1 || version > 3 || (streaming && version < 2)) {
            throw new IllegalArgumentException("no such " + (streaming ? "streaming" : "legacy") + " version: " + version);
        }
        if (version < 3 && clock == Clock.DUAL) {
            throw new IllegalArgumentException("version " + version + " records hold one time; dual needs version 3");
        }
        this.streaming = streaming;
        this.version = version;
        this.clock = clock;
        this.packets = streaming ? new StreamingPacketWriter(this) : null;
    }

    /** A legacy (non-streaming) file: version 1 (9-byte records), 2 (10) or 3 (size in header). */
    public static AndroidTraceWriter legacy(int version, Clock clock) {
        return new AndroidTraceWriter(false, version, clock);
    }

    /** A streaming file: version 2 (header 0xF2) or 3 (0xF3). */
    public static AndroidTraceWriter streaming(int version, Clock clock) {
        return new AndroidTraceWriter(true, version, clock);
    }

    /** Writes as Dalvik: pointer-like method ids {@code 0x%08x}, {@code /} class names, line numbers, no pid. */
    public AndroidTraceWriter dalvik() {
        dalvik = true;
        return this;
    }

    /**
     * Writes as ART of an Android release (default 11). For streaming files it decides the
     * summary: up to 13 it lists every thread and no method; from 14 no thread and every method.
     */
    public AndroidTraceWriter artRelease(int release) {
        dalvik = false;
        artRelease = release;
        return this;
    }

    /** The {@code pid=} line (ART only; omitted when never set). */
    public AndroidTraceWriter pid(long value) {
        pid = value;
        return this;
    }

    /** The start time in the data header, µs. */
    public AndroidTraceWriter startTimeUs(long value) {
        startTimeUs = value;
        return this;
    }

    /**
     * Sets, adds or (with {@code null}) removes a key=value line. Standard keys keep their place
     * ({@code data-file-overflow, clock, elapsed-time-usec, num-method-calls,
     * clock-call-overhead-nsec, vm, pid}); others follow them in the order given.
     */
    public AndroidTraceWriter property(String key, String value) {
        propertyOverrides.put(key, value);
        return this;
    }

    /** Declares a thread for {@code *threads} (and, streaming, its packet before first use). */
    public AndroidTraceWriter thread(long id, String name) {
        threads.put(id, name);
        return this;
    }

    /** Declares a method; {@code sourceFile} {@code null} is written as {@code (null)} as bionic printf does. */
    public AndroidTraceWriter method(long id, String className, String name, String signature, String sourceFile) {
        return method(id, className, name, signature, sourceFile, -1);
    }

    /** Declares a method with a line number (written only for Dalvik, as its 6th token). */
    public AndroidTraceWriter method(long id, String className, String name, String signature, String sourceFile,
                                     int line) {
        StringBuilder sb = new StringBuilder(idText(id)).append('\t')
                .append(dalvik ? className.replace('.', '/') : className).append('\t')
                .append(name).append('\t').append(signature).append('\t')
                .append(sourceFile == null ? "(null)" : sourceFile);
        if (dalvik) {
            sb.append('\t').append(line);
        }
        methodLines.put(id, sb.append('\n').toString());
        return this;
    }

    /** The id the VM would give the method with dense index {@code index}: ART {@code index << 2}, Dalvik a pointer. */
    public long methodId(int index) {
        return dalvik ? DALVIK_METHOD_BASE + 0x38L * index : (long) index << 2;
    }

    /** Prints method ids in upper-case hex ({@code 0xFFFFFFFC}), as some hand-edited fixtures do. */
    public AndroidTraceWriter upperCaseIds() {
        upperCaseIds = true;
        return this;
    }

    /** Writes this version in the data header instead of the real one (a corrupt file). */
    public AndroidTraceWriter dataHeaderVersion(int value) {
        headerVersion = value;
        return this;
    }

    /** Version 3: a record size larger than needed (records are zero-padded). */
    public AndroidTraceWriter recordSize(int bytes) {
        if (version != 3 || bytes < fieldBytes()) {
            throw new IllegalArgumentException("record size " + bytes + " not possible for version " + version);
        }
        recordSize = bytes;
        return this;
    }

    /** A data header longer than 32 bytes (zero-padded); readers must skip to this offset. */
    public AndroidTraceWriter dataOffset(int bytes) {
        if (bytes < 18) {
            throw new IllegalArgumentException("data offset too small: " + bytes);
        }
        dataOffset = bytes;
        return this;
    }

    /**
     * Streaming: buffers each thread's records and writes them in chunks of {@code records} (and
     * the rest at the end), each preceded by the packets of methods it uses first, as ART 14 does.
     * The file is then ordered per thread only.
     */
    public AndroidTraceWriter chunked(int recordsPerChunk) {
        requireStreaming();
        chunkRecords = recordsPerChunk;
        return this;
    }

    /** Streaming: ends without the summary, like a file of a killed process. */
    public AndroidTraceWriter withoutSummary() {
        requireStreaming();
        summary = false;
        return this;
    }

    /** Streaming: writes the method packet of {@code id} now (e.g. the id+4 definition of an ART ≤ 13 proxy). */
    public AndroidTraceWriter announceMethod(long id) {
        requireStreaming();
        packets.announce(id, body);
        return this;
    }

    /** An entry record. For a single clock only that clock's time is written. */
    public AndroidTraceWriter enter(long threadId, long methodId, long wallUs, long cpuUs) {
        return record(threadId, methodId, ENTER, wallUs, cpuUs);
    }

    /** An exit record. */
    public AndroidTraceWriter exit(long threadId, long methodId, long wallUs, long cpuUs) {
        return record(threadId, methodId, EXIT, wallUs, cpuUs);
    }

    /** An unwind record (action 2). */
    public AndroidTraceWriter unwind(long threadId, long methodId, long wallUs, long cpuUs) {
        return record(threadId, methodId, UNWIND, wallUs, cpuUs);
    }

    /** A record with any action 0..3 (3 is unused by VMs; readers must cope). */
    public AndroidTraceWriter record(long threadId, long methodId, int action, long wallUs, long cpuUs) {
        if (finished) {
            throw new IllegalStateException("already finished");
        }
        if (version == 1 && (threadId < 0 || threadId > 0xFF)) {
            throw new IllegalArgumentException("version 1 thread ids are one byte: " + threadId);
        }
        records++;
        maxTimeUs = Math.max(maxTimeUs, clock == Clock.THREAD_CPU ? cpuUs : wallUs);
        ByteSink sink = streaming ? packets.beforeRecord(threadId, methodId, body) : body;
        if (version == 1) {
            sink.u1((int) threadId);
        } else {
            sink.u2((int) threadId);
        }
        sink.u4((methodId & ~3L) | (action & 3));
        if (clock != Clock.WALL) {
            sink.u4(cpuUs);
        }
        if (clock != Clock.THREAD_CPU) {
            sink.u4(wallUs);
        }
        int pad = recordBytes() - fieldBytes();
        if (pad > 0) {
            sink.zeros(pad);
        }
        if (streaming) {
            packets.afterRecord(threadId, body);
        }
        body.maybeDrain();
        return this;
    }

    /**
     * Starts writing to {@code out}: the part before the records goes out now, records follow as
     * they are added, {@link #finish()} writes the end. The caller closes {@code out}.
     *
     * @param expectedRecords legacy: the {@code num-method-calls} value (the count is not known
     *                        yet); ignored for streaming. Set {@code elapsed-time-usec} with
     *                        {@link #property} too, or it is written as the largest time so far.
     */
    public AndroidTraceWriter open(OutputStream out, long expectedRecords) {
        if (direct != null || records > 0) {
            throw new IllegalStateException("open before adding records, once");
        }
        direct = out;
        directRecords = expectedRecords;
        write(out, prefix());
        body.drainTo(out);
        return this;
    }

    /** Ends a file started with {@link #open}: flushes the records and writes what follows them. */
    public void finish() {
        if (direct == null) {
            throw new IllegalStateException("finish() is for open(); use toBytes()");
        }
        complete();
        body.flush();
        try {
            direct.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The whole file. */
    public byte[] toBytes() {
        if (direct != null) {
            throw new IllegalStateException("writing to a stream; call finish()");
        }
        complete();
        byte[] head = prefix();
        byte[] recs = body.toArray();
        byte[] all = new byte[head.length + recs.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(recs, 0, all, head.length, recs.length);
        return all;
    }

    /** Number of records added so far. */
    public long recordCount() {
        return records;
    }

    private void complete() {
        if (finished) {
            throw new IllegalStateException("already finished");
        }
        finished = true;
        if (streaming) {
            packets.flushAll(body);
            if (summary) {
                byte[] text = keySection(false).getBytes(StandardCharsets.UTF_8);
                body.u2(0);
                body.u1(StreamingPacketWriter.SUMMARY);
                body.u4(text.length);
                body.bytes(text);
            }
        }
    }

    private byte[] prefix() {
        ByteSink head = new ByteSink();
        if (!streaming) {
            head.bytes(keySection(true).getBytes(StandardCharsets.UTF_8));
        }
        head.u4(MAGIC);
        head.u2(headerVersion >= 0 ? headerVersion : (streaming ? version | 0xF0 : version));
        head.u2(dataOffset);
        head.u8(startTimeUs);
        if (streaming || version >= 3) {
            head.u2(recordBytes());
            head.zeros(dataOffset - 18);
        } else {
            head.zeros(dataOffset - 16);
        }
        return head.toArray();
    }

    /** The key section of a legacy file, or the summary of a streaming one. */
    private String keySection(boolean legacy) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("data-file-overflow", "false");
        props.put("clock", clock.label());
        props.put("elapsed-time-usec", Long.toString(maxTimeUs));
        if (legacy) {
            props.put("num-method-calls", Long.toString(direct != null ? directRecords : records));
        }
        props.put("clock-call-overhead-nsec", "0");
        props.put("vm", dalvik ? "dalvik" : "art");
        if (!dalvik && pid >= 0) {
            props.put("pid", Long.toString(pid));
        }
        for (Map.Entry<String, String> e : propertyOverrides.entrySet()) {
            if (e.getValue() == null) {
                props.remove(e.getKey());
            } else {
                props.put(e.getKey(), e.getValue());
            }
        }
        StringBuilder sb = new StringBuilder("*version\n").append(version).append('\n');
        props.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        sb.append("*threads\n");
        boolean art14Summary = !legacy && !dalvik && artRelease >= 14;
        if (!art14Summary) {
            threads.forEach((id, name) -> sb.append(id).append('\t').append(name).append('\n'));
        }
        sb.append("*methods\n");
        if (legacy) {
            methodLines.values().forEach(sb::append);
        } else if (art14Summary) {
            packets.announced().forEach(id -> sb.append(methodLines.get(id)));
        }
        return sb.append("*end\n").toString();
    }

    String methodLine(long id) {
        return methodLines.get(id);
    }

    String threadName(long id) {
        return threads.get(id);
    }

    int chunkRecords() {
        return chunkRecords;
    }

    private String idText(long id) {
        if (dalvik) {
            return String.format(Locale.ROOT, upperCaseIds ? "0x%08X" : "0x%08x", id);
        }
        if (id == 0) {
            return "0";
        }
        String hex = Long.toHexString(id);
        return "0x" + (upperCaseIds ? hex.toUpperCase(Locale.ROOT) : hex);
    }

    private int fieldBytes() {
        int idBytes = version == 1 ? 1 : 2;
        return idBytes + 4 + (clock == Clock.DUAL ? 8 : 4);
    }

    private int recordBytes() {
        return recordSize > 0 ? recordSize : fieldBytes();
    }

    private void requireStreaming() {
        if (!streaming) {
            throw new IllegalStateException("only for streaming files");
        }
    }

    private static void write(OutputStream out, byte[] bytes) {
        try {
            out.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
