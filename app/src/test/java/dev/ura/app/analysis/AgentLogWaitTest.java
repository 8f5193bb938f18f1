package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Waits for other threads ({@code WAIT} + release / resume, agent-log-v1.md): the critical path
 * goes from the waiter into the work of the thread that released it. Known answers worked out
 * from the lines.
 */
class AgentLogWaitTest {
    private static final String HEADER = TraceFixtures.AGENT_LOG_HEADER;

    /** The click submits f@1 and blocks in Future.get until the worker, 37 ms of download later, completes it. */
    private static final String FUTURE_GET = HEADER + """
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
            {"ts":1500000,"tid":1,"kind":"SEND_MSG","obj":"f@1","via":"executor"}
            {"ts":2000000,"tid":1,"kind":"WAIT","ph":"B","obj":"f@1","name":"java.util.concurrent.FutureTask.get"}
            {"ts":2200000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"f@1","name":"run"}
            {"ts":3000000,"tid":12,"kind":"RECV","ph":"B","bytes":100}
            {"ts":40000000,"tid":12,"kind":"RECV","ph":"E"}
            %s
            {"ts":41500000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":41200000,"tid":1,"kind":"WAIT","ph":"E"}
            {"ts":41200000,"tid":1,"kind":"DISPATCH_MSG","obj":"f@1","via":"release","name":"java.util.concurrent.FutureTask.get"}
            {"ts":42000000,"tid":1,"kind":"INVALIDATE","view":5}
            {"ts":43000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":45000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
            {"ts":47000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;
    private static final String RELEASE = """
            {"ts":41000000,"tid":12,"kind":"SEND_MSG","obj":"f@1","via":"release"}""";

    @Test
    void theWaiterWaitsForTheWorkerAndThePathGoesThroughTheWorkersDownload() {
        // Links: the submit (1.5 ms) -> the task's run (2.2 ms); the release (41 ms) -> the EDT's
        // resume (41.2 ms). The response ends at the draw of view 5, 47 ms.
        // Path, by hand: EDT 1-1.5 ms (the click up to the submit); queued 1.5-2.2; the worker
        // 2.2-3, its RECV 3-40 (37 ms of network), 40-41 up to the release; the EDT waits 41-41.2
        // (waking up: the release to the return from get); the EDT 41.2-42 up to the request, then
        // 42-43, the draw's wait 43-45 and the draw 45-47. The 39.2 ms the EDT spent blocked in
        // get (2-41.2) are no segment of their own: the worker's work stands for them.
        Analysis a = Analysis.of(TraceFixtures.agentLog(FUTURE_GET.formatted(RELEASE)));
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(47));
        assertThat(a.links()).extracting(l -> l.via()).containsExactly(LinkKind.IDENTITY, LinkKind.IDENTITY);

        CriticalPath p = a.criticalPath(0);
        assertThat(p.segments()).anySatisfy(s -> {
            assertThat(s.threadName()).isEqualTo("AsyncTask #1");
            assertThat(s.category()).isEqualTo(Category.NETWORK);
            assertThat(s.startNs()).isEqualTo(ms(3));
            assertThat(s.endNs()).isEqualTo(ms(40));
        });
        long onWorker = p.segments().stream().filter(s -> s.threadName().equals("AsyncTask #1"))
                .mapToLong(s -> s.endNs() - s.startNs()).sum();
        // on the worker's thread: its queue wait 1.5-2.2 (the wait belongs to the thread it waits on) and its work 2.2-41
        assertThat(onWorker).isEqualTo(ms(41) - ms(1.5));
        assertThat(p.segments()).anySatisfy(s -> {
            assertThat(s.name()).isEqualTo("waiting in java.util.concurrent.FutureTask.get for f@1");
            assertThat(s.startNs()).isEqualTo(ms(41));
            assertThat(s.endNs()).isEqualTo(ms(41.2));
            assertThat(s.via()).isEqualTo(LinkKind.IDENTITY);
        });
        // nothing on the path covers the EDT's blocked time as work
        assertThat(p.segments()).noneSatisfy(s -> {
            assertThat(s.threadName()).isEqualTo("main");
            assertThat(s.startNs()).isLessThan(ms(41));
            assertThat(s.endNs()).isGreaterThan(ms(2));
        });
        assertThat(p.lengthNs()).isEqualTo(ms(46));
    }

    @Test
    void aWaitWhoseReleaseTheLogDoesNotHoldIsBlockedTimeOnTheWaiterAndNoInferredLink() {
        // Without the worker's release line, the resume at 41.2 ms has no send: it is linked to
        // nothing (a release is linked by identity only), with no warning of a guess. The EDT's
        // 2-41.2 ms in get is one blocked (wait) segment on the EDT, on the path; the worker is not.
        Analysis a = Analysis.of(TraceFixtures.agentLog(FUTURE_GET.formatted("")));
        assertThat(a.links()).hasSize(1);
        assertThat(a.warnings()).noneMatch(w -> w.contains("linked by inference"));
        CriticalPath p = a.criticalPath(0);
        assertThat(p.segments()).anySatisfy(s -> {
            assertThat(s.threadName()).isEqualTo("main");
            assertThat(s.category()).isEqualTo(Category.WAIT);
            assertThat(s.startNs()).isEqualTo(ms(2));
            assertThat(s.endNs()).isEqualTo(ms(41.2));
        });
        assertThat(p.segments()).noneMatch(s -> s.threadName().equals("AsyncTask #1"));
        assertThat(p.lengthNs()).isEqualTo(ms(46));
    }

    @Test
    void aFutureAlreadyCompleteWhenTheWaiterAsksKeepsThePathOnTheWaiter() {
        // The worker completes f@1 at 10 ms; the EDT asks only at 20 ms and returns at 20.1 ms.
        // The resume's wait starts when the later of the two was ready (the EDT at 20 ms): 20-20.1.
        // The path stays on the EDT (1-1.5, 1.5-20, wait 20-20.1, ...), not on the worker.
        Analysis a = Analysis.of(TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
                {"ts":1500000,"tid":1,"kind":"SEND_MSG","obj":"f@1","via":"executor"}
                {"ts":2200000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"f@1","name":"run"}
                {"ts":10000000,"tid":12,"kind":"SEND_MSG","obj":"f@1","via":"release"}
                {"ts":10500000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":20000000,"tid":1,"kind":"WAIT","ph":"B","obj":"f@1","name":"java.util.concurrent.FutureTask.get"}
                {"ts":20100000,"tid":1,"kind":"WAIT","ph":"E"}
                {"ts":20100000,"tid":1,"kind":"DISPATCH_MSG","obj":"f@1","via":"release","name":"java.util.concurrent.FutureTask.get"}
                {"ts":21000000,"tid":1,"kind":"INVALIDATE","view":5}
                {"ts":22000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":25000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":26000000,"tid":1,"kind":"DRAW","ph":"E"}
                """));
        CriticalPath p = a.criticalPath(0);
        assertThat(p.segments()).noneMatch(s -> s.threadName().equals("AsyncTask #1"));
        assertThat(p.segments()).anySatisfy(s -> {
            assertThat(s.name()).startsWith("waiting in ");
            assertThat(s.startNs()).isEqualTo(ms(20));
            assertThat(s.endNs()).isEqualTo(ms(20.1));
        });
        assertThat(p.lengthNs()).isEqualTo(ms(25));
    }

    /**
     * Two threads await one latch: the EDT (the click) and a thread the click started, which then
     * asks for view 6. The worker's count-down to zero at 31 ms releases both.
     */
    private static final String TWO_WAITERS = HEADER + """
            {"kind":"THREAD","tid":13,"name":"second-waiter"}
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
            {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"w@2","via":"thread"}
            {"ts":1400000,"tid":1,"kind":"SEND_MSG","obj":"v@3","via":"thread"}
            {"ts":2000000,"tid":1,"kind":"WAIT","ph":"B","obj":"l@1","name":"java.util.concurrent.CountDownLatch.await"}
            {"ts":1600000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","obj":"v@3","name":"run"}
            {"ts":1800000,"tid":13,"kind":"WAIT","ph":"B","obj":"l@1","name":"java.util.concurrent.CountDownLatch.await"}
            {"ts":2200000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"w@2","name":"run"}
            {"ts":3000000,"tid":12,"kind":"RECV","ph":"B","bytes":100}
            {"ts":30000000,"tid":12,"kind":"RECV","ph":"E"}
            {"ts":31000000,"tid":12,"kind":"SEND_MSG","obj":"l@1","via":"release"}
            {"ts":31500000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":31200000,"tid":1,"kind":"WAIT","ph":"E"}
            {"ts":31200000,"tid":1,"kind":"DISPATCH_MSG","obj":"l@1","via":"release","name":"java.util.concurrent.CountDownLatch.await"}
            {"ts":31250000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":31300000,"tid":13,"kind":"WAIT","ph":"E"}
            {"ts":31300000,"tid":13,"kind":"DISPATCH_MSG","obj":"l@1","via":"release","name":"java.util.concurrent.CountDownLatch.await"}
            {"ts":32000000,"tid":13,"kind":"INVALIDATE","view":6}
            {"ts":32500000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":36000000,"tid":1,"kind":"DRAW","ph":"B","view":6}
            {"ts":38000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void oneReleaseResumesEveryWaiterAndThePathGoesFromTheSecondWaiterIntoTheReleasingThread() {
        // Links by hand: the two thread starts (1.2 -> 2.2, 1.4 -> 1.6) and the one release at 31 ms
        // to BOTH resumes (31.2 on the EDT, 31.3 on second-waiter): four identity links, the release
        // the sender of two.
        Analysis a = Analysis.of(TraceFixtures.agentLog(TWO_WAITERS));
        assertThat(a.links()).hasSize(4).allMatch(l -> l.via() == LinkKind.IDENTITY);
        assertThat(a.links().stream().filter(l -> "release".equals(a.events().via(l.sendEvent())))).hasSize(2);
        // The response: view 6, asked for at 32 ms by second-waiter (tracked: the click started it),
        // drawn 36-38 ms; the EDT's own work ended at 31.25, so the draw waited for the request.
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(38));
        // Path by hand, backwards from the draw: the draw 36-38; its wait 32-36 for the request;
        // second-waiter 31.3-32 up to the request; its wake-up 31-31.3 (the release to its resume,
        // not the 29.5 ms it was blocked); the worker up to the release 2.2-31 with its RECV 3-30,
        // and its start's queue wait 1.2-2.2; the EDT 1-1.2 up to the start. 37 ms in all.
        CriticalPath p = a.criticalPath(0);
        assertThat(p.lengthNs()).isEqualTo(ms(37));
        hasSegment(p, s -> s.name().equals("waiting in java.util.concurrent.CountDownLatch.await for l@1"), 31, 31.3);
        hasSegment(p, s -> s.threadName().equals("second-waiter"), 31.3, 32);
        hasSegment(p, s -> s.threadName().equals("AsyncTask #1") && s.category() == Category.NETWORK, 3, 30);
        // neither waiter's blocked time is work on the path
        assertThat(p.segments()).noneSatisfy(s -> {
            assertThat(s.threadName()).isIn("main", "second-waiter");
            assertThat(s.startNs()).isLessThan(ms(31));
            assertThat(s.endNs()).isGreaterThan(ms(2));
        });
    }

    /**
     * The click starts a download (w@3) and registers an async callback c@2 on the download's
     * future f@1 (thenAcceptAsync): the worker completes f@1 at 30.5 ms; pool-1 runs the callback
     * from 32 ms (its resume of f@1, then its work), which asks for view 5.
     */
    private static final String CALLBACK = HEADER + """
            {"kind":"THREAD","tid":14,"name":"pool-1"}
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
            {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"w@3","via":"executor"}
            {"ts":1300000,"tid":1,"kind":"SEND_MSG","obj":"c@2","via":"callback"}
            {"ts":1500000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"w@3","name":"run"}
            {"ts":3000000,"tid":12,"kind":"RECV","ph":"B","bytes":100}
            {"ts":30000000,"tid":12,"kind":"RECV","ph":"E"}
            {"ts":30500000,"tid":12,"kind":"SEND_MSG","obj":"f@1","via":"release"}
            {"ts":31000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","ph":"B","obj":"c@2","name":"run"}
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","obj":"f@1","via":"release","name":"thenAccept"}
            {"ts":33000000,"tid":14,"kind":"INVALIDATE","view":5}
            {"ts":34000000,"tid":14,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":36000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
            {"ts":38000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    /** The same with the callback's resume written before its dispatch (a callback run by the completing thread itself). */
    private static final String CALLBACK_RESUME_FIRST = CALLBACK.replace("""
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","ph":"B","obj":"c@2","name":"run"}
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","obj":"f@1","via":"release","name":"thenAccept"}
            """, """
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","obj":"f@1","via":"release","name":"thenAccept"}
            {"ts":32000000,"tid":14,"kind":"DISPATCH_MSG","ph":"B","obj":"c@2","name":"thenAccept"}
            """);

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aCallbackRegisteredByTheClickRunsAfterTheCompletionAndThePathGoesThroughTheCompletingThread(boolean resumeFirst) {
        assertThat(CALLBACK_RESUME_FIRST).isNotEqualTo(CALLBACK);
        // Links by hand: w@3 1.2 -> 2.0; the registration c@2 1.3 -> the callback's run at 32; the
        // release of f@1 at 30.5 -> the callback's resume at 32. The callback is the click's (its
        // registration is), so view 5 is the click's request: the response ends at 38 ms.
        Analysis a = Analysis.of(TraceFixtures.agentLog(resumeFirst ? CALLBACK_RESUME_FIRST : CALLBACK));
        assertThat(a.links()).hasSize(3).allMatch(l -> l.via() == LinkKind.IDENTITY);
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(38));
        // Path by hand: the callback was ready at the later of its registration (1.3) and its
        // source's completion (30.5): the completion. So: the draw 36-38, its wait 33-36, pool-1
        // 32-33, the wait 30.5-32 from the release to the callback's run, the worker 2-30.5 with
        // its RECV 3-30, its queue 1.2-2, the EDT 1-1.2. 37 ms; the EDT's registration at 1.3 is
        // not on it.
        CriticalPath p = a.criticalPath(0);
        assertThat(p.lengthNs()).isEqualTo(ms(37));
        hasSegment(p, s -> s.threadName().equals("AsyncTask #1") && s.category() == Category.NETWORK, 3, 30);
        hasSegment(p, s -> true, 30.5, 32);
        hasSegment(p, s -> s.threadName().equals("pool-1"), 32, 33);
        assertThat(p.segments()).noneSatisfy(s -> assertThat(s.endNs()).isEqualTo(ms(1.3)));
    }

    /**
     * The click sends a request with HttpClient.sendAsync and joins its future: the agent writes the
     * exchange on a lane of its own (tid 2^40 + 1), one RECV from the call until the response
     * future completes, then the lane's release of the future.
     */
    private static final String HTTP_LANE = HEADER + """
            {"kind":"THREAD","tid":1099511627777,"name":"HttpClient exchange #1"}
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
            {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"req@1","via":"http"}
            {"ts":1200000,"tid":1099511627777,"kind":"DISPATCH_MSG","ph":"B","obj":"req@1","name":"java.net.http.HttpClient.sendAsync"}
            {"ts":1200000,"tid":1099511627777,"kind":"RECV","ph":"B","host":"127.0.0.1"}
            {"ts":1500000,"tid":1,"kind":"WAIT","ph":"B","obj":"f@2","name":"java.util.concurrent.CompletableFuture.join"}
            {"ts":41000000,"tid":1099511627777,"kind":"RECV","ph":"E"}
            {"ts":41000000,"tid":1099511627777,"kind":"SEND_MSG","obj":"f@2","via":"release"}
            {"ts":41000000,"tid":1099511627777,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":41300000,"tid":1,"kind":"WAIT","ph":"E"}
            {"ts":41300000,"tid":1,"kind":"DISPATCH_MSG","obj":"f@2","via":"release","name":"java.util.concurrent.CompletableFuture.join"}
            {"ts":42000000,"tid":1,"kind":"INVALIDATE","view":5}
            {"ts":43000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":45000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
            {"ts":47000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void anAsyncHttpExchangeIsNetworkTimeOnItsLaneAndTheJoinWaitsForIt() {
        // Links: the request 1.2 -> the lane's run at 1.2; the lane's release of f@2 at 41 -> the
        // EDT's resume at 41.3. Path by hand, backwards: the draw 45-47, its wait 43-45, the EDT
        // 41.3-43, its wake-up 41-41.3, the lane's RECV 1.2-41 (network: the exchange), the EDT
        // 1-1.2 up to sendAsync. 46 ms; the EDT's 39.8 ms blocked in join are not work.
        Analysis a = Analysis.of(TraceFixtures.agentLog(HTTP_LANE));
        assertThat(a.links()).hasSize(2).allMatch(l -> l.via() == LinkKind.IDENTITY);
        Response r = a.responses().get(0);
        assertThat(r.endNs()).isEqualTo(ms(47));
        CriticalPath p = a.criticalPath(0);
        assertThat(p.lengthNs()).isEqualTo(ms(46));
        hasSegment(p, s -> s.threadName().equals("HttpClient exchange #1") && s.category() == Category.NETWORK, 1.2, 41);
        hasSegment(p, s -> s.name().equals("waiting in java.util.concurrent.CompletableFuture.join for f@2"), 41, 41.3);
    }

    /** The path has a segment {@code what} from {@code startMs} to {@code endMs}. */
    private static void hasSegment(CriticalPath p, java.util.function.Predicate<Segment> what, double startMs, double endMs) {
        assertThat(p.segments()).as("a segment %.1f-%.1f ms", startMs, endMs)
                .anyMatch(s -> what.test(s) && s.startNs() == ms(startMs) && s.endNs() == ms(endMs));
    }
}
