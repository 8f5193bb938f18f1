package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hand-offs an agent log gives no identity for (a send or dispatch without {@code obj}, a
 * dispatch of an {@code obj} never sent) are linked by the method-trace linker's rules — affinity,
 * then FIFO — as {@code inferred} links, with one warning per kind; expected ends by hand.
 */
class IdentitylessHandoffTest {
    private static final String THREADS = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"kind":"THREAD","tid":12,"name":"AsyncTask #1"}
            {"kind":"THREAD","tid":13,"name":"pool-1"}
            """;

    /** The spec example with no {@code obj} on either hand-off (lines 5, 8, 11, 13 after the header). */
    private static final String EXAMPLE_WITHOUT_OBJ = THREADS + """
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
            {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"asynctask","target_tid":12}
            {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":1400000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","name":"doInBackground"}
            {"ts":1500000,"tid":12,"kind":"RECV","ph":"B","bytes":48213,"host":"api.example.com"}
            {"ts":91500000,"tid":12,"kind":"RECV","ph":"E"}
            {"ts":91600000,"tid":12,"kind":"SEND_MSG","via":"handler","target_tid":1}
            {"ts":91700000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":92000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","name":"onPostExecute"}
            {"ts":92100000,"tid":1,"kind":"INVALIDATE","view":9}
            {"ts":92300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":99000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
            {"ts":104000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void handOffsWithoutObjAreFollowedByInferenceSoTheResponseEndsAtTheDraw() {
        Trace t = AgentLogText.read(EXAMPLE_WITHOUT_OBJ);
        Analysis a = Analysis.of(t);
        Response r = a.responses().get(0);

        // as the spec example: ends at 104 ms when view 9 is drawn, not at the handler's end (1.3 ms)
        assertThat(r.endNs()).isEqualTo(ms(104));
        assertThat(r.finished()).isTrue();
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.INFERRED, LinkKind.INFERRED);
        assertThat(LinkKind.INFERRED.label()).isEqualTo("inferred");
        assertThat(LinkKind.INFERRED.isInferred()).isTrue();
        // one warning per kind, naming the first lines: sends at lines 5 and 10, dispatches at 7 and 12
        assertThat(t.warnings()).filteredOn(w -> w.contains("SEND_MSG without \"obj\"")).singleElement().asString()
                .startsWith("line 5: SEND_MSG without \"obj\" (2 lines: 5, 10)").contains("inference");
        assertThat(t.warnings()).filteredOn(w -> w.contains("DISPATCH_MSG without \"obj\"")).singleElement()
                .asString().startsWith("line 7: DISPATCH_MSG without \"obj\" (2 lines: 7, 12)");
        // the inferred link is on the critical path, marked as such
        assertThat(a.criticalPath(0).segments()).anySatisfy(s -> assertThat(s.via()).isEqualTo(LinkKind.INFERRED));
    }

    @Test
    void aDispatchOfAnObjNeverSentIsLinkedByInferenceWithAWarning() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"executor"}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@9","name":"run"}
                {"ts":20000000,"tid":12,"kind":"INVALIDATE","view":4}
                {"ts":21000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":33000000,"tid":1,"kind":"DRAW","ph":"B","view":4}
                {"ts":35000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(35));
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.INFERRED);
        assertThat(a.warnings()).singleElement().asString()
                .startsWith("line 7: DISPATCH_MSG of obj task@9, which no earlier SEND_MSG sent")
                .contains("the log gives no identity");
    }

    @Test
    void affinityPrefersTheDispatchThatRunsTheClassTheSenderMade() {
        // the click constructs FeedTask and hands it off without obj; two pool threads then run
        // work without obj: first an unrelated com.ex.Ads.refresh (3 ms), then FeedTask (5 ms)
        Trace t = AgentLogText.read(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1100000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.FeedTask.<init>"}
                {"ts":1150000,"tid":1,"kind":"METHOD","ph":"E"}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"executor"}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":3000000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","name":"run"}
                {"ts":3000000,"tid":13,"kind":"METHOD","ph":"B","name":"com.ex.Ads.refresh"}
                {"ts":3500000,"tid":13,"kind":"INVALIDATE","view":2}
                {"ts":4000000,"tid":13,"kind":"METHOD","ph":"E"}
                {"ts":4000000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":5000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","name":"com.ex.FeedTask.doInBackground"}
                {"ts":9000000,"tid":12,"kind":"INVALIDATE","view":9}
                {"ts":10000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":2}
                {"ts":17000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":33000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":35000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        // FIFO alone would take the ads refresh (3 ms) and end at 17 ms; affinity takes FeedTask's run
        assertThat(a.links()).singleElement().satisfies(l -> assertThat(a.events().name(l.dispatchEvent()))
                .isEqualTo("com.ex.FeedTask.doInBackground"));
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(35));
    }

    @Test
    void withoutAffinityTheEarliestDispatchOnTheTargetThreadIsTaken() {
        // target_tid 12 rules out the earlier dispatch on pool-1 (tid 13)
        Trace t = AgentLogText.read(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"handler","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":3000000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","name":"run"}
                {"ts":3500000,"tid":13,"kind":"INVALIDATE","view":2}
                {"ts":4000000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":5000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","name":"handleMessage"}
                {"ts":9000000,"tid":12,"kind":"INVALIDATE","view":9}
                {"ts":10000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":2}
                {"ts":17000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":33000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":35000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(35));
        // and without target_tid, the earliest one on another thread: pool-1's, drawn at 17 ms
        Analysis fifo = AgentLogText.analyse(AgentLogTextEdit.removeTargetTid(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"handler","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":3000000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","name":"run"}
                {"ts":3500000,"tid":13,"kind":"INVALIDATE","view":2}
                {"ts":4000000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":2}
                {"ts":17000000,"tid":1,"kind":"DRAW","ph":"E"}
                """));
        assertThat(fifo.responses().get(0).endNs()).isEqualTo(ms(17));
    }

    @Test
    void identityLinksAreUntouchedByInference() {
        Analysis a = AgentLogText.analyse(TraceFixtures.AGENT_LOG_EXAMPLE);
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.IDENTITY, LinkKind.IDENTITY);
        assertThat(a.warnings()).isEmpty();
        assertThat(a.trace().warnings()).isEmpty();
    }

    /** Small edits of test logs. */
    static final class AgentLogTextEdit {
        static String removeTargetTid(String log) {
            return String.join("\n", List.of(log.replace(",\"target_tid\":12", "").split("\n"))) + "\n";
        }
    }

    @Test
    void aDispatchWithoutObjIsLinkedToTheSendWhoseObjNoDispatchRan() {
        // the spec example where the main thread's DISPATCH_MSG lost its obj (msg@77 was sent at 91.6 ms)
        Trace t = AgentLogText.read(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"task@51","via":"asynctask","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":1400000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@51","name":"doInBackground"}
                {"ts":91600000,"tid":12,"kind":"SEND_MSG","obj":"msg@77","via":"handler","target_tid":1}
                {"ts":91700000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":92000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","name":"onPostExecute"}
                {"ts":92100000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":92300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":99000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":104000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        // task@51 by identity; msg@77 (91.6 ms) to the obj-less dispatch at 92 ms by inference, so the
        // invalidate of view 9 at 92.1 ms is tracked and drawn at 104 ms
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.IDENTITY, LinkKind.INFERRED);
        assertThat(a.responses()).singleElement().satisfies(r -> {
            assertThat(r.endNs()).isEqualTo(ms(104));
            assertThat(r.finished()).isTrue();
        });
    }

    @Test
    void aSendWithObjNeverTakesTheDispatchOfAnotherObj() {
        Trace t = AgentLogText.read(THREADS + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"task@51","via":"asynctask","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":1400000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@99","name":"doInBackground"}
                {"ts":1500000,"tid":12,"kind":"INVALIDATE","view":9}
                {"ts":1700000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":9000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":10000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        // task@99 was never sent, but its obj names other work than task@51's: no link, and the
        // click's response ends with its handler at 1.3 ms
        assertThat(a.links()).isEmpty();
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(1.3));
    }
}
