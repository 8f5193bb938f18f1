package dev.ura.samples.sim;

import dev.ura.samples.emit.AgentLogEmitter;
import dev.ura.samples.emit.MethodTraceEmitter;
import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.Timeline;
import dev.ura.samples.timeline.TimelineThread;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Known answers for a tiny simulated app: a task on a pool, its result on main, one frame. */
class SimulationTest {
    private static final View LIST = new View("List#1", "android.widget.ListView.draw", 4, 0);

    private record Run(Timeline timeline, GroundTruth truth) {
    }

    private static Run tinyApp() {
        Simulation sim = new Simulation(7);
        SimThread main = sim.mainThread(100, 1_000_000L);
        SimThread pool = sim.poolThread(101, "pool-1-thread-1");
        sim.tick(main, 10_000_000L, x -> {
            int r = sim.startResponse("onClick", x.now());
            x.track(r, () -> x.call("android.view.View.performClick()Z", () -> Android.execute(x, pool, "app.Task",
                    w -> {
                        w.cpu("work", 30);
                        Android.post(w, main, "app.Task.done", m -> m.call("app.Task.done()V", () -> Android.invalidate(m, LIST)));
                    })));
        });
        Timeline t = sim.run(200_000_000L, "app", 100, Map.of());
        return new Run(t, sim.truth());
    }

    @Test
    void theResultIsDrawnAtTheNextVsyncAfterTheInvalidation() {
        Run run = tinyApp();
        GroundTruth.ResponseTruth r = run.truth.responses().get(0);
        assertThat(r.startNs()).isEqualTo(10_000_000L);
        CallNode performDraw = find(main(run.timeline), "performDraw");
        assertThat(performDraw).isNotNull();
        long k = (performDraw.startNs() - 1_000_000L) / Choreographer.VSYNC_NS;
        assertThat(performDraw.startNs() - (1_000_000L + k * Choreographer.VSYNC_NS)).isLessThan(1_000_000L);
        assertThat(r.endNs()).isEqualTo(performDraw.endNs());
        assertThat(r.durationNs()).isBetween(40_000_000L, 40_000_000L + Choreographer.VSYNC_NS + 6_000_000L);
        assertThat(r.endWhat()).isEqualTo("List#1");
        assertThat(run.truth.hasUnfulfilledRequests()).isFalse();
    }

    @Test
    void everyThreadKeepsItsRootsOpenForTheWholeRun() {
        Run run = tinyApp();
        for (TimelineThread t : run.timeline.threads()) {
            assertThat(t.roots()).isNotEmpty();
            assertThat(t.roots().get(0).startNs()).isZero();
            assertThat(t.roots().get(t.roots().size() - 1).endNs()).isEqualTo(run.timeline.durationNs());
        }
    }

    @Test
    void bothFormsReadBackWithTheSameIdentitiesAndCalls() throws Exception {
        Run run = tinyApp();
        Trace log = TraceFiles.read("tiny.jsonl", ByteBuffer.wrap(AgentLogEmitter.write(run.timeline, "tiny")
                .getBytes(StandardCharsets.UTF_8)), Progress.NONE);
        EventTable e = log.events();
        int sends = 0;
        int dispatches = 0;
        for (int i = 0; i < e.size(); i++) {
            if (e.kind(i) == EventKind.SEND_MSG) {
                sends++;
            } else if (e.kind(i) == EventKind.DISPATCH_MSG) {
                dispatches++;
                assertThat(e.identity(i)).startsWith(e.name(i).equals("app.Task.run") ? "task@" : "msg@");
            }
        }
        assertThat(sends).isEqualTo(2);
        assertThat(dispatches).isEqualTo(2);
        Trace trace = TraceFiles.read("tiny.trace", ByteBuffer.wrap(MethodTraceEmitter.legacy(run.timeline, "tiny")), Progress.NONE);
        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.callCount()).isEqualTo(countCalls(run.timeline));
        assertThat(trace.metadata().property("ura-sample")).isEqualTo("tiny");
    }

    @Test
    void jitterIsKeyedSoSharedStepsMatchAcrossRuns() {
        Jitter a = new Jitter(42, 0.05);
        Jitter b = new Jitter(42, 0.05);
        b.ns("only-in-b", 10);
        assertThat(a.ns("parse", 90)).isEqualTo(b.ns("parse", 90));
        assertThat(a.ns("parse", 90)).isBetween(85_500_000L, 94_500_000L).isEqualTo(b.ns("parse", 90));
    }

    private static TimelineThread main(Timeline t) {
        return t.threads().stream().filter(TimelineThread::main).findFirst().orElseThrow();
    }

    private static CallNode find(TimelineThread t, String methodName) {
        for (CallNode root : t.roots()) {
            CallNode c = find(root, methodName);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    private static CallNode find(CallNode c, String methodName) {
        if (c.method().name().equals(methodName)) {
            return c;
        }
        for (CallNode child : c.children()) {
            CallNode found = find(child, methodName);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static long countCalls(Timeline t) {
        long n = 0;
        for (TimelineThread th : t.threads()) {
            for (CallNode root : th.roots()) {
                n += count(root);
            }
        }
        return n;
    }

    private static long count(CallNode c) {
        long n = 1;
        for (CallNode child : c.children()) {
            n += count(child);
        }
        return n;
    }
}
