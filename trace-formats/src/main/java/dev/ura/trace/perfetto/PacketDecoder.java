package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

import java.util.HashMap;
import java.util.Map;

/**
 * Decodes one TracePacket: header fields first (sequence, flags, interning, defaults, clock),
 * then its payload. Payload kinds ura does not model are skipped by wire type.
 */
final class PacketDecoder {
    private final SystemTraceBuilder b;
    private final FtraceDecoder ftrace;
    private final FrameTimelineDecoder frameTimeline;
    private final ClockConverter clocks = new ClockConverter();
    private final TrackEventDecoder trackEventDecoder;
    private final Map<Long, Sequence> sequences = new HashMap<>();
    /** The sequence of the previous packet: packets of one writer come in runs. */
    private long lastSeqId = Long.MIN_VALUE;
    private Sequence lastSeq;
    private final Map<String, String> props;
    private final Compressed compressed;

    /** Decompresses a {@code compressed_packets} payload and decodes the packets in it. */
    interface Compressed {
        void packets(byte[] buf, int from, int to, boolean zstd);
    }

    PacketDecoder(SystemTraceBuilder b, Map<String, String> props, Compressed compressed) {
        this.b = b;
        this.ftrace = new FtraceDecoder(new BuilderSink(b));
        this.frameTimeline = new FrameTimelineDecoder(b);
        this.trackEventDecoder = new TrackEventDecoder(b, clocks);
        this.props = props;
        this.compressed = compressed;
    }

    void packet(Pb pb) {
        PacketHeader h = new PacketHeader().read(pb);
        Sequence seq = admit(h.seqId, h.flags, h.dropped);
        if (seq == null) {
            return;
        }
        int end = pb.limit;
        state(pb, h, seq);
        if (h.payload != 0) {
            pb.pos = h.payloadStart;
            pb.limit = h.payloadEnd;
            payload(pb, h.payload, h.ts, h.clock, seq);
        }
        pb.pos = end;
        pb.limit = end;
    }

    /**
     * A TrackEvent packet (header {@code h}, bytes in {@code pb}) whose event a decoding thread
     * read into row {@code i} of {@code ev}, admitted to {@code seq}: its interned data, defaults,
     * time and event, as {@link #packet} would apply them.
     */
    void trackEvent(Pb pb, PacketHeader h, Sequence seq, TrackEventFields ev, int i) {
        int end = pb.limit;
        state(pb, h, seq);
        trackEventDecoder.apply(ev, i, time(h.ts, h.clock, seq), seq);
        pb.pos = end;
        pb.limit = end;
    }

    /** The packet's interned data and defaults, into its sequence's state. */
    private void state(Pb pb, PacketHeader h, Sequence seq) {
        if (h.internStart >= 0 && !seq.lostSinceClear) { // interning while lost could name events wrongly
            pb.pos = h.internStart;
            pb.limit = h.internEnd;
            interned(pb, seq);
        }
        if (h.defaultsStart >= 0) {
            pb.pos = h.defaultsStart;
            pb.limit = h.defaultsEnd;
            defaults(pb, seq);
        }
    }

    /**
     * The sequence bookkeeping of a packet (clears, losses), before its content: the packet's
     * sequence, or null when the packet needs incremental state its sequence lost (skipped, counted).
     */
    Sequence admit(long seqId, long flags, boolean dropped) {
        Sequence seq = lastSeq;
        if (seqId != lastSeqId) {
            seq = sequences.computeIfAbsent(seqId, k -> new Sequence());
            lastSeqId = seqId;
            lastSeq = seq;
        }
        // A clear in the same packet as a loss wins (the writer's state restarts here), as in
        // Perfetto's trace processor: marking the fresh state lost would skip every packet that
        // needs it until the next clear (the service flags the first packet it reads of each
        // sequence as after a loss, and that packet is usually the SDK's clear).
        if ((flags & 1) != 0) {
            seq.clear();
        } else if (dropped) {
            seq.lost();
        }
        if (dropped && seq.seen) {
            // Not on a sequence's first packet: the service flags the first packet it reads of
            // every sequence, lost or not (the trace processor does not count those either).
            b.count("packets were lost by their writer before others (previous_packet_dropped)");
        }
        seq.seen = true;
        if ((flags & 2) != 0 && seq.lostSinceClear) {
            b.count("packets skipped because their sequence lost the state they need");
            return null;
        }
        return seq;
    }

    private void payload(Pb pb, int kind, long ts, long clock, Sequence seq) {
        switch (kind) {
            case 1 -> ftrace.bundle(pb);
            case 2 -> SystemPackets.processTree(pb, b, ts);
            case 6 -> clockSnapshot(pb, seq);
            case 11 -> trackEventDecoder.trackEvent(pb, time(ts, clock, seq), seq);
            case 60 -> trackEventDecoder.trackDescriptor(pb);
            case 45 -> SystemPackets.systemInfo(pb, b, props);
            case 76 -> frameTimeline.event(pb, time(ts, clock, seq));
            case 50, 133 -> {
                b.record();
                compressed.packets(pb.buf, pb.pos, pb.limit, kind == 133);
            }
            case 44 -> trackEventDecoder.legacyThread(pb, seq);
            default -> b.record();
        }
    }

