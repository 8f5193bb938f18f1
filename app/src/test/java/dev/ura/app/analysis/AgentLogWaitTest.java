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
}
