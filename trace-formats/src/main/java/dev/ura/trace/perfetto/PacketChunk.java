package dev.ura.trace.perfetto;

import dev.ura.trace.system.ChunkTables;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A run of whole top-level packets of the file, copied out of it and decoded as far as can be
 * done away from the reading thread: each ftrace bundle that needs no sequence state is decoded
 * into a segment of {@link #tables} (the model's work done here) or, when the tables do not take
 * one of its calls, into {@link FtraceOps}; a TrackEvent's own fields are read into {@link #events}
 * (its sequence's part waits for the reading thread); every other packet is left for the reading thread,
 * which decodes packets in file order and merges or replays the bundles in between
 * ({@link PerfettoReader}). Reused for chunk after chunk.
 */
final class PacketChunk {
    /** A packet the reading thread decodes itself (it needs sequence state, or its header is corrupt). */
    static final byte RAW = 0;
    /** A self-contained ftrace bundle whose calls are in {@link #ops}. */
    static final byte FTRACE = 1;
    /** A self-contained ftrace bundle in {@link #tables}, segment {@link #segment}. */
    static final byte COLUMNS = 2;
    /**
     * A TrackEvent packet: its header's time, clock, interned data and defaults in {@link #header},
     * its event's fields in row {@link #segment}
     * of {@link #events}; its interned data, defaults, time and event still wait for the reading
     * thread (they need the sequence's state).
     */
    static final byte TRACK_EVENT = 3;

    /** File offset of {@code buf[0]} and the chunk's bytes {@code buf[0, length)}. */
    int fileOffset;
    int length;
    byte[] buf = new byte[0];
    /** Packets with a non-empty payload of field 1, in file order. */
    int packets;
    byte[] kind = new byte[64];
    /** File offset of each packet's key (for error messages), its bytes {@code buf[from, to)}. */
    int[] keyAt = new int[64];
    int[] from = new int[64];
    int[] to = new int[64];
    /** FTRACE, COLUMNS, TRACK_EVENT: the header's sequence id, flags and loss flag, the end of its calls in {@link #ops}, its error. */
    long[] seqId = new long[64];
    long[] flags = new long[64];
    boolean[] dropped = new boolean[64];
    int[] opsEnd = new int[64];
    int[] segment = new int[64];
    String[] malformed = new String[64];
    /** TRACK_EVENT: the header's time and clock (2 per packet), interned data and defaults bounds (4 per packet). */
    long[] headerLongs = new long[2 * 64];
    int[] headerInts = new int[4 * 64];
    final TrackEventFields events = new TrackEventFields();
    final FtraceOps ops = new FtraceOps();
    final ChunkTables tables = new ChunkTables();
    private final ColumnSink columns = new ColumnSink();
    private final Pb pb = new Pb(new byte[0], 0, 0);

    /**
     * Copies the file's bytes {@code [start, end)} (whole packets whose headers the reader has
     * checked) and decodes them with {@code ftrace}.
     */
    void decode(ByteBuffer file, int start, int end, FtraceDecoder ftrace) {
        fileOffset = start;
        length = end - start;
        if (buf.length < length) {
            buf = new byte[length];
        }
        file.get(start, buf, 0, length);
        Arrays.fill(malformed, 0, packets, null);
        packets = 0;
        events.clear();
        ops.clear();
        tables.clear();
        int pos = 0;
        while (pos < length) {
            int at = pos;
            long key = 0;
            int shift = 0;
            byte b0;
            do {
                b0 = buf[pos++];
                key |= (long) (b0 & 0x7F) << shift;
                shift += 7;
            } while (b0 < 0);
            long len = 0;
            shift = 0;
            do {
                b0 = buf[pos++];
                len |= (long) (b0 & 0x7F) << shift;
                shift += 7;
            } while (b0 < 0);
            int n = (int) len;
            if ((key >>> 3) == 1 && n > 0) {
                packet(fileOffset + at, pos, pos + n, ftrace);
            }
            pos += n;
        }
    }

    private void packet(int at, int start, int end, FtraceDecoder ftrace) {
        int p = packets++;
        if (p == kind.length) {
            int n = p * 2;
            kind = Arrays.copyOf(kind, n);
            keyAt = Arrays.copyOf(keyAt, n);
            from = Arrays.copyOf(from, n);
            to = Arrays.copyOf(to, n);
            seqId = Arrays.copyOf(seqId, n);
            flags = Arrays.copyOf(flags, n);
            dropped = Arrays.copyOf(dropped, n);
            opsEnd = Arrays.copyOf(opsEnd, n);
            segment = Arrays.copyOf(segment, n);
            malformed = Arrays.copyOf(malformed, n);
            headerLongs = Arrays.copyOf(headerLongs, 2 * n);
            headerInts = Arrays.copyOf(headerInts, 4 * n);
        }
        keyAt[p] = at;
        from[p] = start;
        to[p] = end;
        kind[p] = RAW;
        pb.reset(buf, start, end);
        try {
            PacketHeader h = new PacketHeader().read(pb);
            if (h.selfContainedFtrace()) {
                seqId[p] = h.seqId;
                flags[p] = h.flags;
                dropped[p] = h.dropped;
                bundle(p, h.payloadStart, h.payloadEnd, ftrace);
            } else if (h.payload == 11) {
                trackEvent(p, h);
            }
        } catch (Pb.Malformed e) {
            // A corrupt header stays RAW: the reading thread meets the same error in the same place.
        }
        opsEnd[p] = ops.size();
    }

    /**
     * A TrackEvent's own fields read here; a malformed one stays RAW, so the reading thread meets
     * the error where the direct decode does (after the packet's interned data and time).
     */
    private void trackEvent(int p, PacketHeader h) {
        pb.reset(buf, h.payloadStart, h.payloadEnd);
        try {
            segment[p] = events.read(pb);
        } catch (Pb.Malformed e) {
            events.dropLast();
            return;
        }
        kind[p] = TRACK_EVENT;
        seqId[p] = h.seqId;
        flags[p] = h.flags;
        dropped[p] = h.dropped;
        headerLongs[2 * p] = h.ts;
        headerLongs[2 * p + 1] = h.clock;
        headerInts[4 * p] = h.internStart;
        headerInts[4 * p + 1] = h.internEnd;
        headerInts[4 * p + 2] = h.defaultsStart;
        headerInts[4 * p + 3] = h.defaultsEnd;
    }

    /**
     * A TRACK_EVENT packet's header as far as the reading thread needs it (time, clock, interned
     * data, defaults), into {@code h} (primitive columns, not a header object kept per packet).
     */
    PacketHeader header(int p, PacketHeader h) {
        h.ts = headerLongs[2 * p];
        h.clock = headerLongs[2 * p + 1];
        h.internStart = headerInts[4 * p];
        h.internEnd = headerInts[4 * p + 1];
        h.defaultsStart = headerInts[4 * p + 2];
        h.defaultsEnd = headerInts[4 * p + 3];
        return h;
    }

    /**
     * A bundle into the chunk's tables, or, when they refuse one of its calls, its calls recorded.
     * A corrupt bundle keeps what was decoded before the error, as the direct decode would.
     */
    private void bundle(int p, int start, int end, FtraceDecoder ftrace) {
        kind[p] = COLUMNS;
        columns.begin(tables);
        ftrace.sink(columns);
        malformed[p] = decodeBundle(start, end, ftrace);
        if (!columns.refused) {
            segment[p] = tables.end();
            return;
        }
        tables.drop();
        kind[p] = FTRACE;
        ftrace.sink(ops);
        malformed[p] = decodeBundle(start, end, ftrace);
    }

    /** Decodes the bundle {@code buf[start, end)}; its error, or null. */
    private String decodeBundle(int start, int end, FtraceDecoder ftrace) {
        pb.reset(buf, start, end);
        try {
            ftrace.bundle(pb);
            return null;
        } catch (Pb.Malformed e) {
            return e.getMessage();
        }
    }
}
