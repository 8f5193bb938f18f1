package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.findings.SystemFindingsFixtures.APP;
import static dev.ura.app.analysis.findings.SystemFindingsFixtures.BINDER;
import static dev.ura.app.analysis.findings.SystemFindingsFixtures.RENDER;
import static dev.ura.app.analysis.findings.SystemFindingsFixtures.stretch;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The system-trace finding rules on {@link SystemFindingsFixtures}, every number worked out by
 * hand from its script and docs/system-responses.md §4–§5.
 *
 * <p>The walk back from RenderThread at 9000: DrawFrames 43 8120–9000, running 8110–8120,
 * runnable 8100–8110 (CPU 1 idle); woken by main at 8100: main 8000–8100 (running, doFrame);
 * vsync wait 5510–8000; main 5320–5510 (loadConfig 5320–5400, deliverInputEvent 5400–5500,
 * running 5500–5510); runnable 5310–5320 (CPU 0 held by binder:600_1); woken by the binder reply
 * at 5310: binder:600_1 over [1610, 5310]: 5200–5310 (lock slice 10, AIDL 90, running 10),
 * runnable 2700–5200 (CPU 0 held by other), woken by android.display at 2700: it over
 * [1710, 2700] (updateLocked 990); back on binder:600_1 1610–1710 (running 20, AIDL 70, lock 10).
 * At 1610, main's window start, binder:600_1 is in tracked work (1600–5320), so the window extends
 * (§4): binder:600_1 runnable 1600–1610 (CPU 0 held by main, which went on 10 µs after sending),
 * its tracked work starting with main's wakeup at 1600: main 1300–1600 (commit 100,
 * deliverInputEvent 100, loadConfig 100), I/O 300–1300, 100–300 (deliverInputEvent 100, commit 100).
 * 8900 µs in all. (Before windows extended, main's 1600–1610 was on the path instead.)
 */
class SystemFindingsTest {
    private static Trace trace;
    private static ResponseGraph graph;
    private static List<Finding> findings;

    @BeforeAll
    static void analyse() throws Exception {
        trace = SystemFindingsFixtures.read(SystemFindingsFixtures.script());
        graph = SystemFindingsFixtures.graph(trace, APP, 100, RENDER, 9000, List.of(
                stretch(trace, APP, 100, 5510, Cause.TRIGGER, -1),
                stretch(trace, BINDER, 1600, 5320, Cause.BINDER, APP),
                stretch(trace, RENDER, 8100, 9010, Cause.WAKEUP, APP)));
        findings = new FindingsAnalyzer().analyze(graph);
    }

    private static Finding only(String rule) {
        List<Finding> f = findings.stream().filter(x -> x.rule().equals(rule)).toList();
        assertThat(f).as("findings of %s in %s", rule, findings).hasSize(1);
        return f.get(0);
    }

    private static long us(long v) {
        return v * 1000;
    }

    @Test
    void theWalkIsTheOneWorkedOutByHand() {
        List<Segment> path = graph.criticalPath().segments();
        long total = 0;
        long runnable = 0;
        long io = 0;
        long wait = 0;
        for (Segment s : path) {
            total += s.durationNs();
            runnable += s.category() == Category.RUNNABLE ? s.durationNs() : 0;
            io += s.category() == Category.IO ? s.durationNs() : 0;
            wait += s.category() == Category.WAIT ? s.durationNs() : 0;
        }
        assertThat(total).isEqualTo(us(8900));
        assertThat(runnable).isEqualTo(us(10 + 2500 + 10 + 10));
        assertThat(io).isEqualTo(us(1000));
        assertThat(wait).isEqualTo(us(2490));
    }

    @Test
    void theMainThreadsDiskWaitIsNamedWithItsSliceAndSuggestedToBeDeferred() {
        Finding f = only(MainThreadIoRule.ID);
        // D 300–1300 inside SharedPreferences.commit (200–1400), all of it on the path
        assertThat(f.evidenceStartNs()).isEqualTo(t(300));
        assertThat(f.evidenceEndNs()).isEqualTo(t(1300));
        assertThat(f.thread()).isEqualTo(SystemFindingsFixtures.thread(trace, APP));
        assertThat(f.suggestion()).isEqualTo(new Change.Defer(new SliceSelector.ByName("SharedPreferences.commit")));
        assertThat(f.message()).contains("in SharedPreferences.commit: 1.0 ms during this response (1.0 ms on its critical path)");
        // Deferring the commit (1200 µs of main-thread time) moves the binder call 1.2 ms earlier,
        // but the binder thread still waits for android.display's lock until 2700: nothing saved.
        assertThat(f.estimatedSavingNs()).isZero();
        assertThat(f.message()).contains("it does not delay this response, but it blocks the main thread");
    }

    @Test
    void theBinderCallNamesTheRemoteThreadItsAidlSliceAndTheRoundTrip() {
        Finding f = only(MainThreadBinderRule.ID);
        // sent 1600, reply received 5330: 3730 µs; the main thread is on the path when the reply
        // arrives, so the whole round trip is on it
        assertThat(f.message()).contains("binder:600_1 610 (system_server)")
                .contains("(AIDL::java::IConfig::get::server)").contains("in loadConfig")
                .contains("a round trip of 3.7 ms, 3.7 ms of it on the critical path");
        assertThat(f.evidenceStartNs()).isEqualTo(t(1600));
        assertThat(f.evidenceEndNs()).isEqualTo(t(5330));
        assertThat(f.suggestion()).isEqualTo(new Change.RunInParallel(new SliceSelector.ByName("loadConfig")));
        assertThat(f.estimatedSavingNs()).isEqualTo(new WhatIfEstimator(graph).estimate(
                Scenario.BASELINE.with(f.suggestion())).savedNs());
    }

    @Test
    void theLockContentionSliceNamesTheOwnerByTid() {
        Finding f = only(LockContentionRule.ID);
        // the slice 1700–5210 on binder:600_1; it is on the path at its end, so all 3510 µs are
        assertThat(f.message()).startsWith("binder:600_1 610 (system_server) waited 3.5 ms for a monitor lock held by"
                + " android.display 620 (system_server) (3.5 ms on the critical path)");
        assertThat(f.thread()).isEqualTo(SystemFindingsFixtures.thread(trace, BINDER));
        // the owner released it (woke the binder thread) at 2700, in updateLocked: ×2 halves its
        // 990 µs on the path (1710–2700): everything after moves 495 µs earlier
        assertThat(f.message()).contains("android.display 620 (system_server) was in updateLocked when it let go");
        assertThat(f.suggestion()).isEqualTo(new Change.SpeedUp(new SliceSelector.ByName("updateLocked"), 2));
        assertThat(f.estimatedSavingNs()).isEqualTo(us(495));
    }

    @Test
    void runnableTimeOnThePathNamesWhoHeldTheCpus() {
        Finding f = only(CpuContentionRule.ID);
        // 10 (main, CPU 0 held by binder:600_1) + 10 (binder:600_1, CPU 0 held by main 1600–1610) +
        // 2500 (binder:600_1, CPU 0 held by other) + 10 (RenderThread, CPU 1 idle) = 2530 µs of 8900
        assertThat(f.message()).startsWith("The critical path waited 2.5 ms for a CPU (28 % of this response, runnable on ")
                .contains("other 700 (com.other) 2.5 ms, om.example.feed 1000 (com.example.feed) 0.0 ms,"
                        + " binder:600_1 610 (system_server) 0.0 ms.");
        assertThat(f.suggestion()).isNull();
        // from the first runnable piece (binder:600_1's, 1600) to the end of the last (RenderThread's)
        assertThat(f.evidenceStartNs()).isEqualTo(t(1600));
        assertThat(f.evidenceEndNs()).isEqualTo(t(8110));
    }

    @Test
    void theWaitsOnThePathSayWhatTheUserWaitedFor() {
        Finding f = only(PathWaitsRule.ID);
        assertThat(f.message()).isEqualTo("The user waited 2.5 ms (28 % of this response) with no thread on the critical"
                + " path running: 2.5 ms on om.example.feed for vsync (the display's next frame).");
        assertThat(f.suggestion()).isNull();
    }

    @Test
    void aThreadDominatesByItsRunningTimeOnlyNotItsWaits() {
        // at a 10 % share (890 µs of 8900): main has 800 µs running (its 1000 µs I/O, 2490 µs vsync
        // wait and 10 µs runnable do not count), binder:600_1 210, android.display 990 — over —
        // and RenderThread 890, not over
        FindingThresholds d = FindingThresholds.DEFAULTS;
        FindingThresholds tenth = new FindingThresholds(d.minMainThreadStorageNs(), d.minWriteSavingNs(),
                d.networkShare(), 0.1, d.minWaitNs(), d.warningSavingNs(), d.criticalSavingNs());
        List<Finding> f = new FindingsAnalyzer(tenth, List.of(new ThreadDominatesRule())).analyze(graph);
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.thread()).isEqualTo(SystemFindingsFixtures.thread(trace, SystemFindingsFixtures.HOLDER));
            assertThat(x.message()).startsWith("Thread android.display runs for 11 % of this response (1.0 ms on the"
                    + " critical path); its heaviest work is updateLocked (1.0 ms).");
            // ×2 halves its 990 µs on the path: the binder thread is woken 495 µs sooner
            assertThat(x.suggestion()).isEqualTo(new Change.SpeedUp(new SliceSelector.ByName("updateLocked"), 2));
            assertThat(x.estimatedSavingNs()).isEqualTo(us(495));
        });
    }

    @Test
    void noThreadDominatesAndNoMethodTraceRuleSpeaks() {
        // running on the path: RenderThread 890, main 800, android.display 990, binder 210 µs: none
        // over half of 8900
        assertThat(findings).extracting(Finding::rule).containsExactlyInAnyOrder(MainThreadIoRule.ID,
                MainThreadBinderRule.ID, LockContentionRule.ID, CpuContentionRule.ID, PathWaitsRule.ID);
    }
}
