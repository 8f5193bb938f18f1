package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

/**
 * TrackDescriptors, TrackEvents and the legacy ThreadDescriptor of a sequence: which track an
 * event is on (its own track_uuid, else the sequence's defaults, else the legacy thread), its
 * name (inline or interned), its time (the packet's, or a legacy µs delta / absolute time on
 * MONOTONIC) and its counters, flows and extra counter values. The events wait in
 * {@link TrackEvents} until the whole file was read.
 */
final class TrackEventDecoder {
    private final SystemTraceBuilder b;
    private final ClockConverter clocks;
    private final TrackEvents trackEvents = new TrackEvents();
    /** The one event of the packet decoded here (reused). */
    private final TrackEventFields direct = new TrackEventFields();

    TrackEventDecoder(SystemTraceBuilder b, ClockConverter clocks) {
        this.b = b;
        this.clocks = clocks;
    }

    /** Applies the events to the builder (descriptors may come after their events). */
    void finish() {
        trackEvents.finish(b);
    }

    void trackDescriptor(Pb pb) {
        b.record();
        long uuid = 0;
        long parent = 0;
        String name = null;
        long pid = -1;
        long tid = -1;
        String threadName = null;
        String processName = null;
        boolean counter = false;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> uuid = pb.varintOrSkip();
                case 5 -> parent = pb.varintOrSkip();
                case 2, 10, 13 -> name = pb.stringOrSkip();
                case 8 -> {
                    counter = true;
                    pb.skip();
                }
                case 3, 4 -> {
                    if (pb.wire != 2) {
                        pb.skip();
                        break;
                    }
                    int outer = pb.enter();
                    while (pb.more()) {
                        int g = pb.field();
                        if (g == 1 && pb.wire == 0) {
                            pid = (int) pb.varint();
                        } else if (f == 4 && g == 2 && pb.wire == 0) {
                            tid = pb.varint();
                        } else if (f == 4 && g == 5 && pb.wire == 2) {
                            threadName = pb.string();
                        } else if (f == 3 && g == 6 && pb.wire == 2) {
                            processName = pb.string();
                        } else if (f == 3 && g == 2 && pb.wire == 2 && processName == null) {
                            processName = pb.string();
                        } else {
                            pb.skip();
                        }
                    }
                    pb.exit(outer);
                }
                default -> pb.skip();
            }
        }
        TrackEvents.Track t = trackEvents.track(uuid);
        t.parent = parent;
        t.counter = counter;
        if (name != null) {
            t.name = name;
        }
        if (pid > 0) {
            t.pid = pid;
            b.process(pid, -1, processName);
        }
        if (tid > 0) {
            t.tid = tid;
            if (pid > 0) {
                b.tgid(tid, pid);
            }
            b.threadName(tid, Long.MIN_VALUE, threadName);
        }
    }

    void legacyThread(Pb pb, Sequence seq) {
        if (seq.lostSinceClear) {
            // Its delta base would be applied to deltas written after the lost packets.
            b.count("thread descriptors on a sequence that lost its state (skipped)");
            return;
        }
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 0) {
                seq.legacyPid = (int) pb.varint();
            } else if (f == 2 && pb.wire == 0) {
                seq.legacyTid = (int) pb.varint();
            } else if (f == 6 && pb.wire == 0) {
                seq.legacyTimeNs = pb.varint() * 1000;
                seq.legacyTimeValid = true;
            } else {
                pb.skip();
            }
        }
        if (seq.legacyTid > 0 && seq.legacyPid > 0) {
            b.tgid(seq.legacyTid, seq.legacyPid);
        }
    }

    /** A TrackEvent decoded here, at packet time {@code ts} (BOOTTIME, Long.MIN_VALUE when none). */
    void trackEvent(Pb pb, long ts, Sequence seq) {
        direct.clear();
        apply(direct, direct.read(pb), ts, seq);
    }

    /**
     * Event {@code i} of {@code ev}, read from its bytes before (here or on a decoding thread), with
     * the sequence's state now, in file order: legacy times, interned name, default track, extras.
     */
    void apply(TrackEventFields ev, int i, long ts, Sequence seq) {
        long deltaUs = ev.deltaUs[i];
        long absoluteUs = ev.absoluteUs[i];
        String name = ev.name[i];
        long nameIid = ev.nameIid[i];
        long uuid = ev.uuid[i];
        // Legacy timestamps (before TracePacket.timestamp): µs on MONOTONIC, deltas from the
        // sequence's ThreadDescriptor; they win over the packet's time, as in the trace processor.
        if (deltaUs != Long.MIN_VALUE) {
            if (!seq.legacyTimeValid) {
                b.count("track events with a delta timestamp and no thread descriptor since the last clear (skipped)");
                return;
            }
            seq.legacyTimeNs += deltaUs * 1000;
            ts = monotonic(seq.legacyTimeNs);
        } else if (absoluteUs != Long.MIN_VALUE && absoluteUs != 0) {
            ts = monotonic(absoluteUs * 1000);
        }
        if (ts == Long.MIN_VALUE) {
            b.count("track events without a timestamp (skipped)");
            return;
        }
        if (name == null && nameIid >= 0) {
            name = seq.eventName(nameIid);
            if (name == null) {
                b.count("track events naming an interned name that was never sent (data loss; named by id)");
                name = "iid " + nameIid;
            }
        }
        if (uuid < 0) {
            if (seq.defaultTrackUuid >= 0) {
                uuid = seq.defaultTrackUuid;
            } else if (seq.legacyTid > 0) {
                uuid = Long.MIN_VALUE + seq.legacyTid;
                TrackEvents.Track t = trackEvents.track(uuid);
                t.tid = seq.legacyTid;
                t.pid = seq.legacyPid;
            } else {
                uuid = 0;
            }
        }
        if (ev.arrays[i] == null) { // most events: no flows, no extra counter values
            trackEvents.event(uuid, ev.type[i], ts, name, ev.value[i], null, null);
            return;
        }
        trackEvents.event(uuid, ev.type[i], ts, name, ev.value[i], ev.array(i, TrackEventFields.FLOWS),
                ev.array(i, TrackEventFields.ENDS));
        long[] extraTracks = ev.array(i, TrackEventFields.EXTRA_TRACKS);
        long[] extraDoubleTracks = ev.array(i, TrackEventFields.EXTRA_DOUBLE_TRACKS);
        extraCounters(ts, ev.array(i, TrackEventFields.EXTRA_VALUES),
                extraTracks != null ? extraTracks : seq.defaultExtraCounters, false);
        extraCounters(ts, ev.array(i, TrackEventFields.EXTRA_DOUBLES),
                extraDoubleTracks != null ? extraDoubleTracks : seq.defaultExtraDoubleCounters, true);
    }

    /** extra_counter_values: one counter sample per value, on the track at the same position. */
    private void extraCounters(long ts, long[] values, long[] tracks, boolean doubles) {
        if (values == null) {
            return;
        }
        if (tracks == null || tracks.length < values.length) {
            b.count("extra counter values without a counter track (skipped)");
        }
        int n = tracks == null ? 0 : Math.min(values.length, tracks.length);
        for (int i = 0; i < n; i++) {
            double v = doubles ? Double.longBitsToDouble(values[i]) : values[i];
            trackEvents.event(tracks[i], TrackEvents.COUNTER, ts, null, v, null, null);
        }
    }

    /** A MONOTONIC time on BOOTTIME (as it is when no snapshot relates the two). */
    private long monotonic(long ns) {
        long boot = clocks.toBoot(ClockConverter.MONOTONIC, ns);
        return boot == Long.MIN_VALUE ? ns : boot;
    }

    /** Appends a repeated scalar field's values (packed or not; doubles as their bits) to {@code a}. */
    static long[] ids(Pb pb, long[] a, boolean fixed) {
        long[][] holder = {a};
        if (fixed) {
            pb.repeatedFixed64(v -> holder[0] = append(holder[0], v));
        } else {
            pb.repeated(v -> holder[0] = append(holder[0], v));
        }
        return holder[0];
    }

    private static long[] append(long[] a, long v) {
        if (a == null) {
            return new long[] {v};
        }
        long[] n = java.util.Arrays.copyOf(a, a.length + 1);
        n[a.length] = v;
        return n;
    }
}
