package dev.ura.trace.testing;

import dev.ura.trace.testing.SystemTraceScript.Ev;
import dev.ura.trace.testing.SystemTraceScript.Kind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link SystemTraceScript} as an app instrumented with the Perfetto SDK records it: every
 * atrace {@code B}/{@code E} slice becomes a TrackEvent written by its thread's own writer
 * (sequence), the way the SDK does it — the first packet of each sequence clears the incremental
 * state and carries previous_packet_dropped (the service flags the first packet it reads of every
 * sequence), TracePacketDefaults give the thread's track and the incremental clock 64, a
 * ClockSnapshot defines that clock, events carry no track_uuid, a delta timestamp and an interned
 * name; the state is cleared again every {@value #CLEAR_EVERY} events (names re-interned). The
 * rest of the script (scheduler, other prints, FrameTimeline) is written by
 * {@link PerfettoTraceWriter} as usual.
 */
public final class SdkTrackEventWriter {
    static final int CLEAR_EVERY = 16;
    private static final int CLEARED = 1;
    private static final int NEEDS = 2;

    private SdkTrackEventWriter() {
    }

    public static byte[] write(SystemTraceScript s) {
        SystemTraceScript rest = new SystemTraceScript();
        rest.processes.putAll(s.processes);
        rest.tgids.putAll(s.tgids);
        rest.timeline.addAll(s.timeline);
        rest.clocks.addAll(s.clocks);
        rest.kernelRelease = s.kernelRelease;
        Map<Long, List<Ev>> slices = new LinkedHashMap<>();
        for (Ev e : s.events) {
            if (e.kind() == Kind.PRINT && (e.s1().startsWith("B|") || e.s1().startsWith("E"))) {
                slices.computeIfAbsent(e.tid(), k -> new ArrayList<>()).add(e);
            } else {
                rest.events.add(e);
            }
        }
        List<byte[]> packets = new ArrayList<>();
        packets.add(PerfettoTraceWriter.write(rest, PerfettoTraceWriter.Options.plain()));
        int seq = 100;
        for (Map.Entry<Long, List<Ev>> t : slices.entrySet()) {
            packets.addAll(sequence(seq++, t.getKey(), s.tgids.getOrDefault(t.getKey(), t.getKey()), t.getValue()));
        }
        return PerfettoTraceWriter.concat(packets);
    }

    private static List<byte[]> sequence(int seq, long tid, long pid, List<Ev> evs) {
        List<Ev> sorted = new ArrayList<>(evs);
        sorted.sort(Comparator.comparingLong(Ev::ts));
        long uuid = 1_000_000 + tid;
        List<byte[]> out = new ArrayList<>();
        Map<String, Long> iids = new HashMap<>();
        long last = 0;
        for (int i = 0; i < sorted.size(); i++) {
            Ev e = sorted.get(i);
            if (i % CLEAR_EVERY == 0) {
                // Clear at the event's time: the snapshot says clock 64 reads ts at BOOTTIME ts.
                ProtoWriter clear = new ProtoWriter().varint(10, seq).varint(13, CLEARED)
                        .message(59, new ProtoWriter().varint(58, 64).message(11, new ProtoWriter().varint(11, uuid)))
                        .message(6, new ProtoWriter()
                                .message(1, new ProtoWriter().varint(1, 6).varint(2, e.ts()))
                                .message(1, new ProtoWriter().varint(1, 64).varint(2, e.ts()).varint(3, 1)));
                if (i == 0) {
                    clear.varint(42, 1).varint(87, 1);
                }
                out.add(new ProtoWriter().message(1, clear).toByteArray());
                out.add(new ProtoWriter().message(1, new ProtoWriter().varint(10, seq).varint(13, NEEDS)
                        .message(60, new ProtoWriter().varint(1, uuid)
                                .message(4, new ProtoWriter().varint(1, pid).varint(2, tid)))).toByteArray());
                iids.clear();
                last = e.ts();
            }
            ProtoWriter event = new ProtoWriter();
            ProtoWriter packet = new ProtoWriter().varint(8, e.ts() - last).varint(10, seq).varint(13, NEEDS);
            last = e.ts();
            if (e.s1().startsWith("B|")) {
                int bar = e.s1().indexOf('|', 2);
                String name = bar < 0 ? "" : e.s1().substring(bar + 1);
                Long iid = iids.get(name);
                if (iid == null) {
                    iid = (long) iids.size() + 1;
                    iids.put(name, iid);
                    packet.message(12, new ProtoWriter().message(2, new ProtoWriter().varint(1, iid).string(2, name)));
                }
                event.varint(9, 1).varint(10, iid);
            } else {
                event.varint(9, 2);
            }
            packet.message(11, event);
            out.add(new ProtoWriter().message(1, packet).toByteArray());
        }
        return out;
    }
}
