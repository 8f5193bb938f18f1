package dev.ura.trace.conformance;

import perfetto.protos.PerfettoTrace.ClockSnapshot;
import perfetto.protos.PerfettoTrace.FrameTimelineEvent;
import perfetto.protos.PerfettoTrace.FtraceEvent;
import perfetto.protos.PerfettoTrace.FtraceEventBundle;
import perfetto.protos.PerfettoTrace.InternedData;
import perfetto.protos.PerfettoTrace.Trace;
import perfetto.protos.PerfettoTrace.TracePacket;
import perfetto.protos.PerfettoTrace.TrackDescriptor;
import perfetto.protos.PerfettoTrace.TrackEvent;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.Inflater;

/**
 * The independent side of the conformance tests: a Perfetto trace decoded by the classes protoc
 * generated from the official {@code perfetto_trace.proto}, and counted by the rules of Perfetto's
 * trace processor (src/trace_processor/importers/proto/proto_trace_reader.cc and
 * track_event_tokenizer.cc), written here from those sources, not from ura's reader:
 * <ul>
 * <li>a sequence's incremental state is invalid from its start until a packet with
 *     SEQ_INCREMENTAL_STATE_CLEARED; {@code previous_packet_dropped} invalidates it unless the same
 *     packet clears it; packets with SEQ_NEEDS_INCREMENTAL_STATE are skipped while it is invalid;
 *     interned data is ignored while it is invalid;</li>
 * <li>a clear drops interned data and TracePacketDefaults, keeps the clocks;</li>
 * <li>a TrackEvent's track: its track_uuid, else the defaults' track_uuid, else the sequence's
 *     legacy ThreadDescriptor thread;</li>
 * <li>times: the packet's clock (explicit, else the defaults'), sequence clocks 64..127 from the
 *     sequence's snapshots, incremental ones summing deltas in file order.</li>
 * </ul>
 * Thread slices are TYPE_SLICE_BEGIN/END pairs on thread tracks plus atrace {@code B}/{@code E}
 * prints, paired per thread in time order.
 */