    /** The packet time on BOOTTIME (Long.MIN_VALUE when it has none). */
    private long time(long ts, long clock, Sequence seq) {
        if (ts == Long.MIN_VALUE) {
            return ts;
        }
        long c = clock >= 0 ? clock : seq.defaultClock >= 0 ? seq.defaultClock : ClockConverter.BOOTTIME;
        if (c == ClockConverter.BOOTTIME) {
            return ts;
        }
        if (c >= 64 && c <= 127) {
            long[] s = seq.scopedClock(c);
            if (s == null) {
                b.count("packets on a sequence clock that was never defined (skipped)");
                return Long.MIN_VALUE;
            }
            long value = ts;
            if (s[3] != 0) {
                // An incremental clock is a delta whether the packet names it or the defaults do.
                s[4] += ts;
                value = s[4];
            }
            return s[1] + (value - s[0]) * Math.max(1, s[2]);
        }
        long boot = clocks.toBoot(c, ts);
        if (boot == Long.MIN_VALUE) {
            b.count("packet times on clock " + c + " with no snapshot relating it to BOOTTIME (used as they are)");
            return ts;
        }
        return boot;
    }

    private void interned(Pb pb, Sequence seq) {
        while (pb.more()) {
            int f = pb.field();
            if (f == 2 && pb.wire == 2) {
                int outer = pb.enter();
                long iid = -1;
                String name = null;
                while (pb.more()) {
                    int g = pb.field();
                    if (g == 1 && pb.wire == 0) {
                        iid = pb.varint();
                    } else if (g == 2 && pb.wire == 2) {
                        name = pb.string();
                    } else {
                        pb.skip();
                    }
                }
                pb.exit(outer);
                if (iid >= 0 && name != null) {
                    seq.eventName(iid, name);
                }
            } else {
                pb.skip();
            }
        }
    }

    private void defaults(Pb pb, Sequence seq) {
        while (pb.more()) {
            int f = pb.field();
            if (f == 58 && pb.wire == 0) {
                seq.defaultClock = pb.varint();
            } else if (f == 11 && pb.wire == 2) {
                int outer = pb.enter();
                while (pb.more()) {
                    int g = pb.field();
                    // TrackEventDefaults.track_uuid is field 11, as in TrackEvent (reading it as
                    // field 1 put every event without its own track_uuid on the global track).
                    if (g == 11 && pb.wire == 0) {
                        seq.defaultTrackUuid = pb.varint();
                    } else if (g == 31) {
                        seq.defaultExtraCounters = TrackEventDecoder.ids(pb, seq.defaultExtraCounters, false);
                    } else if (g == 45) {
                        seq.defaultExtraDoubleCounters = TrackEventDecoder.ids(pb, seq.defaultExtraDoubleCounters, false);
                    } else {
                        pb.skip();
                    }
                }
                pb.exit(outer);
            } else {
                pb.skip();
            }
        }
    }

    private void clockSnapshot(Pb pb, Sequence seq) {
        long[] ids = new long[8];
        long[] values = new long[8];
        long[] units = new long[8];
        boolean[] incremental = new boolean[8];
        int n = 0;
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 2) {
                int outer = pb.enter();
                long id = -1;
                long value = 0;
                long unit = 1;
                boolean inc = false;
                while (pb.more()) {
                    int g = pb.field();
                    switch (g) {
                        case 1 -> id = pb.varintOrSkip();
                        case 2 -> value = pb.varintOrSkip();
                        case 3 -> inc = pb.varintOrSkip() != 0;
                        case 4 -> unit = pb.varintOrSkip();
                        default -> pb.skip();
                    }
                }
                pb.exit(outer);
                if (id >= 0 && n < ids.length) {
                    ids[n] = id;
                    values[n] = value;
                    units[n] = unit <= 0 ? 1 : unit;
                    incremental[n++] = inc;
                }
            } else {
                pb.skip();
            }
        }
        b.record();
        long[] i2 = java.util.Arrays.copyOf(ids, n);
        long[] v2 = java.util.Arrays.copyOf(values, n);
        long[] u2 = java.util.Arrays.copyOf(units, n);
        ClockConverter.Snapshot s = new ClockConverter.Snapshot(i2, v2, u2);
        int boot = s.indexOf(ClockConverter.BOOTTIME);
        if (boot < 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (ids[i] >= 64 && ids[i] <= 127) {
                seq.scopedClock(ids[i], new long[] {values[i], values[boot], units[i], incremental[i] ? 1 : 0,
                        values[i]});
            }
        }
        clocks.add(s);
        int mono = s.indexOf(ClockConverter.MONOTONIC);
        if (mono >= 0) {
            b.clockPair(values[mono], values[boot]);
        }
    }

    /** Applies what had to wait for the whole file (track events, frame timeline ends). */
    void finish() {
        trackEventDecoder.finish();
        frameTimeline.finish();
    }
}
