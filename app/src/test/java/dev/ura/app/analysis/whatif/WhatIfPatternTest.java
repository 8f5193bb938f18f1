package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.TraceFixtures;
import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What-if patterns mean the same work in an agent log and in a method trace of the same app, a
 * pattern that selects nothing says so, and several {@code --parallel} changes combine. Every
 * expected figure is worked out by hand in the comments.
 */
class WhatIfPatternTest {
    /**
     * A click (0–10 ms) hands a task to a worker at 5 ms; the worker runs it 10–170 ms, of which
     * {@code com.ex.Load.fetch} takes 10–160 ms, and posts the result at 165 ms; the main thread
     * runs it 170–175 ms and invalidates view 7 at 172 ms; the frame draws it 180–185 ms.
     */
    static final String LOAD_LOG = """
            {"kind":"META","version":1,"app":"com.ex"}
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"kind":"THREAD","tid":12,"name":"worker"}
            {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
            {"ts":4000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.Load.<init>"}
            {"ts":4100000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":5000000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor","target_tid":12}
            {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":10000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"com.ex.Load.run"}
            {"ts":10000000,"tid":12,"kind":"METHOD","ph":"B","name":"com.ex.Load.fetch"}
            {"ts":160000000,"tid":12,"kind":"METHOD","ph":"E"}
            {"ts":165000000,"tid":12,"kind":"SEND_MSG","obj":"b","via":"handler","target_tid":1}
            {"ts":170000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":170000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b","name":"com.ex.Ui.handleMessage"}
            {"ts":172000000,"tid":1,"kind":"INVALIDATE","view":7}
            {"ts":175000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":180000000,"tid":1,"kind":"DRAW","ph":"B","view":7}
            {"ts":185000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    /** The same run as a method trace (the framework calls the default rules turn into events). */
    static Analysis loadTrace() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter("android.os.Looper.loop", 0);
        main.enter("android.os.Handler.dispatchMessage", ms(-0.01))
                .enter("android.view.View.performClick", 0)
                .call("com.ex.Load.<init>", ms(4), ms(4.1))
                .enter("java.util.concurrent.ThreadPoolExecutor.execute", ms(5)).exit(ms(5.01))
                .exit(ms(9.99)).exit(ms(10));
        main.enter("android.os.Handler.dispatchMessage", ms(170))
                .enter("com.ex.Ui.handleMessage", ms(170.01))
                .call("android.view.View.invalidate", ms(172), ms(172.01))
                .exit(ms(174.99)).exit(ms(175));
        main.enter("android.os.Handler.dispatchMessage", ms(179.998))
                .enter("android.view.Choreographer.doFrame", ms(179.999))
                .call("android.view.ViewRootImpl.performDraw", ms(180), ms(185))
                .exit(ms(185.001)).exit(ms(185.002));
        main.exit(ms(300));
        ThreadWriter worker = mt.thread("worker");
        worker.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(9))
                .enter("com.ex.Load.run", ms(10))
                .call("com.ex.Load.fetch", ms(10), ms(160))
                .enter("android.os.Handler.sendMessageAtTime", ms(165))
                .call("android.os.MessageQueue.enqueueMessage", ms(165), ms(165.01))
                .exit(ms(165.02))
                .exit(ms(170)).exit(ms(171));
        return Analysis.of(mt.build());
    }

    private static long saved(Analysis a, Change... changes) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, new Scenario(List.of(changes))).savedNs();
    }

    private static SliceSelector.ByName name(String glob) {
        return new SliceSelector.ByName(glob);
    }

    @Test
    void bothFormsOfTheRunEndWhenTheFrameDrawsTheResult() {
        assertThat(AgentLogText.analyse(LOAD_LOG).responses().get(0).durationNs()).isEqualTo(ms(185));
        assertThat(loadTrace().responses().get(0).durationNs()).isEqualTo(ms(185));
    }

    @Test
    void methodKindPatternsMatchAgentLogMethodIntervals() {
        Analysis log = AgentLogText.analyse(LOAD_LOG);
        // fetch (150 ms) no longer delays the post: everything after it moves 150 ms earlier
        assertThat(saved(log, new Change.Defer(name("METHOD:com.ex.Load.fetch")))).isEqualTo(ms(150));
        assertThat(saved(log, new Change.Defer(name("METHOD:*.fetch")))).isEqualTo(ms(150));
        assertThat(saved(log, new Change.Defer(name("com.ex.Load.fetch")))).isEqualTo(ms(150));
        // twice as fast: 75 ms saved
        assertThat(saved(log, new Change.SpeedUp(name("METHOD:com.ex.Load.fetch"), 2))).isEqualTo(ms(75));
    }

    @Test
    void theSamePatternGivesTheSameEstimateOnTheMethodTrace() {
        Analysis trace = loadTrace();
        assertThat(saved(trace, new Change.Defer(name("METHOD:com.ex.Load.fetch")))).isEqualTo(ms(150));
        assertThat(saved(trace, new Change.Defer(name("com.ex.Load.fetch")))).isEqualTo(ms(150));
        assertThat(saved(trace, new Change.SpeedUp(name("METHOD:com.ex.Load.fetch"), 2))).isEqualTo(ms(75));
    }

    @Test
    void aBareKindMatchesEveryIntervalOfThatKind() {
        Analysis log = AgentLogText.analyse(LOAD_LOG);
        assertThat(log.unmatchedChanges(0, new Scenario(List.of(new Change.Defer(name("METHOD")),
                new Change.Defer(name("DISPATCH_MSG")), new Change.Defer(name("DISPATCH_MSG:com.ex.Load.run"))))))
                .isEmpty();
    }

    @Test
    void aPatternThatSelectsNothingIsReportedAsUnmatched() {
        Analysis log = AgentLogText.analyse(LOAD_LOG);
        Change none = new Change.Defer(name("com.ex.Nothing.here"));
        Change some = new Change.Defer(name("METHOD:com.ex.Load.fetch"));
        assertThat(log.unmatchedChanges(0, new Scenario(List.of(some, none)))).containsExactly(none);
        // Load.<init> runs in the click, but METHOD:... of a kind that is not there matches nothing
        assertThat(log.unmatchedChanges(0, new Scenario(List.of(new Change.Defer(name("WRITE")))))).hasSize(1);
    }

    /**
     * One 70 ms click segment in which A (0–10), B (10–40) and C (40–70) run; view 7 is requested
     * at 70 and drawn 80–84 (a 10 ms wait for the frame, kept in estimates).
     */
    static final String THREE_PIECES = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
            {"ts":0,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.A.run"}
            {"ts":10000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":10000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.B.run"}
            {"ts":40000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":40000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.C.run"}
            {"ts":70000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":70000000,"tid":1,"kind":"INVALIDATE","view":7}
            {"ts":70000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":80000000,"tid":1,"kind":"DRAW","ph":"B","view":7}
            {"ts":84000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void severalParallelPiecesEachStartWithTheResponse() {
        Analysis a = AgentLogText.analyse(THREE_PIECES);
        Change b = new Change.RunInParallel(name("com.ex.B.run"));
        Change c = new Change.RunInParallel(name("com.ex.C.run"));
        // B alone: B 0–30; C still follows B: 30–60; request at 60, drawn 70–74: saves 10
        assertThat(saved(a, b)).isEqualTo(ms(10));
        // C alone: C 0–30 beside A+B 0–40; request at 40, drawn 50–54: saves 30
        assertThat(saved(a, c)).isEqualTo(ms(30));
        // both: A 0–10, B 0–30, C 0–30; request at 30, drawn 40–44: saves 40, in either order
        assertThat(saved(a, b, c)).isEqualTo(ms(40));
        assertThat(saved(a, c, b)).isEqualTo(ms(40));
        assertThat(saved(a, new Change.RunInParallel(name("com.ex.*.run")))).isEqualTo(ms(40));
    }

    /**
     * The same three pieces, each its own message on the main thread: the click (0–1 ms) posts A,
     * A (1–10) posts B, B (10–40) posts C, C (40–70) requests view 7, drawn 80–84.
     */
    static final String THREE_MESSAGES = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
            {"ts":1000000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"handler"}
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":1000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"com.ex.A.run"}
            {"ts":10000000,"tid":1,"kind":"SEND_MSG","obj":"b","via":"handler"}
            {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b","name":"com.ex.B.run"}
            {"ts":40000000,"tid":1,"kind":"SEND_MSG","obj":"c","via":"handler"}
            {"ts":40000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":40000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"c","name":"com.ex.C.run"}
            {"ts":70000000,"tid":1,"kind":"INVALIDATE","view":7}
            {"ts":70000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":80000000,"tid":1,"kind":"DRAW","ph":"B","view":7}
            {"ts":84000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void severalParallelMessagesEachStartWithTheResponse() {
        Analysis a = AgentLogText.analyse(THREE_MESSAGES);
        assertThat(a.responses().get(0).durationNs()).isEqualTo(ms(84));
        Change b = new Change.RunInParallel(name("DISPATCH_MSG:com.ex.B.run"));
        Change c = new Change.RunInParallel(name("DISPATCH_MSG:com.ex.C.run"));
        // B alone: B 0–30 posts C at 30; C also still follows A (ends 10): C 30–60, request at
        // 60, drawn after the 10 ms wait 70–74: saves 10
        assertThat(saved(a, b)).isEqualTo(ms(10));
        // C alone stops waiting for B's post: C 0–30, request at 30; but the frame, which followed
        // C on the main thread, still follows B there (ends 40): drawn 50–54: saves 30
        assertThat(saved(a, c)).isEqualTo(ms(30));
        // both: each from the start, B and C 0–30, the frame after A (10), B and C (30): 40–44,
        // saves 40, in either order
        assertThat(saved(a, b, c)).isEqualTo(ms(40));
        assertThat(saved(a, c, b)).isEqualTo(ms(40));
        // A and B in parallel, C after both (B's post, 30, and A, 9): C 30–60, drawn 70–74: 10
        Change aa = new Change.RunInParallel(name("DISPATCH_MSG:com.ex.A.run"));
        assertThat(saved(a, aa, b)).isEqualTo(ms(10));
    }

    private static final long FRAME = 16_666_667L;

    /**
     * The run again with a 60 Hz frame rhythm: fetch takes 10–140 ms, the post at 145 ms is run
     * 150–155 ms and requests view 7 at 152 ms; frames start every 16.67 ms and draw for 2 ms.
     * The agent log writes a DRAW per view drawn (animated views 8 and 9 every frame, view 7 once); the
     * method trace one performDraw per frame.
     */
    static String framedLog() {
        StringBuilder sb = new StringBuilder("""
                {"kind":"THREAD","tid":1,"name":"main","main":true}
                {"kind":"THREAD","tid":12,"name":"worker"}
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":5000000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor","target_tid":12}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":10000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"run"}
                {"ts":10000000,"tid":12,"kind":"METHOD","ph":"B","name":"com.ex.Load.fetch"}
                {"ts":140000000,"tid":12,"kind":"METHOD","ph":"E"}
                {"ts":145000000,"tid":12,"kind":"SEND_MSG","obj":"b","via":"handler","target_tid":1}
                {"ts":150000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":150000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b","name":"handleMessage"}
                {"ts":152000000,"tid":1,"kind":"INVALIDATE","view":7}
                {"ts":155000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                """);
        for (int k = 1; k <= 14; k++) {
            long at = k * FRAME;
            sb.append("{\"ts\":").append(at).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"B\",\"view\":8}\n");
            sb.append("{\"ts\":").append(at + 1_000_000).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"E\"}\n");
            sb.append("{\"ts\":").append(at + 1_000_000).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"B\",\"view\":9}\n");
            sb.append("{\"ts\":").append(at + 1_500_000).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"E\"}\n");
            if (k == 10) {
                sb.append("{\"ts\":").append(at + 1_500_000).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"B\",\"view\":7}\n");
                sb.append("{\"ts\":").append(at + 2_000_000).append(",\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"E\"}\n");
            }
        }
        return sb.toString();
    }

    static Analysis framedTrace() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter("android.os.Looper.loop", 0);
        main.enter("android.os.Handler.dispatchMessage", 0)
                .enter("android.view.View.performClick", 0)
                .enter("java.util.concurrent.ThreadPoolExecutor.execute", ms(5)).exit(ms(5.01))
                .exit(ms(9.99)).exit(ms(10));
        for (int k = 1; k <= 14; k++) {
            long at = k * FRAME;
            if (k == 10) {
                main.enter("android.os.Handler.dispatchMessage", ms(150))
                        .enter("com.ex.Ui.handleMessage", ms(150.01))
                        .call("android.view.View.invalidate", ms(152), ms(152.01))
                        .exit(ms(154.99)).exit(ms(155));
            }
            main.enter("android.os.Handler.dispatchMessage", at - 2)
                    .enter("android.view.Choreographer.doFrame", at - 1)
                    .call("android.view.ViewRootImpl.performDraw", at, at + 2_000_000)
                    .exit(at + 2_000_001).exit(at + 2_000_002);
        }
        main.exit(ms(300));
        mt.thread("worker").enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(9))
                .enter("com.ex.Load.run", ms(10))
                .call("com.ex.Load.fetch", ms(10), ms(140))
                .enter("android.os.Handler.sendMessageAtTime", ms(145))
                .call("android.os.MessageQueue.enqueueMessage", ms(145), ms(145.01))
                .exit(ms(145.02))
                .exit(ms(150)).exit(ms(151));
        return Analysis.of(mt.build());
    }

    @Test
    void bothFormsWithAFrameRhythmGiveTheSameEstimate() {
        Analysis log = AgentLogText.analyse(framedLog());
        Analysis trace = framedTrace();
        // view 7, requested at 152 ms, is drawn by the frame at 166.67 ms, which ends at 168.67 ms
        assertThat(log.responses().get(0).endNs()).isEqualTo(10 * FRAME + 2_000_000);
        assertThat(trace.responses().get(0).endNs()).isEqualTo(10 * FRAME + 2_000_000);
        assertThat(log.graph(0).cadence()).isPresent();
        assertThat(trace.graph(0).cadence()).isPresent();
        // deferring fetch (130 ms): ready at 22 ms, drawn by the frame at 33.33 ms: 8 frames saved
        long expected = 8 * FRAME;
        for (Analysis a : List.of(log, trace)) {
            assertThat(saved(a, new Change.Defer(name("METHOD:com.ex.Load.fetch"))))
                    .isCloseTo(expected, org.assertj.core.api.Assertions.within(2_000L));
        }
    }
}