final class OfficialDecoder {
    /** What was counted. */
    record Counts(long packets, int clockSnapshots, int actualFrames, int surfaceFrames,
                  Map<Long, Integer> slicesPerThread, TreeSet<Long> threads, Map<Long, List<String>> slices) {
        int sliceCount() {
            return slicesPerThread.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private static final class Seq {
        boolean valid;
        Map<Long, String> names = new HashMap<>();
        TracePacketDefaultsView defaults;
        /** clock id → {snapshot value (units), boot at snapshot, unit, incremental, running (units)}. */
        final Map<Integer, long[]> clocks = new HashMap<>();
        long legacyTid = -1;
        long legacyNs;
        boolean legacyValid;
    }

    /** The parts of TracePacketDefaults that matter here. */
    private record TracePacketDefaultsView(int clock, Long trackUuid) {
    }

    /** One thread-slice edge: time, begin (+1) or end (-1), name, file order. */
    private record Edge(long ts, int kind, String name, long order) {
    }

    private final Map<Integer, Seq> seqs = new HashMap<>();
    private final Map<Long, Long> trackThread = new HashMap<>();
    private final List<long[]> globalSnapshots = new ArrayList<>();
    private final Map<Long, List<Edge>> edges = new HashMap<>();
    private final TreeSet<Long> threads = new TreeSet<>();
    private long packets;
    private int snapshots;
    private int actual;
    private int surface;
    private long order;

    static Counts count(byte[] file) throws Exception {
        OfficialDecoder d = new OfficialDecoder();
        for (TracePacket p : Trace.parseFrom(file).getPacketList()) {
            d.packet(p);
        }
        return d.finish();
    }

    private void packet(TracePacket p) throws Exception {
        packets++;
        if (p.hasCompressedPackets()) {
            for (TracePacket inner : Trace.parseFrom(inflate(p.getCompressedPackets().toByteArray())).getPacketList()) {
                packet(inner);
            }
            return;
        }
        Seq s = seqs.computeIfAbsent(p.getTrustedPacketSequenceId(), k -> new Seq());
        boolean cleared = p.getIncrementalStateCleared()
                || (p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE) != 0;
        if (cleared) {
            s.valid = true;
            s.legacyValid = false;
            s.names = new HashMap<>();
            s.defaults = null;
        } else if (p.getPreviousPacketDropped() != 0) {
            s.valid = false;
            s.legacyValid = false;
        }
        if (p.hasTracePacketDefaults()) {
            var d = p.getTracePacketDefaults();
            s.defaults = new TracePacketDefaultsView(d.getTimestampClockId(),
                    d.getTrackEventDefaults().hasTrackUuid() ? d.getTrackEventDefaults().getTrackUuid() : null);
        }
        if (p.hasInternedData() && s.valid) {
            InternedData in = p.getInternedData();
            in.getEventNamesList().forEach(n -> s.names.put(n.getIid(), n.getName()));
        }
        if (p.hasClockSnapshot()) {
            snapshot(p.getClockSnapshot(), s);
            return;
        }
        if ((p.getSequenceFlags() & TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE) != 0 && !s.valid) {
            return;
        }
        Long ts = p.hasTimestamp() ? time(p, s) : null;
        if (p.hasTrackDescriptor()) {
            TrackDescriptor t = p.getTrackDescriptor();
            if (t.hasThread()) {
                trackThread.put(t.getUuid(), t.getThread().getTid());
                threads.add(t.getThread().getTid());
            }
        }
        if (p.hasThreadDescriptor() && s.valid) {
            s.legacyTid = p.getThreadDescriptor().getTid();
            s.legacyNs = p.getThreadDescriptor().getReferenceTimestampUs() * 1000;
            s.legacyValid = true;
            threads.add(s.legacyTid);
        }
        if (p.hasProcessTree()) {
            p.getProcessTree().getThreadsList().forEach(t -> threads.add((long) t.getTid()));
        }
        if (p.hasTrackEvent()) {
            TrackEvent e = p.getTrackEvent();
            // Legacy µs timestamps on MONOTONIC: deltas from the ThreadDescriptor's reference.
            if (e.hasTimestampDeltaUs()) {
                if (!s.legacyValid) {
                    return;
                }
                s.legacyNs += e.getTimestampDeltaUs() * 1000;
                ts = monotonic(s.legacyNs);
            } else if (e.getTimestampAbsoluteUs() != 0) {
                ts = monotonic(e.getTimestampAbsoluteUs() * 1000);
            }
            if (ts != null) {
                trackEvent(e, ts, s);
            }
        }
        if (p.hasFtraceEvents()) {
            ftrace(p.getFtraceEvents());
        }
        if (p.hasFrameTimelineEvent()) {
            FrameTimelineEvent f = p.getFrameTimelineEvent();
            if (f.hasActualDisplayFrameStart() || f.hasActualSurfaceFrameStart()) {
                actual++;
            }
            if (f.hasActualSurfaceFrameStart()) {
                surface++;
            }
        }
    }

    private void snapshot(ClockSnapshot c, Seq s) {
        snapshots++;
        long boot = Long.MIN_VALUE;
        for (ClockSnapshot.Clock k : c.getClocksList()) {
            if (k.getClockId() == 6) {
                boot = k.getTimestamp();
            }
        }
        if (boot == Long.MIN_VALUE) {
            return;
        }
        for (ClockSnapshot.Clock k : c.getClocksList()) {
            long unit = k.getUnitMultiplierNs() == 0 ? 1 : k.getUnitMultiplierNs();
            if (k.getClockId() >= 64 && k.getClockId() <= 127) {
                s.clocks.put(k.getClockId(), new long[] {k.getTimestamp(), boot, unit, k.getIsIncremental() ? 1 : 0,
                        k.getTimestamp()});
            } else {
                globalSnapshots.add(new long[] {k.getClockId(), k.getTimestamp() * unit, boot});
            }
        }
    }

    private Long time(TracePacket p, Seq s) {
        long ts = p.getTimestamp();
        int clock = p.hasTimestampClockId() ? p.getTimestampClockId() : s.defaults != null ? s.defaults.clock() : 0;
        if (clock == 0 || clock == 6) {
            return ts;
        }
        if (clock >= 64 && clock <= 127) {
            long[] c = s.clocks.get(clock);
            if (c == null) {
                return null;
            }
            long v = ts;
            if (c[3] != 0) {
                c[4] += ts;
                v = c[4];
            }
            return c[1] + (v - c[0]) * c[2];
        }
        long[] best = null;
        for (long[] g : globalSnapshots) {
            if (g[0] == clock && (best == null || g[1] <= ts)) {
                best = g;
            }
        }
        return best == null ? ts : best[2] + ts - best[1];
    }

    private long monotonic(long ns) {
        long[] best = null;
        for (long[] g : globalSnapshots) {
            if (g[0] == 3 && (best == null || g[1] <= ns)) {
                best = g;
            }
        }
        return best == null ? ns : best[2] + ns - best[1];
    }

    private void trackEvent(TrackEvent e, long ts, Seq s) {
        Long tid = null;
        if (e.hasTrackUuid()) {
            tid = trackThread.get(e.getTrackUuid());
        } else if (s.defaults != null && s.defaults.trackUuid() != null) {
            tid = trackThread.get(s.defaults.trackUuid());
        } else if (s.legacyTid > 0) {
            tid = s.legacyTid;
        }
        if (tid == null) {
            return;
        }
        String name = e.hasName() ? e.getName() : e.hasNameIid() ? s.names.getOrDefault(e.getNameIid(), "?") : "";
        if (e.getType() == TrackEvent.Type.TYPE_SLICE_BEGIN) {
            edge(tid, ts, 1, name);
        } else if (e.getType() == TrackEvent.Type.TYPE_SLICE_END) {
            edge(tid, ts, -1, "");
        }
    }

    private void ftrace(FtraceEventBundle b) {
        for (FtraceEvent e : b.getEventList()) {
            threads.add((long) e.getPid());
            if (!e.hasPrint()) {
                continue;
            }
            String buf = e.getPrint().getBuf();
            if (buf.startsWith("B|")) {
                int bar = buf.indexOf('|', 2);
                String name = bar < 0 ? "" : buf.substring(bar + 1).stripTrailing();
                edge(e.getPid(), (long) e.getTimestamp(), 1, name);
            } else if (buf.startsWith("E")) {
                edge(e.getPid(), (long) e.getTimestamp(), -1, "");
            }
        }
    }

    private void edge(long tid, long ts, int kind, String name) {
        edges.computeIfAbsent(tid, k -> new ArrayList<>()).add(new Edge(ts, kind, name, order++));
    }

    private Counts finish() {
        Map<Long, Integer> perThread = new TreeMap<>();
        Map<Long, List<String>> slices = new TreeMap<>();
        for (Map.Entry<Long, List<Edge>> e : edges.entrySet()) {
            List<Edge> list = new ArrayList<>(e.getValue());
            list.sort((a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Long.compare(a.order, b.order));
            List<Edge> stack = new ArrayList<>();
            List<String> done = new ArrayList<>();
            for (Edge x : list) {
                if (x.kind > 0) {
                    stack.add(x);
                } else if (!stack.isEmpty()) {
                    Edge begin = stack.remove(stack.size() - 1);
                    done.add(begin.name + " " + begin.ts + "-" + x.ts);
                }
            }
            if (!done.isEmpty()) {
                perThread.put(e.getKey(), done.size());
                done.sort(null);
                slices.put(e.getKey(), done);
            }
        }
        threads.remove(0L);
        return new Counts(packets, snapshots, actual, surface, perThread, threads, slices);
    }

    private static byte[] inflate(byte[] in) throws Exception {
        Inflater inf = new Inflater();
        inf.setInput(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!inf.finished()) {
            int n = inf.inflate(buf);
            if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                break;
            }
            out.write(buf, 0, n);
        }
        inf.end();
        return out.toByteArray();
    }
}
