package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Response;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/** Rule 7 of agent-log-v1.md (animations end at their first frame), known answers worked out from the lines. */
class AgentLogAnimationTest {
    private static final String HEADER = TraceFixtures.AGENT_LOG_HEADER;

    @Test
    void anAnimationThreadTheClickStartsBelongsToItOnlyUpToItsFirstFrame() {
        // click at 1 ms starts thread 12 (send t@1). The thread asks for view 5 at 3, 4 and 20 ms;
        // view 5 is drawn 10-12 ms and 22-24 ms. The requests at 3 and 4 ms were made before the
        // first frame ended (12 ms): both are the click's, fulfilled by the 10-12 draw. The one at
        // 20 ms repeats a request of the same unit (the thread's run) already drawn at 12: dropped.
        // Without rule 7 the click would end at 24 ms; with it at 12 ms.
        Analysis a = Analysis.of(TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
                {"ts":1500000,"tid":1,"kind":"SEND_MSG","obj":"t@1","via":"thread"}
                {"ts":2000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2500000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"t@1","name":"run"}
                {"ts":3000000,"tid":12,"kind":"INVALIDATE","view":5}
                {"ts":4000000,"tid":12,"kind":"INVALIDATE","view":5}
                {"ts":10000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":12000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":20000000,"tid":12,"kind":"INVALIDATE","view":5}
                {"ts":22000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":24000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":30000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                """));
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(12));
    }

    @Test
    void repaintsPostedAgainAndAgainByOneLoopEndAtTheFirstFrameButAResultInAnotherViewStillCounts() {
        // the worker (w@1) posts p@1 at 3 ms and p@2 at 15 ms, each asking for view 5 (a progress
        // bar), then r@1 at 25 ms asking for view 6 (the result). p@1's draw of view 5 ends at 12;
        // p@2 was sent at 15 >= 12 by the same unit that caused the drawn request: a repeat,
        // dropped. r@1 asks for another view: kept, drawn 28-30 ms. The response ends at 30 ms.
        Analysis a = Analysis.of(TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"mouseReleased"}
                {"ts":1500000,"tid":1,"kind":"SEND_MSG","obj":"w@1","via":"executor"}
                {"ts":2000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2500000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"w@1","name":"run"}
                {"ts":3000000,"tid":12,"kind":"SEND_MSG","obj":"p@1","via":"runnable"}
                {"ts":15000000,"tid":12,"kind":"SEND_MSG","obj":"p@2","via":"runnable"}
                {"ts":25000000,"tid":12,"kind":"SEND_MSG","obj":"r@1","via":"runnable"}
                {"ts":26000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":5000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"p@1","name":"run"}
                {"ts":5500000,"tid":1,"kind":"INVALIDATE","view":5}
                {"ts":6000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":10000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":12000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"p@2","name":"run"}
                {"ts":16500000,"tid":1,"kind":"INVALIDATE","view":5}
                {"ts":17000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":18000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":19000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":26500000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"r@1","name":"run"}
                {"ts":27000000,"tid":1,"kind":"INVALIDATE","view":6}
                {"ts":27500000,"tid":1,"kind":"INVALIDATE","view":5}
                {"ts":27800000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":28000000,"tid":1,"kind":"DRAW","ph":"B","view":6}
                {"ts":29000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":29500000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":30000000,"tid":1,"kind":"DRAW","ph":"E"}
                """));
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(30));
        assertThat(r.end().name()).isEqualTo("view 6");
    }
}
