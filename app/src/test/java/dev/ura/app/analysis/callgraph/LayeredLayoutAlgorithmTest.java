package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class LayeredLayoutAlgorithmTest {
    private static CallGraph randomGraph(long seed) {
        Random rnd = new Random(seed);
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        long now = 0;
        int depth = 0;
        for (int step = 0; step < 400; step++) {
            now++;
            if (depth == 0 || (depth < 8 && rnd.nextInt(3) > 0)) {
                f.enter(t, "m" + rnd.nextInt(15), now);
                depth++;
            } else {
                f.exit(t, now);
                depth--;
            }
        }
        while (depth-- > 0) {
            f.exit(t, ++now);
        }
        return new CallGraphAnalyzer(f.build()).analyze(CallScope.all(), CallGraphFilter.none());
    }

    @Test
    void boxesInALayerNeverOverlapAndForwardEdgesGoDown() {
        for (long seed = 1; seed <= 20; seed++) {
            CallGraph g = randomGraph(seed);
            GraphLayout layout = new LayeredLayoutAlgorithm(n -> 40 + 6 * n.name().length(), 30).layout(g.graph());
            assertThat(layout.nodes()).hasSize(g.graph().vertexSet().size());
            assertThat(layout.edges()).hasSize(g.graph().edgeSet().size());
            Map<Integer, List<GraphLayout.NodeBox>> byLayer = layout.nodes().stream()
                    .collect(Collectors.groupingBy(GraphLayout.NodeBox::layer));
            for (List<GraphLayout.NodeBox> row : byLayer.values()) {
                row.sort(Comparator.comparingDouble(GraphLayout.NodeBox::x));
                for (int i = 1; i < row.size(); i++) {
                    assertThat(row.get(i).x()).isGreaterThanOrEqualTo(row.get(i - 1).x() + row.get(i - 1).width());
                }
            }
            for (GraphLayout.NodeBox b : layout.nodes()) {
                assertThat(b.x()).isGreaterThanOrEqualTo(0);
                assertThat(b.x() + b.width()).isLessThanOrEqualTo(layout.width());
                assertThat(b.y() + b.height()).isLessThanOrEqualTo(layout.height());
            }
            for (GraphLayout.EdgeLine e : layout.edges()) {
                assertThat(e.xs()).hasSameSizeAs(e.ys());
                assertThat(e.xs().length).isGreaterThanOrEqualTo(2);
            }
        }
    }

    @Test
    void aChainIsOneNodePerLayerAndRecursionIsASelfLoop() {
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        f.enter(t, "a", 0).enter(t, "b", 1).enter(t, "c", 2).call(t, "c", 3, 4).exit(t, 5).exit(t, 6).exit(t, 7);
        CallGraph g = new CallGraphAnalyzer(f.build()).analyze(CallScope.all(), CallGraphFilter.none());
        GraphLayout layout = new LayeredLayoutAlgorithm(n -> 50, 30).layout(g.graph());
        assertThat(layout.nodes()).extracting(b -> b.node().name() + "@" + b.layer())
                .containsExactlyInAnyOrder("a@0", "b@1", "c@2");
        assertThat(layout.edges()).filteredOn(GraphLayout.EdgeLine::selfLoop).hasSize(1);
        GraphLayout again = new LayeredLayoutAlgorithm(n -> 50, 30).layout(g.graph());
        assertThat(again.nodes()).isEqualTo(layout.nodes());
    }
}
