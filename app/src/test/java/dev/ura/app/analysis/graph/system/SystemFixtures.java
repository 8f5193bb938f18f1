package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystemTraceScript;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.BASE_NS;
import static org.assertj.core.api.Assertions.assertThat;

/** Scripted system traces turned into the work a system-response graph is built from. */
final class SystemFixtures {
    private SystemFixtures() {
    }

    static Trace read(SystemTraceScript script) throws Exception {
        return TraceFiles.read("script.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(script,
                PerfettoTraceWriter.Options.plain())), null);
    }

    static int thread(Trace trace, long tid) {
        return trace.system().threadIndex(tid);
    }

    /** A response of {@code trace} from {@code startUs} to {@code drawnAtUs} on {@code drawTid}, with these stretches. */
    static ResponseGraph graph(Trace trace, long triggerTid, long startUs, long drawTid, long drawnAtUs,
                               List<TrackedStretch> stretches) {
        return graph(trace, triggerTid, startUs, drawTid, drawnAtUs, drawnAtUs, stretches);
    }

    /** The same with the response's end apart from drawn at (-1: unfinished). */
    static ResponseGraph graph(Trace trace, long triggerTid, long startUs, long drawTid, long drawnAtUs, long endUs,
                               List<TrackedStretch> stretches) {
        int trigger = thread(trace, triggerTid);
        Response r = new Response(0, "input", trigger, trace.threads().get(trigger).name(), SystemScenarios.t(startUs),
                SystemScenarios.t(endUs), drawnAtUs >= 0, null);
        ResponseWork work = new ResponseWork(trace, EventTable.empty(), List.of(), r, -1, EventSet.EMPTY, List.of(), -1);
        SystemWork sys = new SystemWork(stretches, drawnAtUs >= 0 ? 42 : -1, thread(trace, drawTid),
                drawnAtUs >= 0 ? SystemScenarios.t(drawnAtUs) : -1, -1, true);
        return new SystemGraphBuilder().build(work, sys);
    }

    static TrackedStretch stretch(Trace trace, long tid, long fromUs, long toUs, TrackedStretch.Cause cause, long causeTid) {
        return new TrackedStretch(thread(trace, tid), SystemScenarios.t(fromUs), SystemScenarios.t(toUs), cause,
                causeTid < 0 ? -1 : thread(trace, causeTid));
    }

    /** Each segment as "tid from..to category name via" in µs after the base. */
    static List<String> describe(Trace trace, List<Segment> segments) {
        List<String> out = new ArrayList<>();
        for (Segment s : segments) {
            out.add(trace.system().threads().get(s.thread()).tid() + " " + us(s.startNs()) + ".." + us(s.endNs()) + " "
                    + s.category().label() + " " + s.name() + (s.via() == null ? "" : " <" + s.via().label()));
        }
        return out;
    }

    static long us(long ns) {
        return (ns - BASE_NS) / 1000;
    }

    /** The baseline reproduces every recorded time, and the path tiles the response. */
    static void assertRecorded(ResponseGraph g) {
        for (int v = 0; v < g.vertexCount(); v++) {
            assertThat(g.baseline().isScheduled(v)).as("vertex %d scheduled", v).isTrue();
            assertThat(g.baseline().earliestStartNs(v)).as("start of %s", g.segment(v)).isEqualTo(g.startNs(v));
            assertThat(g.baseline().earliestFinishNs(v)).as("end of %s", g.segment(v)).isEqualTo(g.endNs(v));
        }
        long sum = 0;
        long at = g.originNs();
        for (Segment s : g.criticalPath().segments()) {
            assertThat(s.startNs()).as("contiguous at %s", s).isEqualTo(at);
            at = s.endNs();
            sum += s.durationNs();
        }
        assertThat(sum).isEqualTo(g.work().response().durationNs());
    }
}
