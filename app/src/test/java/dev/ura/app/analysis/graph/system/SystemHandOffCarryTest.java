package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static dev.ura.app.analysis.graph.system.SystemFixtures.stretch;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run in parallel and run side by side carry the work a moved piece hands off and waits for
 * (docs/what-if.md, "Run in parallel": "The moved piece keeps its whole span, including the work it
 * hands off and waits for"; "Run side by side": "Each piece moved earlier takes along the work it
 * hands off and waits for") on a system trace, where the hand-off is a wakeup of another thread and
 * the wait is a sleep until that thread wakes the piece's thread back. Ftrace text written here line
 * by line; times are µs after 10 s, the response starts at 0.
 *
 * <p>m.example.app's main thread (1000, CPU 0) runs {@code deliverInputEvent} 0–1000, wakes Worker
 * (1001, CPU 1) at 500 and sleeps at 1000. Worker: {@code fetchFeed} 500–3500 (wakes Http (1002,
 * CPU 2) at 1000 and sleeps until Http wakes it back at 3000), {@code parse} 3500–5000, then
 * {@code loadAll} 5000–16000, made of two consecutive {@code get}s: 5000–10500 (wakes Http at 5500,
 * sleeps until Http wakes it at 10000) and 10500–16000 (wakes Http at 11000, sleeps until 15500).
 * Worker wakes main at 16000, as loadAll returns, and sleeps at 16100. Http runs {@code request}
 * 1000–3000, 5500–10000 and 11000–15500, each time waking Worker as it ends and running 100 µs more
 * before it sleeps (3100, 10100, 15600). Main runs {@code draw} 16000–19000, the response's end.
 * Every thread runs the moment it is woken: there is no runnable time.
 */
class SystemHandOffCarryTest {
    private static final long MAIN = 1000;
    private static final long WORKER = 1001;
    private static final long HTTP = 1002;
    private static Trace trace;
    private static ResponseGraph graph;

    private record Line(long us, int seq, String text) {
    }

    private static final class Script {
        final List<Line> lines = new ArrayList<>();

        void add(long us, long tid, String body) {
            String comm = tid == 0 ? "<idle>" : comm(tid);
            String group = tid == 0 ? "(-----)" : "( 1000)";
            lines.add(new Line(us, lines.size(), String.format(Locale.ROOT, "%16s-%-5d %s [%03d] d..2 %5d.%06d: %s",
                    comm, tid, group, cpu(tid), 10 + us / 1_000_000, us % 1_000_000, body)));
        }

        /** {@code tid} is switched in at {@code us} (from idle). */
        void run(long tid, long us) {
            lines.add(new Line(us, lines.size(), String.format(Locale.ROOT, "%16s-%-5d %s [%03d] d..2 %5d.%06d: %s",
                    "<idle>", 0, "(-----)", cpu(tid), 10 + us / 1_000_000, us % 1_000_000,
                    "sched_switch: prev_comm=swapper/" + cpu(tid) + " prev_pid=0 prev_prio=120 prev_state=R ==> next_comm="
                            + comm(tid) + " next_pid=" + tid + " next_prio=120")));
        }

        void sleep(long tid, long us) {
            add(us, tid, "sched_switch: prev_comm=" + comm(tid) + " prev_pid=" + tid + " prev_prio=120 prev_state=S"
                    + " ==> next_comm=swapper/" + cpu(tid) + " next_pid=0 next_prio=120");
        }

        /** {@code tid} wakes {@code wakee}, which runs at once. */
        void wake(long tid, long wakee, long us) {
            add(us, tid, "sched_waking: comm=" + comm(wakee) + " pid=" + wakee + " prio=120 target_cpu=00" + cpu(wakee));
            run(wakee, us);
        }

        void begin(long tid, long us, String name) {
            add(us, tid, "tracing_mark_write: B|1000|" + name);
        }

        void end(long tid, long us) {
            add(us, tid, "tracing_mark_write: E|1000");
        }

        String text() {
            lines.sort(Comparator.comparingLong(Line::us).thenComparingInt(Line::seq));
            StringBuilder sb = new StringBuilder("# tracer: nop\n#\n#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
                    + "#              | |        |      |   ||||       |         |\n");
            lines.forEach(l -> sb.append(l.text()).append('\n'));
            return sb.toString();
        }

        private static String comm(long tid) {
            return tid == MAIN ? "m.example.app" : tid == WORKER ? "Worker" : "Http";
        }

        private static int cpu(long tid) {
            return (int) (tid - MAIN);
        }
    }

    /** Worker's request at {@code sendUs}, served by Http until {@code doneUs}: Http wakes it back then. */
    private static void request(Script s, long sendUs, long doneUs) {
        s.wake(WORKER, HTTP, sendUs);
        s.sleep(WORKER, sendUs);
        s.begin(HTTP, sendUs, "request");
        s.end(HTTP, doneUs);
        s.wake(HTTP, WORKER, doneUs);
        s.sleep(HTTP, doneUs + 100);
    }

    @BeforeAll
    static void load() throws Exception {
        Script s = new Script();
        s.run(MAIN, 0);
        s.begin(MAIN, 0, "deliverInputEvent");
        s.wake(MAIN, WORKER, 500);
        s.end(MAIN, 1000);
        s.sleep(MAIN, 1000);
        s.begin(WORKER, 500, "fetchFeed");
        request(s, 1000, 3000);
        s.end(WORKER, 3500);
        s.begin(WORKER, 3500, "parse");
        s.end(WORKER, 5000);
        s.begin(WORKER, 5000, "loadAll");
        s.begin(WORKER, 5000, "get");
        request(s, 5500, 10000);
        s.end(WORKER, 10500);
        s.begin(WORKER, 10500, "get");
        request(s, 11000, 15500);
        s.end(WORKER, 16000);
        s.end(WORKER, 16000);
        s.wake(WORKER, MAIN, 16000);
        s.sleep(WORKER, 16100);
        s.begin(MAIN, 16000, "draw");
        s.end(MAIN, 19000);
        s.sleep(MAIN, 19000);
        trace = TraceFiles.read("hand-off.txt", ByteBuffer.wrap(s.text().getBytes(StandardCharsets.UTF_8)), Progress.NONE);
        // tracked (docs/system-responses.md §2): the tap on main; Worker from main's wakeup until it
        // sleeps after waking main; Http from Worker's first wakeup until its last sleep (its sleeps
        // in between are ended by Worker, a tracked thread); main again from Worker's wakeup
        graph = SystemFixtures.graph(trace, MAIN, 0, MAIN, 19000, List.of(
                stretch(trace, MAIN, 0, 1000, Cause.TRIGGER, -1),
                stretch(trace, WORKER, 500, 16100, Cause.WAKEUP, MAIN),
                stretch(trace, HTTP, 1000, 15600, Cause.WAKEUP, WORKER),
                stretch(trace, MAIN, 16000, 19000, Cause.WAKEUP, WORKER)));
        SystemFixtures.assertRecorded(graph);
    }

    private static Estimate estimate(Change change) {
        return new WhatIfEstimator(graph).estimate(Scenario.BASELINE.with(change));
    }

    private static List<String> path(Estimate e) {
        return SystemFixtures.describe(trace, e.path().segments());
    }

    @Test
    void theRecordedPathRunsThroughBothThreadsRequestsAndEndsAt19Ms() {
        // Back from main's draw at 19000 (docs/system-responses.md §4): draw 16000–19000, woken by
        // Worker → Worker's second get 15500–16000, woken by Http → Http's request 11000–15500,
        // woken by Worker → Worker's second get 10500–11000 and its first get's end 10000–10500,
        // woken by Http → request 5500–10000, woken by Worker → Worker's first get 5000–5500, parse
        // 3500–5000, fetchFeed 3000–3500, woken by Http → request 1000–3000, woken by Worker →
        // fetchFeed 500–1000, woken by main → deliverInputEvent 0–500. 19000 µs in all.
        assertThat(graph.work().response().durationNs()).isEqualTo(19_000_000L);
        assertThat(SystemFixtures.describe(trace, graph.criticalPath().segments())).containsExactly(
                "1000 0..500 cpu deliverInputEvent", "1001 500..1000 cpu fetchFeed <wakeup",
                "1002 1000..3000 cpu request <wakeup", "1001 3000..3500 cpu fetchFeed <wakeup",
                "1001 3500..5000 cpu parse <program-order", "1001 5000..5500 cpu get <program-order",
                "1002 5500..10000 cpu request <wakeup", "1001 10000..10500 cpu get <wakeup",
                "1001 10500..11000 cpu get <program-order", "1002 11000..15500 cpu request <wakeup",
                "1001 15500..16000 cpu get <wakeup", "1000 16000..19000 cpu draw <wakeup");
    }

    @Test
    void loadAllRunInParallelTakesBothItsRequestsOnHttpAlong() {
        // loadAll (5000–16000, 11000 µs) starts with the response, at 0 (Worker has no unknown
        // state before it in the graph: its first piece follows main's wakeup). It keeps its whole
        // span, the two requests it hands Http and sleeps on included, each at its recorded
        // distance from the wakeup that handed it over (0: Http ran at once):
        //   first get 0–500, wakes Http at 500; request 500–5000 (4500); Worker resumes 5000–5500;
        //   second get 5500–6000, wakes Http at 6000; request 6000–10500 (4500; Http's 100 µs
        //   after the first request, 5000–5100 now, is done by then); Worker resumes 10500–11000.
        // loadAll returns at 11000 = 0 + 11000. Worker wakes main exactly as loadAll returns: that
        // wakeup is the code after loadAll, so it also waits for the unmoved parse (ends 5000):
        // max(11000, 5000) = 11000; draw 11000–14000. End 14000: 5000 saved, how much earlier
        // loadAll starts (5000 − 0), the most a parallel start can take off.
        //
        // Without the carry (checked by switching ScenarioEdits.carry off), the first request stays
        // behind what Http did first, its request for the feed and the 100 µs after it (1000–3100,
        // unmoved): it is served 3100–7600, Worker resumes 7600–8100, the second get 8100–8600 wakes
        // Http at 8600, its request 8600–13100 (Http free since 7700), Worker 13100–13600, draw
        // 13600–16600: 2400 µs saved.
        Estimate e = estimate(new Change.RunInParallel(new SliceSelector.ByName("loadAll")));
        assertThat(e.durationNs()).isEqualTo(14_000_000L);
        assertThat(e.savedNs()).isEqualTo(5_000_000L);
        // path time: loadAll's 11000 on the path (its Worker pieces and the Http requests inside its
        // span) plus its lead-in 0–5000 (the path from the response start to its start: main,
        // Worker, Http's feed request, Worker), capped at how much earlier it starts: 5000
        assertThat(e.pathTimeNs()).isEqualTo(5_000_000L);
        assertThat(e.savedNs()).isLessThanOrEqualTo(e.pathTimeNs());
        assertThat(path(e)).containsExactly(
                "1001 0..500 cpu get <user", "1002 500..5000 cpu request <wakeup", "1001 5000..5500 cpu get <wakeup",
                "1001 5500..6000 cpu get <program-order", "1002 6000..10500 cpu request <wakeup",
                "1001 10500..11000 cpu get <wakeup", "1000 11000..14000 cpu draw <wakeup");
    }

    @Test
    void theTwoGetsSideBySideHaveTheirRequestsServedAtOnce() {
        // Both gets start at 5000, where the first started (after parse), each keeping its 5500 µs
        // and its request at its recorded distance: get 5000–5500 wakes Http at 5500, request
        // 5500–10000, Worker resumes 10000–10500 — for the second get exactly as for the first: its
        // request no longer waits for Http's first request (5500–10100 with the 100 µs after it).
        // Worker's wakeup of main followed the last get: it waits for both (10500); draw
        // 10500–13500. End 13500: 5500 saved, the second get's whole duration.
        //
        // Without the carry (checked by switching ScenarioEdits.carry off), the second request
        // stays behind the first on Http: served 10100–14600 (after the first's 100 µs to 10100),
        // Worker resumes 14600–15100, draw 15100–18100: 900 µs saved.
        Estimate e = estimate(new Change.SideBySide(new SliceSelector.ByName("get")));
        assertThat(e.durationNs()).isEqualTo(13_500_000L);
        assertThat(e.savedNs()).isEqualTo(5_500_000L);
        // path time: the second get's span on the recorded path, 10500–16000, its request on Http
        // (11000–15500) included: 5500
        assertThat(e.pathTimeNs()).isEqualTo(5_500_000L);
        assertThat(e.savedNs()).isLessThanOrEqualTo(e.pathTimeNs());
        // The path's tail, from the first get on. (Before 1000 it may run through Http's zero-slack
        // "work of its own" 0–1000 instead of main and Worker: both end at 1000, a tie.)
        assertThat(path(e)).endsWith("1001 3500..5000 cpu parse <program-order", "1001 5000..5500 cpu get <program-order",
                "1002 5500..10000 cpu request <wakeup", "1001 10000..10500 cpu get <wakeup",
                "1000 10500..13500 cpu draw <wakeup");
    }
}
