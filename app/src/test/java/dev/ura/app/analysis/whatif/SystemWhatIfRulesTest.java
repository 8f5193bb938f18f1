package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemTraceScript;

import static dev.ura.trace.testing.SystemScenarios.t;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The what-if rules on system traces (docs/what-if.md), on the two scenarios of issue #20 whose
 * changes on the path saved 0 ns with no reason. Times are µs after the scenario base (10 s), as
 * the scenarios' javadoc works them out; "ms" in reasons is the trace's own time base.
 */
class SystemWhatIfRulesTest {

    private static Analysis analysis(SystemTraceScript script) throws Exception {
        byte[] bytes = PerfettoTraceWriter.write(script, PerfettoTraceWriter.Options.plain());
        return Analysis.of(TraceSession.load("t.perfetto-trace", ByteBuffer.wrap(bytes), null));
    }

    private static Estimate estimate(Analysis a, Change c) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, Scenario.BASELINE.with(c));
    }

    private static SliceSelector.ByName named(String glob) {
        return new SliceSelector.ByName(glob);
    }

    @Test
    void deferringTheMainThreadDiskWriteSavesNothingBecauseTheBinderThreadThenWaitsForTheLock() throws Exception {
        // writeNote 1500…5000 on main: on the path cpu 1500–1800 (300), io 1800–4800 (3000),
        // runnable 4800–4850 (50), cpu 4850–5000 (150): 3500 µs of path time. Without it main makes
        // its binder call 3500 µs sooner, but binder:600_3 still sleeps on the monitor until
        // android.bg releases it at 9950 (persistNotes, untouched): the reply still comes at 10600.
        Estimate e = estimate(analysis(DiskWriteBinderLockScenario.script()), new Change.Defer(named("writeNote")));
        assertThat(e.savedNs()).isZero();
        assertThat(e.pathTimeNs()).isEqualTo(3_500_000L);
        // main's next piece (10650, after the reply) starts as recorded; the binder thread's reply
        // piece and android.bg's release (9900–9950, after persistNotes) did not move.
        assertThat(e.reason()).isEqualTo("m.example.notes then waits for running on binder:600_3 (which waits for"
                + " running on android.bg), which did not move: nothing gained");
    }

    @Test
    void runningFetchNewsInParallelSavesNothingBecauseTheVsyncAbsorbsIt() throws Exception {
        // fetchNews 21800…43200 on NetWorker, on the path from 21800: cpu 21800–22300 (500), the
        // socket wait 22300–40000 (17700), runnable 40000–41000 (1000), cpu 41000–43100 (2100):
        // 21300 µs; but started with the response (21000) it starts only 800 µs sooner, and that is
        // all a parallel start can take off the path. The network wait keeps
        // its length, so main is ready at 43800 instead of 44600 and still draws on the vsync at
        // 51800 (vsyncs every 16600 µs from 2000): 0 saved, absorbed by the frame.
        Estimate e = estimate(analysis(ClickWorkerNetworkScenario.script()),
                new Change.RunInParallel(named("fetchNews")));
        assertThat(e.savedNs()).isZero();
        assertThat(e.pathTimeNs()).isEqualTo(800_000L);
        assertThat(e.reason()).isEqualTo("absorbed by the frame: the update is still drawn on the vsync at 10051.8 ms"
                + " (vsync every 16.6 ms)");
    }

    @Test
    void speedingUpParseNewsThatDoesNotCrossAVsyncSaysSo() throws Exception {
        // parseNews 41200…43000 (1800 µs running) ×2 saves 900 µs: main ready at 43700, still the
        // vsync at 51800.
        Estimate e = estimate(analysis(ClickWorkerNetworkScenario.script()), new Change.SpeedUp(named("parseNews"), 2));
        assertThat(e.savedNs()).isZero();
        assertThat(e.pathTimeNs()).isEqualTo(900_000L);
        assertThat(e.reason()).startsWith("absorbed by the frame");
    }

    @Test
    void speedingUpTheLockHolderSavesWhatItTakesOffThePathAndNoMore() throws Exception {
        // persistNotes 300…9900 on android.bg: 4200 µs of it on the path (5700–9900) ×2 → 2100 µs
        // (SystemWhatIfCliTest): no vsync rhythm in this trace, so the saving is exact.
        Estimate e = estimate(analysis(DiskWriteBinderLockScenario.script()), new Change.SpeedUp(named("persistNotes"), 2));
        assertThat(e.savedNs()).isEqualTo(2_100_000L);
        assertThat(e.pathTimeNs()).isEqualTo(2_100_000L);
        assertThat(e.reason()).isNull();
        assertThat(e.frame()).isNull();
    }

    @Test
    void deferringTheServerSliceSavesItsWholeTimeOnThePathWithTheLockWait() throws Exception {
        // AIDL…server 5400…10500 on binder:600_3. On the path inside it: binder cpu 5400–5700 (300),
        // android.bg 5700–9950 (4250, the lock wait), binder runnable 9950–10000 (50), cpu
        // 10000–10500 (500): 5100 µs. Deferred, its pieces take no time and its wait for android.bg
        // goes: after 5300–5400 (100) comes 10500–10600 (100), the reply leaves 5100 µs sooner and
        // everything after it moves (no vsync rhythm here): saves exactly the path time.
        Estimate e = estimate(analysis(DiskWriteBinderLockScenario.script()),
                new Change.Defer(named("AIDL::java::INoteSync::sync::server")));
        assertThat(e.pathTimeNs()).isEqualTo(5_100_000L);
        assertThat(e.savedNs()).isEqualTo(5_100_000L);
    }

    @Test
    void parallelFetchNewsHasARangeWhenTheTraceShowsAFasterFetchNewsAndItCrossesAVsync() throws Exception {
        // news-click with an earlier fetchNews on NetWorker, before the click: woken at 4950, runs
        // 5000…5200 (fetchNews from 5050), sleeps on its socket until woken at 8000, runs
        // 8050…8400 (fetchNews ends 8300): 3250 µs. The response's fetchNews (21800…43200) mostly
        // waits (socket 22300–40000, runnable 40000–41000: 18700 of 21400 µs), so it is a unit, the
        // same work recorded 3250 and 21400 µs.
        SystemTraceScript s = ClickWorkerNetworkScenario.script();
        String net = "NetWorker";
        long w = ClickWorkerNetworkScenario.WORKER;
        s.waking(0, t(4950), 0, null, w, net, 3, true).sw(3, t(5000), 0, null, "R", w, net)
                .print(3, t(5050), w, net, "B|2000|fetchNews").sw(3, t(5200), w, net, "S", 0, null)
                .waking(0, t(8000), 0, null, w, net, 3, true).sw(3, t(8050), 0, null, "R", w, net)
                .print(3, t(8300), w, net, "E|2000").sw(3, t(8400), w, net, "S", 0, null);
        Estimate e = estimate(analysis(s), new Change.RunInParallel(named("fetchNews")));
        // As recorded (see above): 0 saved, absorbed by the vsync at 51800.
        assertThat(e.savedNs()).isZero();
        // At 3250 µs as a whole, its own running stays (500 before the socket wait, 2200 from
        // 41000, parseNews included: 2700) and its waiting becomes 3250 − 2700 = 550 µs, with no
        // wait for the softirq or the sync thread. Started with the response at 21000 it wakes
        // main at 21000 + 500 + 550 + 2100 = 24150 instead of 43100; main's post-back (1500 µs
        // from its wakeup to its sleep) is ready at 25650, drawn on the vsync at 35200 instead of
        // 51800 (vsyncs every 16600 from 2000): one frame, 16.6 ms, earlier. At the slowest,
        // 21400, it is the recorded duration: the estimate itself.
        long recorded = e.durationNs();
        assertThat(e.range()).isNotNull();
        assertThat(e.range().lowDurationNs()).isEqualTo(recorded - 16_600_000L);
        assertThat(e.range().highDurationNs()).isEqualTo(recorded);
        assertThat(e.range().evidence()).isEqualTo("1 × fetchNews moved, the same work took 3.3 ms–21.4 ms in this trace (2 times)");
    }

    @Test
    void parallelFetchNewsRecordedOnceHasNoRangeAndSaysWhy() throws Exception {
        Estimate e = estimate(analysis(ClickWorkerNetworkScenario.script()), new Change.RunInParallel(named("fetchNews")));
        assertThat(e.range()).isNull();
        assertThat(e.assumption()).startsWith("moved work keeps its recorded duration (no range: ");
    }
}
