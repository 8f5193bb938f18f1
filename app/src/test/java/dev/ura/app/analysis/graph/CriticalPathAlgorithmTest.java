package dev.ura.app.analysis.graph;

import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleDirectedGraph;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CriticalPathAlgorithmTest {

    @Test
    void diamondTakesTheLongerBranchAndGivesTheShorterItsSlack() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        for (String v : List.of("a", "b", "c", "d")) {
            g.addVertex(v);
        }
        g.addEdge("a", "b");
        g.addEdge("a", "c");
        g.addEdge("b", "d");
        g.addEdge("c", "d");
        long[] w = {10, 30, 5, 7};
        VertexTiming<String> timing = VertexTiming.ofDurations(v -> w[v.charAt(0) - 'a']);

        Schedule<String, DefaultEdge> s = new CriticalPathAlgorithm<>(g, timing).getPath("a", "d", 100);

        assertThat(s.path()).containsExactly("a", "b", "d");
        assertThat(s.endNs()).isEqualTo(100 + 10 + 30 + 7);
        assertThat(s.slackNs("a")).isZero();
        assertThat(s.slackNs("b")).isZero();
        assertThat(s.slackNs("d")).isZero();
        assertThat(s.slackNs("c")).isEqualTo(25);
        assertThat(s.earliestStartNs("c")).isEqualTo(110);
        assertThat(s.earliestFinishNs("b")).isEqualTo(140);
        assertThat(s.pathEdges()).containsExactly(g.getEdge("a", "b"), g.getEdge("b", "d"));
        assertThat(s.criticalEdgeInto("a")).isNull();

        Schedule<String, DefaultEdge> quick = new CriticalPathAlgorithm<>(g, timing).withoutSlack().getPath("a", "d", 100);
        assertThat(quick.path()).isEqualTo(s.path());
        assertThat(quick.slackNs("b")).isZero();
        assertThat(quick.isOnPath("c")).isFalse();
        assertThatThrownBy(() -> quick.slackNs("c")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void verticesTheSinkDoesNotNeedHaveUnlimitedSlackAndUnreachableOnesNoSchedule() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        for (String v : List.of("s", "t", "side", "orphan")) {
            g.addVertex(v);
        }
        g.addEdge("s", "t");
        g.addEdge("s", "side");
        g.addEdge("orphan", "t");
        Schedule<String, DefaultEdge> s = new CriticalPathAlgorithm<>(g, VertexTiming.<String>ofDurations(v -> 5))
                .getPath("s", "t", 0);
        assertThat(s.slackNs("side")).isEqualTo(Long.MAX_VALUE);
        assertThat(s.isScheduled("orphan")).isFalse();
        assertThat(s.path()).containsExactly("s", "t");
    }

    @Test
    void rejectsCyclesMissingVerticesAndUnreachableSinks() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        g.addVertex("a");
        g.addVertex("b");
        g.addVertex("c");
        g.addEdge("a", "b");
        CriticalPathAlgorithm<String, DefaultEdge> alg = new CriticalPathAlgorithm<>(g, VertexTiming.ofDurations(v -> 1));
        assertThatThrownBy(() -> alg.getPath("a", "x", 0)).hasMessageContaining("sink");
        assertThatThrownBy(() -> alg.getPath("x", "a", 0)).hasMessageContaining("source");
        assertThatThrownBy(() -> alg.getPath("a", "c", 0)).hasMessageContaining("not reachable");
        g.addEdge("b", "a");
        assertThatThrownBy(() -> alg.getPath("a", "b", 0)).hasMessageContaining("cycle");
    }

    @Test
    void aGivenOrderIsCheckedAgainstEveryEdge() {
        Graph<Integer, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        g.addVertex(0);
        g.addVertex(1);
        g.addVertex(2);
        g.addEdge(0, 1);
        g.addEdge(1, 2);
        CriticalPathAlgorithm<Integer, DefaultEdge> alg = new CriticalPathAlgorithm<>(g, VertexTiming.ofDurations(v -> 1));
        assertThat(alg.withOrder(List.of(0, 1, 2)).getPath(0, 2, 0).endNs()).isEqualTo(3);
        assertThatThrownBy(() -> alg.withOrder(List.of(0, 2, 1)).getPath(0, 2, 0)).hasMessageContaining("cycle");
        assertThatThrownBy(() -> alg.withOrder(List.of(0, 1)).getPath(0, 1, 0)).hasMessageContaining("order");
    }

    @Test
    void matchesBruteForceOnRandomDags() {
        Random random = new Random(20261129L);
        for (int round = 0; round < 300; round++) {
            int n = 2 + random.nextInt(11);
            Graph<Integer, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
            long[] w = new long[n];
            for (int v = 0; v < n; v++) {
                g.addVertex(v);
                w[v] = random.nextInt(4) == 0 ? 0 : random.nextInt(50);
            }
            double density = random.nextDouble();
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (random.nextDouble() < density) {
                        g.addEdge(a, b);
                    }
                }
            }
            int source = 0;
            int sink = n - 1;
            List<List<Integer>> paths = new ArrayList<>();
            enumerate(g, source, sink, new ArrayList<>(List.of(source)), paths);
            VertexTiming<Integer> timing = VertexTiming.ofDurations(v -> w[v]);
            CriticalPathAlgorithm<Integer, DefaultEdge> alg = new CriticalPathAlgorithm<>(g, timing);
            if (paths.isEmpty()) {
                assertThatThrownBy(() -> alg.getPath(source, sink, 7)).hasMessageContaining("not reachable");
                continue;
            }
            long best = paths.stream().mapToLong(p -> weight(p, w)).max().orElseThrow();
            Schedule<Integer, DefaultEdge> s = alg.getPath(source, sink, 7);

            assertThat(s.endNs()).as("round %d", round).isEqualTo(7 + best);
            Schedule<Integer, DefaultEdge> fast = alg.withIndex(VertexIndex.identity(n)).withOrder(s.order())
                    .getPath(source, sink, 7);
            assertThat(fast.path()).isEqualTo(s.path());
            assertThat(fast.endNs()).isEqualTo(s.endNs());
            assertThat(paths).as("round %d: the path is a real path", round).contains(s.path());
            assertThat(weight(s.path(), w)).isEqualTo(best);
            for (int v : s.path()) {
                assertThat(s.slackNs(v)).isZero();
            }
            for (int v = 0; v < n; v++) {
                if (!s.isScheduled(v) || s.slackNs(v) == Long.MAX_VALUE) {
                    continue;
                }
                // Slack = how much v can grow before the sink moves: brute force over paths through v.
                int vertex = v;
                long longestThrough = paths.stream().filter(p -> p.contains(vertex))
                        .mapToLong(p -> weight(p, w)).max().orElseThrow();
                assertThat(s.slackNs(v)).as("round %d vertex %d", round, v).isEqualTo(best - longestThrough);
            }
        }
    }

    @Test
    void theIndexedSortGivesTheOrderOfJGraphTsIterator() {
        Random random = new Random(29112026L);
        for (int round = 0; round < 200; round++) {
            int n = 2 + random.nextInt(40);
            List<Integer> rank = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                rank.add(v);
            }
            Collections.shuffle(rank, random);
            Graph<Integer, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
            List<Integer> insertion = new ArrayList<>(rank);
            Collections.shuffle(insertion, random);
            insertion.forEach(g::addVertex);
            double density = random.nextDouble() * 0.3;
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    if (rank.indexOf(a) < rank.indexOf(b) && random.nextDouble() < density) {
                        g.addEdge(a, b);
                    }
                }
            }
            int source = rank.get(0);
            int sink = rank.get(n - 1);
            g.addEdge(source, sink);
            CriticalPathAlgorithm<Integer, DefaultEdge> alg = new CriticalPathAlgorithm<>(g, VertexTiming.ofDurations(v -> v));
            Schedule<Integer, DefaultEdge> plain = alg.getPath(source, sink, 0);
            Schedule<Integer, DefaultEdge> indexed = alg.withIndex(VertexIndex.identity(n)).getPath(source, sink, 0);
            assertThat(indexed.order()).as("round %d", round).isEqualTo(plain.order());
            assertThat(indexed.path()).isEqualTo(plain.path());
            g.addEdge(sink, source);
            assertThatThrownBy(() -> alg.withIndex(VertexIndex.identity(n)).getPath(source, sink, 0))
                    .hasMessageContaining("cycle");
        }
    }

    private static long weight(List<Integer> path, long[] w) {
        return path.stream().mapToLong(v -> w[v]).sum();
    }

    private static void enumerate(Graph<Integer, DefaultEdge> g, int at, int sink, List<Integer> prefix,
                                  List<List<Integer>> out) {
        if (at == sink) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (DefaultEdge e : g.outgoingEdgesOf(at)) {
            int next = g.getEdgeTarget(e);
            prefix.add(next);
            enumerate(g, next, sink, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }
}
