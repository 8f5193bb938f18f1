package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.ThreadPathTotal;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** Small scripts, each walk worked out by hand from docs/system-responses.md §4 (µs after the base). */
class SystemGraphWalkTest {
    static final long APP = 1000;
    static final long RENDER = 1010;
    static final long WORKER = 1020;
    static final long POOL = 1030;
    static final long SF = 500;
    static final long SF_APP = 520;
    static final long OTHER = 3000;
    static final long HEAVY = 3010;
    static final String COMM = "om.example.feed";

    /**
     * Main sleeps 100..300 until SurfaceFlinger's {@code app} thread wakes it (vsync), is runnable
     * 300..450 while another app's {@code heavy} holds CPU 0 (150..450), runs doFrame 460..590 and
     * wakes RenderThread (its first state) at 500; RenderThread runs 520..570 in DrawFrames 7,
     * sleeps until an interrupt at 700, and runs again 710..: drawn at 790.
     */
    static SystemTraceScript vsyncAndContention() {
        SystemTraceScript s = new SystemTraceScript().process(APP, "com.example.feed").thread(RENDER, APP)
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF).process(OTHER, "com.other")
                .thread(HEAVY, OTHER);
        return s.sw(0, t(0), 0, null, "R", APP, COMM)
                .print(0, t(10), APP, COMM, "B|1000|deliverInputEvent")
                .print(0, t(90), APP, COMM, "E|1000")
                .sw(0, t(100), APP, COMM, "S", 0, null)
                .sw(0, t(150), 0, null, "R", HEAVY, "heavy")
                .sw(2, t(250), 0, null, "R", SF_APP, "app")
                .waking(2, t(300), SF_APP, "app", APP, COMM, 0, false)
                .sw(2, t(320), SF_APP, "app", "S", 0, null)
                .sw(0, t(450), HEAVY, "heavy", "R+", APP, COMM)
                .print(0, t(460), APP, COMM, "B|1000|Choreographer#doFrame 7")
                .waking(0, t(500), APP, COMM, RENDER, "RenderThread", 1, false)
                .sw(1, t(520), 0, null, "R", RENDER, "RenderThread")
                .print(1, t(530), RENDER, "RenderThread", "B|1000|DrawFrames 7")
                .sw(1, t(570), RENDER, "RenderThread", "S", 0, null)
                .print(0, t(590), APP, COMM, "E|1000")
                .sw(0, t(600), APP, COMM, "S", 0, null)
                .waking(1, t(700), 0, null, RENDER, "RenderThread", 1, true)
                .sw(1, t(710), 0, null, "R", RENDER, "RenderThread")
                .print(1, t(790), RENDER, "RenderThread", "E|1000")
                .sw(1, t(800), RENDER, "RenderThread", "S", 0, null);
    }

    @Test
    void vsyncWaitRunnableBehindAnotherThreadInterruptAndANewThread() throws Exception {
        Trace trace = SystemFixtures.read(vsyncAndContention());
        ResponseGraph g = SystemFixtures.graph(trace, APP, 5, RENDER, 790, List.of());
        // Back from RenderThread at 790: DrawFrames since 710, runnable 700..710 (CPU 1 idle),
        // asleep 570..700 ended by an interrupt (a wait, inside DrawFrames), DrawFrames 530..570,
        // its own time 520..530, runnable since its first state at 500 — made runnable by main, so
        // the path goes to main at 500: doFrame 460..500, own time 450..460, runnable 300..450
        // behind heavy on CPU 0, asleep 100..300 until a vsync (a wait, not followed), and its
        // input handling back to the start at 5.
        assertThat(SystemFixtures.describe(trace, g.criticalPath().segments())).containsExactly(
                "1000 5..10 cpu running",
                "1000 10..90 cpu deliverInputEvent <program-order",
                "1000 90..100 cpu running <program-order",
                "1000 100..300 wait vsync <program-order",
                "1000 300..450 runnable waiting for CPU 0 (held by heavy 3010) <program-order",
                "1000 450..460 cpu running <program-order",
                "1000 460..500 cpu Choreographer#doFrame 7 <program-order",
                "1010 500..520 runnable waiting for CPU 1 <wakeup",
                "1010 520..530 cpu running <program-order",
                "1010 530..570 cpu DrawFrames 7 <program-order",
                "1010 570..700 wait sleeping <program-order",
                "1010 700..710 runnable waiting for CPU 1 <program-order",
                "1010 710..790 cpu DrawFrames 7 <program-order");
        SystemFixtures.assertRecorded(g);
        List<ThreadPathTotal> totals = g.criticalPath().byThread();
        assertThat(totals).extracting(ThreadPathTotal::threadName).containsExactly("om.example.feed", "RenderThread");
        assertThat(totals.get(0)).extracting(ThreadPathTotal::cpuNs, ThreadPathTotal::runnableNs,
                ThreadPathTotal::waitNs).containsExactly(145_000L, 150_000L, 200_000L);
        assertThat(totals.get(1)).extracting(ThreadPathTotal::cpuNs, ThreadPathTotal::runnableNs,
                ThreadPathTotal::waitNs).containsExactly(130_000L, 30_000L, 130_000L);
    }

    /**
     * Main (CPU 0) sleeps 100..900 until the worker wakes it; the worker (CPU 1, in {@code work}
     * 50..950) slept 200..600 until the pool thread woke it; the pool thread (CPU 2) ran
     * {@code compute} from 1 µs to 700, long before anyone waited for it.
     */
    static SystemTraceScript chain() {
        SystemTraceScript s = new SystemTraceScript().process(APP, "com.example.feed").thread(WORKER, APP)
                .thread(POOL, APP);
        return s.sw(0, t(0), 0, null, "R", APP, COMM)
                .sw(1, t(0), 0, null, "R", WORKER, "worker")
                .sw(2, t(0), 0, null, "R", POOL, "pool")
                .print(2, t(1), POOL, "pool", "B|1000|compute")
                .print(1, t(50), WORKER, "worker", "B|1000|work")
                .sw(0, t(100), APP, COMM, "S", 0, null)
                .sw(1, t(200), WORKER, "worker", "S", 0, null)
                .waking(2, t(600), POOL, "pool", WORKER, "worker", 1, false)
                .sw(1, t(610), 0, null, "R", WORKER, "worker")
                .print(2, t(690), POOL, "pool", "E|1000")
                .sw(2, t(700), POOL, "pool", "S", 0, null)
                .waking(1, t(900), WORKER, "worker", APP, COMM, 0, false)
                .sw(0, t(920), 0, null, "R", APP, COMM)
                .print(1, t(950), WORKER, "worker", "E|1000")
                .sw(1, t(1000), WORKER, "worker", "S", 0, null)
                .sw(0, t(1100), APP, COMM, "S", 0, null);
    }

    @Test
    void aWakerChainContributesOnlyItsWindows() throws Exception {
        Trace trace = SystemFixtures.read(chain());
        ResponseGraph g = SystemFixtures.graph(trace, APP, 0, APP, 1000, List.of());
        // Back from main at 1000: own time 920..1000, runnable 900..920; asleep 100..900 until the
        // worker woke it: the worker over [100, 900]: work 610..900, runnable 600..610; asleep
        // 200..600 until the pool woke it: the pool over [200, 600] only (it computed since 1);
        // back to the worker at 200: work 100..200 (the window starts at main's sleep); back to
        // main at 100: 0..100.
        assertThat(SystemFixtures.describe(trace, g.criticalPath().segments())).containsExactly(
                "1000 0..100 cpu running",
                "1020 100..200 cpu work <wakeup",
                "1030 200..600 cpu compute <wakeup",
                "1020 600..610 runnable waiting for CPU 1 <wakeup",
                "1020 610..900 cpu work <program-order",
                "1000 900..920 runnable waiting for CPU 0 <wakeup",
                "1000 920..1000 cpu running <program-order");
        SystemFixtures.assertRecorded(g);
    }

    @Test
    void windowsExtendWhileTheWakersSideIsInTrackedWorkAndReturnWhereItLeavesIt() throws Exception {
        Trace trace = SystemFixtures.read(chain());
        // The same chain with tracked work (§2, given here by hand): main's trigger 0..100 and its
        // work after 900; the worker 0..1000 (its sleep ended by the tracked pool); the pool from a
        // flow's end at 150, in the middle of compute (so nothing of it is tracked before 150).
        ResponseGraph g = chainWithStretches(trace, true);
        // Back from main at 1000: 920..1000, runnable 900..920; main's sleep 100..900 → the worker:
        // work 610..900, runnable 600..610; the worker's sleep 200..600 → the pool: compute
        // 200..600. At 200, the worker's window start, the pool is in tracked work (from 150): the
        // window extends, and the pool's compute 150..200 is on the path. At 150 the pool leaves
        // tracked work with no hand-off there (it was running): back to the worker at 150, its work
        // 100..150 (the worker's own work beside the pool's compute 150..200 is off the path). At 100,
        // main's window start, the worker is in tracked work: that window extends too, and the walk
        // stays on the worker down to the start: work 50..100, its own time 0..50. Main's 0..100 ran
        // beside the worker, which main then waited for: off the path. (Without stretches, windows
        // never extend: aWakerChainContributesOnlyItsWindows.)
        assertThat(SystemFixtures.describe(trace, g.criticalPath().segments())).containsExactly(
                "1020 0..50 cpu running",
                "1020 50..150 cpu work <program-order",
                "1030 150..600 cpu compute <wakeup",
                "1020 600..610 runnable waiting for CPU 1 <wakeup",
                "1020 610..900 cpu work <program-order",
                "1000 900..920 runnable waiting for CPU 0 <wakeup",
                "1000 920..1000 cpu running <program-order");
        SystemFixtures.assertRecorded(g);

        // Without the pool's stretch, its earlier work is nothing tracked: the worker's window
        // returns at its start (200) and the pool is on the path over the sleep only.
        ResponseGraph h = chainWithStretches(trace, false);
        assertThat(SystemFixtures.describe(trace, h.criticalPath().segments().subList(0, 3))).containsExactly(
                "1020 0..50 cpu running",
                "1020 50..200 cpu work <program-order",
                "1030 200..600 cpu compute <wakeup");
        // the rest as with the pool's stretch: the worker 600..900, main 900..1000
        assertThat(SystemFixtures.describe(trace, h.criticalPath().segments().subList(3, 7)))
                .isEqualTo(SystemFixtures.describe(trace, g.criticalPath().segments().subList(3, 7)));
        SystemFixtures.assertRecorded(h);
    }

    /** {@link #chain()}'s response 0..1000 with main's, the worker's and (optionally) the pool's tracked work. */
    private static ResponseGraph chainWithStretches(Trace trace, boolean pool) {
        List<dev.ura.app.analysis.model.TrackedStretch> stretches = new java.util.ArrayList<>(List.of(
                SystemFixtures.stretch(trace, APP, 0, 100, Cause.TRIGGER, -1),
                SystemFixtures.stretch(trace, WORKER, 0, 1000, Cause.WAKEUP, APP),
                SystemFixtures.stretch(trace, APP, 900, 1100, Cause.WAKEUP, WORKER)));
        if (pool) {
            stretches.add(SystemFixtures.stretch(trace, POOL, 150, 700, Cause.FLOW, WORKER));
        }
        return SystemFixtures.graph(trace, APP, 0, APP, 1000, stretches);
    }
}
