package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.graph.system.SystemFixtures.stretch;
import static dev.ura.trace.testing.SystemScenarios.APP;
import static dev.ura.trace.testing.SystemScenarios.BINDER;
import static dev.ura.trace.testing.SystemScenarios.JIT;
import static dev.ura.trace.testing.SystemScenarios.RENDER;
import static dev.ura.trace.testing.SystemScenarios.WORKER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walk of §4 on {@link SystemScenarios#tap()}, worked out by hand from its javadoc and script.
 * The response starts at eventTimeNano 7 999 900 000 on MONOTONIC = −100 µs (the only snapshot is
 * MONOTONIC 8 s = BASE) and is drawn at 2500 µs, so the pieces add up to 2600 µs.
 */
class SystemGraphTapTest {

    static ResponseGraph tap(Trace trace) {
        return SystemFixtures.graph(trace, APP, -100, RENDER, 2500, List.of(
                stretch(trace, APP, 100, 400, Cause.TRIGGER, -1),
                stretch(trace, WORKER, 300, 1610, Cause.WAKEUP, APP),
                stretch(trace, BINDER, 400, 720, Cause.WAKEUP, WORKER),
                stretch(trace, APP, 1600, 2000, Cause.WAKEUP, WORKER),
                stretch(trace, RENDER, 1800, 2600, Cause.WAKEUP, APP),
                stretch(trace, JIT, 1950, 2100, Cause.WAKEUP, APP)));
    }

    @Test
    void theWalkFromDrawFramesBackToTheInput() throws Exception {
        Trace trace = SystemFixtures.read(SystemScenarios.tap());
        ResponseGraph g = tap(trace);
        // RenderThread 1830..2500 DrawFrames; woken by main at 1800 (its first state): main over
        // [−100, 1800]: traversal, doFrame, own time, CPU 0 idle while runnable 1600..1650; main slept
        // 500..1600 until the worker woke it: the worker over [500, 1600]; it slept 420..710 until
        // the binder reply woke it: binder:600_1 over [500, 710]. At 500 main's window starts, but
        // the thread the walk is on, binder:600_1, was in tracked work just before (400..720): the
        // window extends (§4). Binder:600_1's worker-window starts at 420, where it is still in
        // tracked work: that window extends too. Binder:600_1 was runnable 400..500 behind main on
        // CPU 0 since the worker's transaction woke it at 400 (the worker's own 400..420 before it
        // fell asleep did not hold the binder thread up), and its tracked work starts at 400 with
        // that wakeup by the tracked worker: the walk follows it, to the worker's fetch 360..400,
        // its own time, runnable behind SurfaceFlinger on CPU 1 since its first state at 300, made
        // runnable by main: main's deliverInputEvent 100..300, own time, unknown. (Before the
        // windows extended, the worker's 400..420 was on the path and binder:600_1's runnable
        // started at 420.)
        assertThat(SystemFixtures.describe(trace, g.criticalPath().segments())).containsExactly(
                "1000 -100..0 other unknown",
                "1000 0..100 cpu running <program-order",
                "1000 100..300 cpu deliverInputEvent src=0x1002 eventTimeNano=7999900000 id=0x1 <program-order",
                "1020 300..350 runnable waiting for CPU 1 (held by surfaceflinger 500) <wakeup",
                "1020 350..360 cpu running <program-order",
                "1020 360..400 cpu fetch <program-order",
                "610 400..500 runnable waiting for CPU 0 (held by om.example.feed 1000) <binder",
                "610 500..520 cpu running <program-order",
                "610 520..700 cpu AIDL::java::IFeed::load::server <program-order",
                "610 700..710 cpu running <program-order",
                "1020 710..750 runnable waiting for CPU 1 <binder",
                "1020 750..800 cpu fetch <program-order",
                "1020 800..810 cpu running <program-order",
                "1020 810..820 cpu write <program-order",
                "1020 820..1500 io block I/O <program-order",
                "1020 1500..1520 runnable waiting for CPU 1 <program-order",
                "1020 1520..1530 cpu write <program-order",
                "1020 1530..1600 cpu running <program-order",
                "1000 1600..1650 runnable waiting for CPU 0 <wakeup",
                "1000 1650..1700 cpu running <program-order",
                "1000 1700..1710 cpu Choreographer#doFrame 42 <program-order",
                "1000 1710..1800 cpu traversal <program-order",
                "1010 1800..1820 runnable waiting for CPU 1 <wakeup",
                "1010 1820..1830 cpu running <program-order",
                "1010 1830..2500 cpu DrawFrames 42 <program-order");
        SystemFixtures.assertRecorded(g);
    }

    @Test
    void slicesOnThePathAreTheirCalls() throws Exception {
        Trace trace = SystemFixtures.read(SystemScenarios.tap());
        ResponseGraph g = tap(trace);
        var segs = g.criticalPath().segments();
        int worker = SystemFixtures.thread(trace, WORKER);
        // The I/O sleep and the runnable waits inside write belong to write (call 1 of the worker).
        assertThat(segs.get(14).call()).isEqualTo(new dev.ura.app.analysis.model.SliceRef(worker, 1));
        assertThat(segs.get(15).call()).isEqualTo(new dev.ura.app.analysis.model.SliceRef(worker, 1));
        assertThat(segs.get(10).call()).isEqualTo(new dev.ura.app.analysis.model.SliceRef(worker, 0));
        assertThat(segs.get(17).call()).isNull();
    }

    @Test
    void anUnfinishedResponseIsWalkedFromTheEndOfItsLastStretch() throws Exception {
        Trace trace = SystemFixtures.read(SystemScenarios.tap());
        // Nothing drawn: the response ends with the worker's stretch at 1610 (it falls asleep).
        ResponseGraph g = SystemFixtures.graph(trace, APP, -100, WORKER, -1, 1610, List.of(
                stretch(trace, APP, 100, 400, Cause.TRIGGER, -1),
                stretch(trace, WORKER, 300, 1610, Cause.WAKEUP, APP)));
        var segs = g.criticalPath().segments();
        assertThat(SystemFixtures.describe(trace, segs.subList(segs.size() - 2, segs.size()))).containsExactly(
                "1020 1520..1530 cpu write <program-order",
                "1020 1530..1610 cpu running <program-order");
        SystemFixtures.assertRecorded(g);
    }
}
