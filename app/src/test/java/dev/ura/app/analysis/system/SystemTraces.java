package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemTraceScript;
import dev.ura.trace.testing.SystraceWriter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.BASE_NS;

/** Scripted system traces read the way a user opens them, and the stretches spelled in µs for assertions. */
final class SystemTraces {
    private SystemTraces() {
    }

    static Trace perfetto(SystemTraceScript s) throws Exception {
        return TraceSession.load("scripted.perfetto-trace",
                ByteBuffer.wrap(PerfettoTraceWriter.write(s, PerfettoTraceWriter.Options.plain())), null);
    }

    static Trace text(SystemTraceScript s) throws Exception {
        return TraceSession.load("scripted.txt",
                ByteBuffer.wrap(SystraceWriter.text(s, true).getBytes(StandardCharsets.UTF_8)), null);
    }

    static int thread(Trace trace, long tid) {
        return trace.system().threadIndex(tid);
    }

    /** µs after the scenario base. */
    static long us(long ns) {
        return (ns - BASE_NS) / 1000;
    }

    /** Each stretch as "tid from-to CAUSE" in µs after the base (to "end" at the trace's end). */
    static List<String> stretches(Trace trace, SystemWork w) {
        return w.stretches().stream().map(s -> describe(trace, s)).toList();
    }

    private static String describe(Trace trace, TrackedStretch s) {
        return trace.system().threads().get(s.thread()).tid() + " " + us(s.fromNs()) + "-" + us(s.toNs()) + " "
                + s.cause();
    }

    static SystemWork work(Analysis a, int i) {
        return a.systemWork(i).orElseThrow();
    }
}
