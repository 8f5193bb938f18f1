package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CallGraph#heaviest} narrows a shared graph without changing it. */
class CallGraphHeaviestTest {

    @Test
    void heaviestIsAViewAndTheSharedGraphKeepsEveryMethod() {
        Trace t = dev.ura.app.analysis.TraceFixtures.agentLog(dev.ura.app.analysis.TraceFixtures.AGENT_LOG_EXAMPLE);
        CallGraph full = new CallGraphAnalyzer(t).analyze(CallScope.all(), CallGraphFilter.none());
        int all = full.graph().vertexSet().size();
        assertThat(all).isGreaterThan(2);
        CallGraph two = full.heaviest(2);
        assertThat(two.graph().vertexSet()).hasSize(2);
        assertThat(full.graph().vertexSet()).hasSize(all);
        long lightestKept = two.graph().vertexSet().stream().mapToLong(CallGraphNode::inclusiveNs).min().orElseThrow();
        assertThat(full.graph().vertexSet().stream().filter(n -> !two.graph().containsVertex(n)))
                .allSatisfy(n -> assertThat(n.inclusiveNs()).isLessThanOrEqualTo(lightestKept));
        assertThat(full.heaviest(all)).isSameAs(full);
    }
}
