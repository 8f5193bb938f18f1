package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What-if on the tap (response 2600 µs, see {@link SystemGraphTapTest}), worked out by hand on the
 * graph's rules: a speed-up divides every piece of the slice's own thread inside it (running,
 * runnable, I/O); a defer removes them and the wakeups they waited for.
 */
class SystemWhatIfTest {

    private static Estimate estimate(Change change) throws Exception {
        Trace trace = SystemFixtures.read(SystemScenarios.tap());
        return new WhatIfEstimator(SystemGraphTapTest.tap(trace)).estimate(new Scenario(List.of(change)));
    }

    private static SliceSelector.ByName named(String glob) {
        return new SliceSelector.ByName(glob);
    }

    @Test
    void theEmptyScenarioIsTheRecording() throws Exception {
        Trace trace = SystemFixtures.read(SystemScenarios.tap());
        Estimate e = new WhatIfEstimator(SystemGraphTapTest.tap(trace)).estimate(Scenario.BASELINE);
        assertThat(e.durationNs()).isEqualTo(2_600_000L);
        assertThat(e.savedNs()).isZero();
    }

    @Test
    void speedingUpWriteHalvesItsRunningIoAndRunnablePieces() throws Exception {
        // write 810..1530 on the path: cpu 10 + io 680 + runnable 20 + cpu 10 = 720 µs → 360 µs.
        Estimate e = estimate(new Change.SpeedUp(named("write"), 2));
        assertThat(e.savedNs()).isEqualTo(360_000L);
        assertThat(e.durationNs()).isEqualTo(2_240_000L);
    }

    @Test
    void deferringWriteRemovesItFromThePath() throws Exception {
        Estimate e = estimate(new Change.Defer(named("write")));
        assertThat(e.savedNs()).isEqualTo(720_000L);
    }

    @Test
    void deferringFetchAlsoDropsTheBinderCallItWaitedFor() throws Exception {
        // fetch 360..800 no longer waits for system_server's reply: the worker goes from its own
        // time 350..360 (ready at 360) straight on to 800..1600 (800 µs of pieces), main is woken
        // at 1160 instead of 1600: 440 µs saved, the whole of fetch.
        Estimate e = estimate(new Change.Defer(named("fetch")));
        assertThat(e.savedNs()).isEqualTo(440_000L);
        assertThat(e.path().segments()).extracting(s -> s.threadName())
                .doesNotContain("binder:600_1");
    }

    @Test
    void speedingUpTheBinderServerShortensThePathByHalfItsWindow() throws Exception {
        // AIDL 520..700 on binder:600_1 lies wholly on the path: 180 µs → 90.
        Estimate e = estimate(new Change.SpeedUp(named("AIDL::*"), 2));
        assertThat(e.savedNs()).isEqualTo(90_000L);
    }

    @Test
    void aWakerBusyOnItsOwnDoesNotMoveWhenTheSleeperFinishesEarlier() throws Exception {
        // The chain of SystemGraphWalkTest with main's 0..100 in onClick 10..90: main falls asleep
        // at 100 waiting for the worker, which waits for the pool, which computes from 1 to 600
        // whatever main does. Deferring onClick lets main fall asleep sooner, but the worker's
        // window (from 100) and the pool's (from 200) keep their recorded starts: nothing is saved.
        SystemTraceScript chain = SystemGraphWalkTest.chain()
                .print(0, SystemScenarios.t(10), SystemGraphWalkTest.APP, SystemGraphWalkTest.COMM, "B|1000|onClick")
                .print(0, SystemScenarios.t(90), SystemGraphWalkTest.APP, SystemGraphWalkTest.COMM, "E|1000");
        Trace trace = SystemFixtures.read(chain);
        ResponseGraph g = SystemFixtures.graph(trace, SystemGraphWalkTest.APP, 0, SystemGraphWalkTest.APP, 1000,
                List.of());
        SystemFixtures.assertRecorded(g);
        Estimate e = new WhatIfEstimator(g).estimate(new Scenario(List.of(new Change.Defer(named("onClick")))));
        assertThat(e.savedNs()).isZero();
        // Speeding up the pool's compute does help: its window 200..600 halves.
        Estimate faster = new WhatIfEstimator(g).estimate(new Scenario(List.of(new Change.SpeedUp(named("compute"), 2))));
        assertThat(faster.savedNs()).isEqualTo(200_000L);
    }
}
