package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class CallGraphAnalyzerTest {
    static Trace recursive() {
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        int w = f.thread(2, "worker");
        f.enter(t, "app.Main.main", 0)
                .enter(t, "app.M.fib", 10)
                .enter(t, "app.M.fib", 20)
                .call(t, "app.M.fib", 25, 35)
                .call(t, "app.M.leaf", 40, 45)
                .exit(t, 50)
                .exit(t, 60)
                .call(t, "app.M.leaf", 70, 90)
                .exit(t, 100);
        f.enter(w, "app.W.run", 0).call(w, "app.M.leaf", 1, 2).call(w, "app.M.leaf", 3, 4).exit(w, 10);
        return f.build();
    }

    /** {@code caller -> callee} to {@code "calls/ns"}. */
    static Map<String, String> edges(CallGraph g) {
        Map<String, String> m = new TreeMap<>();
        for (CallGraphEdge e : g.graph().edgeSet()) {
            m.put(g.graph().getEdgeSource(e).name() + " -> " + g.graph().getEdgeTarget(e).name(),
                    e.calls() + "/" + e.inclusiveNs());
        }
        return m;
    }

    @Test
    void edgesCountDirectCallsWithTheirInclusiveTime() {
        CallGraph g = new CallGraphAnalyzer(recursive()).analyze(CallScope.all(), CallGraphFilter.none());
        assertThat(edges(g)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "app.Main.main -> app.M.fib", "1/50",
                "app.M.fib -> app.M.fib", "2/40",
                "app.M.fib -> app.M.leaf", "1/5",
                "app.Main.main -> app.M.leaf", "1/20",
                "app.W.run -> app.M.leaf", "2/2"));
        assertThat(g.totalNs()).isEqualTo(110);
        CallGraphNode leaf = g.graph().vertexSet().stream().filter(n -> n.name().equals("app.M.leaf")).findFirst()
                .orElseThrow();
        assertThat(leaf.calls()).isEqualTo(4);
        assertThat(leaf.inclusiveNs()).isEqualTo(27);
    }

    @Test
    void oneThreadAndAWindow() {
        CallGraph g = new CallGraphAnalyzer(recursive()).analyze(CallScope.thread("worker"), CallGraphFilter.none());
        assertThat(edges(g)).containsOnlyKeys("app.W.run -> app.M.leaf");
        CallGraph w = new CallGraphAnalyzer(recursive()).analyze(CallScope.thread("main").within(60, 100),
                CallGraphFilter.none());
        assertThat(edges(w)).containsExactlyInAnyOrderEntriesOf(Map.of("app.Main.main -> app.M.leaf", "1/20"));
    }

    @Test
    void filtersDropLightEdgesButKeepTheirHotEnds() {
        CallGraph g = new CallGraphAnalyzer(recursive()).analyze(CallScope.all(), new CallGraphFilter(2, 0));
        assertThat(edges(g)).containsOnlyKeys("app.M.fib -> app.M.fib", "app.W.run -> app.M.leaf");
        assertThat(g.droppedEdges()).isEqualTo(3);
        CallGraph t = new CallGraphAnalyzer(recursive()).analyze(CallScope.all(), new CallGraphFilter(0, 20));
        assertThat(edges(t)).containsOnlyKeys("app.Main.main -> app.M.fib", "app.M.fib -> app.M.fib",
                "app.Main.main -> app.M.leaf");
        assertThat(t.graph().vertexSet()).extracting(CallGraphNode::name)
                .containsExactlyInAnyOrder("app.Main.main", "app.M.fib", "app.M.leaf");
    }
}
