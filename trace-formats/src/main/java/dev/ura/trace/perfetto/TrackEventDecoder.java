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

    void trackEvent(Pb pb, long ts, Sequence seq) {
        int type = 0;
        long uuid = -1;
        String name = null;
        long nameIid = -1;
        double value = 0;
        long[] flows = null;
        long[] ends = null;
        long deltaUs = Long.MIN_VALUE;
        long absoluteUs = Long.MIN_VALUE;
        long[] extraValues = null;
        long[] extraTracks = null;
        long[] extraDoubles = null;
        long[] extraDoubleTracks = null;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> deltaUs = pb.varintOrSkip();
                case 16 -> absoluteUs = pb.varintOrSkip();
                case 12 -> extraValues = ids(pb, extraValues, false);
                case 31 -> extraTracks = ids(pb, extraTracks, false);
                case 46 -> extraDoubles = ids(pb, extraDoubles, true);
                case 45 -> extraDoubleTracks = ids(pb, extraDoubleTracks, false);
                case 9 -> type = (int) pb.varintOrSkip();
                case 11 -> uuid = pb.varintOrSkip();
                case 23 -> name = pb.stringOrSkip();
                case 10 -> nameIid = pb.varintOrSkip();
                case 30 -> value = pb.varintOrSkip();
                case 44 -> value = pb.wire == 1 ? Double.longBitsToDouble(pb.fixed64()) : skip(pb);
                case 47, 36 -> flows = flowIds(pb, flows);
                case 48, 42 -> ends = flowIds(pb, ends);
                default -> pb.skip();
            }
        }
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
        trackEvents.event(uuid, type, ts, name, value, flows, ends);
        extraCounters(ts, extraValues, extraTracks != null ? extraTracks : seq.defaultExtraCounters, false);
        extraCounters(ts, extraDoubles, extraDoubleTracks != null ? extraDoubleTracks : seq.defaultExtraDoubleCounters,
                true);
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


    /** Appends a flow id field's values (one fixed64 / varint, or a packed run of fixed64s) to {@code a}. */
    private static long[] flowIds(Pb pb, long[] a) {
        long[][] holder = {a};
        pb.repeatedFixed64(v -> holder[0] = append(holder[0], v));
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

    private static double skip(Pb pb) {
        pb.skip();
        return 0;
    }
}
