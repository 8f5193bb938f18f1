package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.events.MethodRules;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/** The façade: caching, estimates, options. */
class AnalysisTest {
    private final Analysis example = Analysis.of(TraceFixtures.agentLog(AgentLogResponseTest.EXAMPLE));

    @Test
    void graphsAreBuiltOncePerResponse() {
        assertThat(example.graph(0)).isSameAs(example.graph(0));
        assertThat(example.criticalPath(0).endNs()).isEqualTo(ms(104));
    }

    @Test
    void theBaselineEstimateIsTheRecordedResponse() {
        Estimate e = example.estimate(0, Scenario.BASELINE);

        assertThat(e.endNs()).isEqualTo(ms(104));
        assertThat(e.savedNs()).isZero();
    }

    @Test
    void aFasterDownloadEndsEarlierAndIsMemoized() {
        Scenario faster = Scenario.BASELINE.with(new Change.SpeedUp(new SliceSelector.ByName("RECV"), 2));

        Estimate e = example.estimate(0, faster);

        assertThat(e.savedNs()).isGreaterThanOrEqualTo(ms(45) - ms(16.7));
        assertThat(e.endNs()).isEqualTo(ms(104) - e.savedNs());
        assertThat(example.estimate(0, new Scenario(List.copyOf(faster.changes())))).isSameAs(e);
    }

    @Test
    void editsKeepTheEventsAndTheOptions() {
        Analysis edited = example.withEdits(LinkEdits.NONE.remove(example.links().get(0)));

        assertThat(edited.events()).isSameAs(example.events());
        assertThat(edited.options().rules()).isSameAs(MethodRules.defaults());
        assertThat(edited.links()).hasSize(1);
        assertThat(example.links()).hasSize(2);
    }
}
