package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.SegmentGraph;
import dev.ura.app.analysis.model.LinkKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The cycle check the graph builder runs on every response graph, and what breaking a cycle drops. */
class CycleBreakerTest {

    private static SegmentGraph graph(int n, int[]... edges) {
        SegmentGraph g = new SegmentGraph(n, edges.length);
        for (int v = 0; v < n; v++) {
            g.addVertex(v);
        }
        for (int[] e : edges) {
            g.addEdge(e[0], e[1], new Dependency(e.length > 2 ? LinkKind.IDENTITY : LinkKind.PROGRAM_ORDER));
        }
        return g;
    }

    @Test
    void aLongChainWithBranchesHasNoCycle() {
        int n = 200_000;
        List<int[]> edges = new ArrayList<>();
        for (int v = 1; v < n; v++) {
            edges.add(new int[] {v - 1, v});
            if (v % 3 == 0) {
                edges.add(new int[] {v - 3, v, 1});
            }
        }
        assertThat(CycleBreaker.hasCycle(graph(n, edges.toArray(int[][]::new)))).isFalse();
    }

    @Test
    void aLoopAfterAChainIsFound() {
        // 0 → 1 → 2 → 3 → 1: the loop 1-2-3 is reached only through 0
        assertThat(CycleBreaker.hasCycle(graph(4, new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3},
                new int[] {3, 1, 1}))).isTrue();
        // a loop nothing leads into is found too
        assertThat(CycleBreaker.hasCycle(graph(3, new int[] {1, 2}, new int[] {2, 1, 1}))).isTrue();
    }

    @Test
    void breakingDropsTheHandOffThatPointsBackInTime() {
        // program order 0 → 1 → 2, a hand-off 2 → 1 from a clock that jumped back: it goes, with a warning
        SegmentGraph g = graph(3, new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 1, 1});
        List<String> warnings = new ArrayList<>();
        int removed = CycleBreaker.breakCycles(g, new long[] {10, 20, 30}, Map.of(), v -> "v" + v, line -> "",
                warnings);
        assertThat(removed).isEqualTo(1);
        assertThat(g.containsEdge(2, 1)).isFalse();
        assertThat(g.containsEdge(0, 1)).isTrue();
        assertThat(warnings).containsExactly("identity link from v2 to v1 would make the dependency graph cyclic"
                + " (clocks that disagree?): ignored");
        assertThat(CycleBreaker.hasCycle(g)).isFalse();
    }
}
