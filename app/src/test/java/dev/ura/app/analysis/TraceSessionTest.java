package dev.ura.app.analysis;

import dev.ura.app.analysis.model.ResponseByHand;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/** The rule shared by {@code ura regress} and the runs view: a run's value is response 0's duration. */
class TraceSessionTest {

    @Test
    void aRunsValueIsItsFirstResponsesDuration() {
        // the spec example: onClick at 1 ms, drawn until 104 ms
        assertThat(TraceSession.runValueNs(TraceFixtures.agentLog(TraceFixtures.AGENT_LOG_EXAMPLE), null))
                .isEqualTo(OptionalLong.of(ms(103)));
    }

    @Test
    void aResponseSetByHandIsTheValueWhenGiven() {
        assertThat(TraceSession.runValueNs(TraceFixtures.agentLog(ResponseByHandTest.LOG),
                ResponseByHand.window(ms(10), ms(70)))).isEqualTo(OptionalLong.of(ms(60)));
    }

    @Test
    void noResponseIsNoValue() {
        assertThat(TraceSession.runValueNs(TraceFixtures.agentLog(ResponseByHandTest.LOG), null)).isEmpty();
    }
}
