package dev.ura.samples.emit;

import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.MethodRef;
import dev.ura.samples.timeline.Timeline;
import dev.ura.samples.timeline.TimelineThread;
import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a timeline as an ART method trace with a dual clock (record version 3, as Android 8-13
 * write by default): records in wall-time order across threads (per-thread order kept), method
 * ids {@code index << 2} in order of first use, thread-CPU time counted from each thread's first
 * record. Every generated file carries {@code ura-generated} and {@code ura-sample} properties.
 */
public final class MethodTraceEmitter {
    /** The data header's start time (CLOCK_MONOTONIC µs of a device up for about 23 hours). */
    private static final long START_US = 83_021_447_000L;

    private MethodTraceEmitter() {
    }

    /** A legacy (non-streaming) file: key section, then the data section. */
    public static byte[] legacy(Timeline timeline, String sample) {
        return write(timeline, sample, AndroidTraceWriter.legacy(3, Clock.DUAL));
    }

    /** A streaming file ({@code am profile start --streaming}): packets, summary at the end. */
    public static byte[] streaming(Timeline timeline, String sample) {
        return write(timeline, sample, AndroidTraceWriter.streaming(3, Clock.DUAL));
    }

    private record Rec(long wallUs, long cpuUs, long tid, MethodRef method, boolean enter, int order) {
    }

    private static byte[] write(Timeline timeline, String sample, AndroidTraceWriter w) {
        w.pid(timeline.pid()).startTimeUs(START_US)
                .property("ura-generated", "dev.ura.samples.SampleGenerator (simulated, not recorded on a device)")
                .property("ura-sample", sample)
                .property("ura-app", timeline.app());
        timeline.properties().forEach(w::property);
        List<Rec> recs = new ArrayList<>();
        for (TimelineThread t : timeline.threads()) {
            w.thread(t.tid(), t.name());
            long cpuBase = firstCpuNs(t);
            for (CallNode root : t.roots()) {
                collect(root, t.tid(), cpuBase, recs);
            }
        }
        recs.sort(Comparator.comparingLong(Rec::wallUs).thenComparingInt(Rec::order));
        Map<MethodRef, Long> ids = new LinkedHashMap<>();
        for (Rec r : recs) {
            ids.computeIfAbsent(r.method, m -> {
                long id = w.methodId(ids.size());
                w.method(id, m.className(), m.name(), m.signature(), m.sourceFile());
                return id;
            });
        }
        for (Rec r : recs) {
            long id = ids.get(r.method);
            if (r.enter) {
                w.enter(r.tid, id, r.wallUs, r.cpuUs);
            } else {
                w.exit(r.tid, id, r.wallUs, r.cpuUs);
            }
        }
        return w.toBytes();
    }

    private static long firstCpuNs(TimelineThread t) {
        return t.roots().isEmpty() ? 0 : t.roots().get(0).cpuStartNs();
    }

    /** Pre-order walk; {@code order} keeps a thread's own record order among equal times. */
    private static void collect(CallNode c, long tid, long cpuBase, List<Rec> out) {
        out.add(new Rec(c.startNs() / 1000, (c.cpuStartNs() - cpuBase) / 1000, tid, c.method(), true, out.size()));
        for (CallNode child : c.children()) {
            collect(child, tid, cpuBase, out);
        }
        out.add(new Rec(c.endNs() / 1000, (c.cpuEndNs() - cpuBase) / 1000, tid, c.method(), false, out.size()));
    }
}
