package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Imperfect agent logs (docs/agent-log-v1.md, "What ura does with imperfect logs"): every bad line
 * has a warning naming it and a defined meaning, and none leaves a finished response unfinished.
 * Expected ends are worked out by hand from the rules in the comments.
 */
class AgentLogImperfectTest {
    private static final String THREADS = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"kind":"THREAD","tid":12,"name":"worker"}
            {"kind":"THREAD","tid":30,"name":"RenderThread"}
            """;

    @Test
    void anInvalidateWithoutViewIsFulfilledByTheNextDrawOnItsThread() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":5000000,"tid":1,"kind":"INVALIDATE"}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":12000000,"tid":30,"kind":"DRAW","ph":"B","view":3}
                {"ts":14000000,"tid":30,"kind":"DRAW","ph":"E"}
                {"ts":20000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":25000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        // the next DRAW on main (20–25 ms), not the earlier one on RenderThread (12–14 ms)
        assertThat(r.endNs()).isEqualTo(ms(25));
        assertThat(r.finished()).isTrue();
        assertThat(t.warnings()).anySatisfy(w -> assertThat(w).startsWith("line 5: INVALIDATE without \"view\""));
    }

    @Test
    void anInvalidateWithoutViewFallsBackToTheNextDrawOfAnyThread() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":5000000,"tid":1,"kind":"INVALIDATE"}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":12000000,"tid":30,"kind":"DRAW","ph":"B","view":3}
                {"ts":14000000,"tid":30,"kind":"DRAW","ph":"E"}
                """);

        assertThat(Analysis.of(t).responses().get(0).endNs()).isEqualTo(ms(14));
    }

    @Test
    void aDrawWithoutViewFulfilsEveryPendingRequest() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":5000000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B"}
                {"ts":20000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":33000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":37000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        // the view-less frame at 16–20 ms draws view 9, pending since 5 ms
        assertThat(r.endNs()).isEqualTo(ms(20));
        assertThat(t.warnings()).anySatisfy(w -> assertThat(w).startsWith("line 7: DRAW without \"view\""));
    }

    @Test
    void aRequestWithoutViewThatNothingDrawsNeverLeavesTheResponseUnfinished() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":2000000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":3000000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor"}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":20000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":4000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"run"}
                {"ts":29000000,"tid":12,"kind":"INVALIDATE"}
                {"ts":30000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        // no DRAW starts at or after 29 ms on any thread: the view-less request is no request
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(20));
        assertThat(t.warnings()).anySatisfy(w -> assertThat(w).startsWith("line 11: INVALIDATE without \"view\"")
                .contains("no request when none follows"));
    }

    @Test
    void aRequestWithAViewThatIsNeverDrawnStillLeavesItUnfinished() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":2000000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":3000000,"tid":1,"kind":"INVALIDATE","view":4}
                {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":20000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        // the spec's rule 6: view 4 is never drawn; the last fulfilled draw ended at 20 ms
        assertThat(r.finished()).isFalse();
        assertThat(r.endNs()).isEqualTo(ms(20));
    }

    @Test
    void linesOutOfTimeOrderAreSortedAndGiveTheSameResponse() {
        // the spec example with the worker's lines written last and backwards, and the main
        // thread's draw written before the work that requested it
        Trace t = AgentLogText.read(TraceFixtures.AGENT_LOG_HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"task@51","via":"asynctask","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":99000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":104000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":92000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"msg@77","name":"onPostExecute"}
                {"ts":92100000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":92300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":91700000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":91600000,"tid":12,"kind":"SEND_MSG","obj":"msg@77","via":"handler","target_tid":1}
                {"ts":91500000,"tid":12,"kind":"RECV","ph":"E"}
                {"ts":1500000,"tid":12,"kind":"RECV","ph":"B","bytes":48213,"host":"api.example.com"}
                {"ts":1400000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@51","name":"doInBackground"}
                """);
        Analysis a = Analysis.of(t);
        Response r = a.responses().get(0);

        assertThat(r.startNs()).isEqualTo(ms(1));
        assertThat(r.endNs()).isEqualTo(ms(104));
        assertThat(r.finished()).isTrue();
        assertThat(a.links()).hasSize(2);
        // the 90 ms download is on the critical path, with its own times
        assertThat(a.criticalPath(0).segments()).anySatisfy(s -> {
            assertThat(s.startNs()).isEqualTo(ms(1.5));
            assertThat(s.endNs()).isEqualTo(ms(91.5));
        });
        assertThat(t.warnings()).filteredOn(w -> w.contains("sorted by ts")).singleElement().asString()
                .startsWith("line 9: ");
    }
}
