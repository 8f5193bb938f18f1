package dev.ura.app.analysis;

import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.response.ResponseCandidates;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Responses set by hand (issue 10, item 7), on agent logs written by hand with no user input, so
 * detection finds nothing: the answers follow from the window and the hand-offs in the log.
 */
class ResponseByHandTest {
    /**
     * No input: main runs a message 10..30 ms that sends work to the worker at 12 ms; the worker runs
     * it 14..60 ms (a 40 ms read inside) and posts back at 58 ms; main runs that 62..70 ms.
     */
    static final String LOG = TraceFixtures.AGENT_LOG_HEADER + """
            {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"m1","name":"onResume"}
            {"ts":11000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.Load.run"}
            {"ts":12000000,"tid":1,"kind":"SEND_MSG","obj":"t1","target_tid":12}
            {"ts":20000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":30000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":14000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"t1","name":"fetch"}
            {"ts":15000000,"tid":12,"kind":"READ","ph":"B","bytes":4096,"path":"/data/x"}
            {"ts":55000000,"tid":12,"kind":"READ","ph":"E"}
            {"ts":58000000,"tid":12,"kind":"SEND_MSG","obj":"m2","target_tid":1}
            {"ts":60000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":62000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"m2","name":"onLoaded"}
            {"ts":63000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.Bind.run"}
            {"ts":69000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":70000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            """;

    @Test
    void detectionFindsNothingAndOffersTheLongestMainThreadMessages() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(LOG));
        assertThat(a.responses()).isEmpty();
        // onResume 10..30 ms (20 ms) is longer than onLoaded 62..70 ms (8 ms)
        assertThat(a.responseCandidates()).extracting(ResponseCandidates.Candidate::name)
                .containsExactly("onResume", "onLoaded");
        assertThat(a.responseCandidates().get(0).startNs()).isEqualTo(ms(10));
        assertThat(a.responseCandidates().get(0).durationNs()).isEqualTo(ms(20));
    }

    @Test
    void aWindowIsOneResponseEndingExactlyWhereTheUserSaid() {
        Analysis a = Analysis.byHand(TraceFixtures.agentLog(LOG), AnalysisOptions.defaults(),
                ResponseByHand.window(ms(10), ms(70)));
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.setByHand()).isTrue();
        assertThat(r.trigger()).isEqualTo("set by hand");
        assertThat(r.threadName()).isEqualTo("main");
        assertThat(r.startNs()).isEqualTo(ms(10));
        assertThat(r.endNs()).isEqualTo(ms(70));
        assertThat(r.durationNs()).isEqualTo(ms(60));
        assertThat(r.finished()).isTrue();
        assertThat(a.responseByHand()).isEqualTo(ResponseByHand.window(ms(10), ms(70)));
    }

    /**
     * The path follows the hand-offs: main until the send (12 ms), the worker's read (15..55 ms),
     * back to main for onLoaded (62..70 ms); it spans the window, 10..70 ms.
     */
    @Test
    void theCriticalPathFollowsTheHandOffsInsideTheWindow() {
        Analysis a = Analysis.byHand(TraceFixtures.agentLog(LOG), AnalysisOptions.defaults(),
                ResponseByHand.window(ms(10), ms(70)));
        CriticalPath p = a.criticalPath(0);
        assertThat(p.segments()).isNotEmpty();
        assertThat(p.segments().get(0).startNs()).isEqualTo(ms(10));
        assertThat(p.segments().get(p.segments().size() - 1).endNs()).isEqualTo(ms(70));
        assertThat(p.lengthNs()).isEqualTo(ms(60));
        assertThat(p.segments()).extracting(Segment::threadName).contains("AsyncTask #1");
        long onWorker = p.segments().stream().filter(s -> s.threadName().equals("AsyncTask #1"))
                .mapToLong(Segment::durationNs).sum();
        assertThat(onWorker).as("the worker from its dispatch to its send").isGreaterThanOrEqualTo(ms(40));
        assertThat(a.findings(0)).isNotNull();
    }

    @Test
    void patternsGoFromTheFirstStartSliceToTheEndOfTheFirstEndSliceAfterIt() {
        Analysis a = Analysis.byHand(TraceFixtures.agentLog(LOG), AnalysisOptions.defaults(),
                ResponseByHand.slices("com.ex.Load.*", "com.ex.Bind.run"));
        Response r = a.responses().get(0);
        assertThat(r.startNs()).isEqualTo(ms(11));
        assertThat(r.endNs()).isEqualTo(ms(69));
        assertThat(r.trigger()).isEqualTo("METHOD:com.ex.Load.run");
        assertThat(r.setByHand()).isTrue();
    }

    @Test
    void aPatternThatMatchesNothingNamesItself() {
        Trace t = TraceFixtures.agentLog(LOG);
        assertThatThrownBy(() -> Analysis.byHand(t, AnalysisOptions.defaults(),
                ResponseByHand.slices("com.ex.Nope*", "com.ex.Bind.run")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--start com.ex.Nope*");
        assertThatThrownBy(() -> Analysis.byHand(t, AnalysisOptions.defaults(),
                ResponseByHand.slices("com.ex.Bind.run", "com.ex.Load.run")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--end com.ex.Load.run");
        assertThatThrownBy(() -> Analysis.byHand(t, AnalysisOptions.defaults(), ResponseByHand.window(ms(500), ms(600))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside the trace");
    }

    @Test
    void theWhatIfWorksOnIt() {
        Analysis a = Analysis.byHand(TraceFixtures.agentLog(LOG), AnalysisOptions.defaults(),
                ResponseByHand.window(ms(10), ms(70)));
        assertThat(a.estimate(0, dev.ura.app.analysis.model.Scenario.BASELINE).durationNs()).isEqualTo(ms(60));
    }

    @Test
    void badDefinitionsAreRefused() {
        assertThatThrownBy(() -> new ResponseByHand(5L, null, null, null)).hasMessageContaining("--from and --to");
        assertThatThrownBy(() -> new ResponseByHand(5L, 3L, null, null)).hasMessageContaining("before --from");
        assertThatThrownBy(() -> new ResponseByHand(5L, 6L, "a", "b")).hasMessageContaining("either");
        assertThatThrownBy(() -> new ResponseByHand(null, null, "a", null)).hasMessageContaining("--start and --end");
    }
}
