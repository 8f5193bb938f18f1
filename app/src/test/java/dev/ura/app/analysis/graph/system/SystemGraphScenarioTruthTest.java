package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.ThreadPathTotal;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ColdLaunchScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.ScenarioTruth;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walk against the per-thread truths the Done-when scenarios (trace-formats test-jar) work out
 * by hand, with the response start, end and tracked stretches those truths give (at a window's
 * start the stretches decide whether the walk returns to the sleeper).
 */
class SystemGraphScenarioTruthTest {

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of(ClickWorkerNetworkScenario.script(), ClickWorkerNetworkScenario.truth(),
                        ClickWorkerNetworkScenario.APP, ClickWorkerNetworkScenario.RENDER),
                Arguments.of(ColdLaunchScenario.script(), ColdLaunchScenario.truth(),
                        ColdLaunchScenario.APP, ColdLaunchScenario.RENDER),
                Arguments.of(DiskWriteBinderLockScenario.script(), DiskWriteBinderLockScenario.truth(),
                        DiskWriteBinderLockScenario.APP, DiskWriteBinderLockScenario.RENDER));
    }

    /** The scenario's tracked work as its truth gives it, worked out by hand (§2). */
    private static List<dev.ura.app.analysis.model.TrackedStretch> stretches(Trace trace, ScenarioTruth truth) {
        List<dev.ura.app.analysis.model.TrackedStretch> out = new ArrayList<>();
        for (ScenarioTruth.Stretch s : truth.stretches()) {
            out.add(new dev.ura.app.analysis.model.TrackedStretch(trace.system().threadIndex(s.tid()),
                    dev.ura.trace.testing.SystemScenarios.t(s.fromUs()), dev.ura.trace.testing.SystemScenarios.t(s.toUs()),
                    dev.ura.app.analysis.model.TrackedStretch.Cause.WAKEUP, -1));
        }
        return out;
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("scenarios")
    void perThreadTotalsMatchTheTruth(SystemTraceScript script, ScenarioTruth truth, long app, long render)
            throws Exception {
        Trace trace = SystemFixtures.read(script);
        ResponseGraph g = SystemFixtures.graph(trace, app, truth.startUs(), render, truth.drawnAtUs(), stretches(trace, truth));
        SystemFixtures.assertRecorded(g);
        List<String> got = new ArrayList<>();
        for (ThreadPathTotal t : g.criticalPath().byThread()) {
            got.add(trace.system().threads().get(t.thread()).tid() + " cpu " + t.cpuNs() / 1000 + " runnable "
                    + t.runnableNs() / 1000 + " io " + t.ioNs() / 1000 + " wait " + t.waitNs() / 1000 + " other "
                    + t.otherNs() / 1000);
        }
        List<String> want = new ArrayList<>();
        for (ScenarioTruth.PathTotal p : truth.path()) {
            want.add(p.tid() + " cpu " + p.cpuUs() + " runnable " + p.runnableUs() + " io " + p.ioUs() + " wait "
                    + p.waitUs() + " other " + p.otherUs());
        }
        assertThat(got).containsExactlyInAnyOrderElementsOf(want);
    }

    @org.junit.jupiter.api.Test
    void workThatFinishesEarlierStillWaitsForTheSameVsync() throws Exception {
        // Click scenario: parseNews (41200..43000) lies on the path; ×2 makes NetWorker wake main
        // 900 µs sooner, but main then sleeps until the vsync at 51800 all the same (the display's
        // rhythm, 16.6 ms, is seen from SurfaceFlinger's app thread): nothing is saved. Slowing it
        // down by 8 ms (×0.1: 18 ms) misses that vsync: the frame is drawn one period later.
        Trace trace = SystemFixtures.read(ClickWorkerNetworkScenario.script());
        ScenarioTruth truth = ClickWorkerNetworkScenario.truth();
        ResponseGraph g = SystemFixtures.graph(trace, ClickWorkerNetworkScenario.APP, truth.startUs(),
                ClickWorkerNetworkScenario.RENDER, truth.drawnAtUs(), stretches(trace, truth));
        assertThat(g.cadence()).isPresent();
        assertThat(g.cadence().get().periodNs()).isEqualTo(16_600_000L);
        var estimator = new dev.ura.app.analysis.whatif.WhatIfEstimator(g);
        var faster = estimator.estimate(new dev.ura.app.analysis.model.Scenario(List.of(
                new dev.ura.app.analysis.model.Change.SpeedUp(new dev.ura.app.analysis.model.SliceSelector.ByName("parseNews"), 2))));
        assertThat(faster.savedNs()).isZero();
        var slower = estimator.estimate(new dev.ura.app.analysis.model.Scenario(List.of(
                new dev.ura.app.analysis.model.Change.SpeedUp(new dev.ura.app.analysis.model.SliceSelector.ByName("parseNews"), 0.1))));
        assertThat(slower.savedNs()).isEqualTo(-16_600_000L);
    }

    @org.junit.jupiter.api.Test
    void aWakerWindowMovesWithItsOwnThreadNotWithTheSleeper() throws Exception {
        // Cold launch: main sleeps 11200..14000 until Preloader (running preloadCatalog 6200..13900)
        // wakes it. ×2, preloadCatalog ends at 6200 + 7700 / 2 = 10050 and Preloader wakes main at
        // 10150, before main even falls asleep: main goes on at 11200, its 2800 µs sleep is gone,
        // and everything after it (no vsync rhythm in this trace) moves 2800 µs earlier.
        Trace trace = SystemFixtures.read(ColdLaunchScenario.script());
        ScenarioTruth truth = ColdLaunchScenario.truth();
        ResponseGraph g = SystemFixtures.graph(trace, ColdLaunchScenario.APP, truth.startUs(), ColdLaunchScenario.RENDER,
                truth.drawnAtUs(), stretches(trace, truth));
        var e = new dev.ura.app.analysis.whatif.WhatIfEstimator(g).estimate(new dev.ura.app.analysis.model.Scenario(
                List.of(new dev.ura.app.analysis.model.Change.SpeedUp(
                        new dev.ura.app.analysis.model.SliceSelector.ByName("preloadCatalog"), 2))));
        assertThat(e.savedNs()).isEqualTo(2_800_000L);
    }

    @org.junit.jupiter.api.Test
    void aDroppedWindowLeavesNoCut() throws Exception {
        // Click: the walk reaches 40300 on NetWorker (where main's and RenderThread's windows start),
        // inside its runnable wait 40000..41000; it stays on NetWorker (tracked, the sleepers not):
        // the wait is one piece, behind sync pool-1 on CPU 3.
        Trace trace = SystemFixtures.read(ClickWorkerNetworkScenario.script());
        ScenarioTruth truth = ClickWorkerNetworkScenario.truth();
        ResponseGraph g = SystemFixtures.graph(trace, ClickWorkerNetworkScenario.APP, truth.startUs(),
                ClickWorkerNetworkScenario.RENDER, truth.drawnAtUs(), stretches(trace, truth));
        assertThat(SystemFixtures.describe(trace, g.criticalPath().segments()))
                .contains("2020 40000..41000 runnable waiting for CPU 3 (held by sync pool-1 3010) <program-order",
                        "2020 22300..40000 wait sleeping <program-order");
    }
}
