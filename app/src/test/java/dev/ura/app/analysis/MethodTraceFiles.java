package dev.ura.app.analysis;

import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes an in-memory method trace as a real Android {@code .trace} file (legacy or streaming)
 * with {@link AndroidTraceWriter}, and reads it back with the registered readers, so that tests
 * see what a recording on a device would give.
 */
final class MethodTraceFiles {
    private MethodTraceFiles() {
    }

    /** One enter or exit record (µs). */
    private record Rec(long tid, long methodId, boolean enter, long atUs, int thread, int seq) {
    }

    static byte[] write(Trace trace, boolean streaming) {
        AndroidTraceWriter w = streaming ? AndroidTraceWriter.streaming(3, Clock.WALL)
                : AndroidTraceWriter.legacy(3, Clock.WALL);
        for (ThreadTrack t : trace.threads()) {
            w.thread(t.id(), t.name());
        }
        for (int m = 0; m < trace.methods().size(); m++) {
            MethodInfo mi = trace.methods().get(m);
            w.method(methodId(m), mi.className(), mi.name(), mi.signature() == null ? "()V" : mi.signature(),
                    "Test.java");
        }
        List<Rec> records = new ArrayList<>();
        for (int t = 0; t < trace.threads().size(); t++) {
            records(trace.threads().get(t), t, records);
        }
        records.sort(Comparator.comparingLong(Rec::atUs).thenComparingInt(Rec::thread).thenComparingInt(Rec::seq));
        for (Rec r : records) {
            if (r.enter()) {
                w.enter(r.tid(), r.methodId(), r.atUs(), 0);
            } else {
                w.exit(r.tid(), r.methodId(), r.atUs(), 0);
            }
        }
        return w.toBytes();
    }

    static Trace roundTrip(Trace trace, boolean streaming) throws TraceFormatException {
        return TraceFiles.read(streaming ? "test-streaming.trace" : "test-legacy.trace",
                ByteBuffer.wrap(write(trace, streaming)), Progress.NONE);
    }

    private static long methodId(int index) {
        return 4L * (index + 1);
    }

    /** A thread's calls as enter/exit records in the order the thread made them. */
    private static void records(ThreadTrack t, int thread, List<Rec> out) {
        CallTable c = t.calls();
        int[] open = new int[c.maxDepth() + 2];
        int top = -1;
        int seq = 0;
        for (int i = 0; i < c.size(); i++) {
            while (top >= 0 && c.depth(open[top]) >= c.depth(i)) {
                int j = open[top--];
                out.add(new Rec(t.id(), methodId(c.method(j)), false, c.end(j) / 1000, thread, seq++));
            }
            out.add(new Rec(t.id(), methodId(c.method(i)), true, c.start(i) / 1000, thread, seq++));
            open[++top] = i;
        }
        while (top >= 0) {
            int j = open[top--];
            out.add(new Rec(t.id(), methodId(c.method(j)), false, c.end(j) / 1000, thread, seq++));
        }
    }
}
