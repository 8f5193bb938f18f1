package dev.ura.app.analysis.profile;

import dev.ura.trace.model.BlockStat;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileAnalyzerTest {
    /**
     * main 0-100
     *   fib 10-60          (recursive: fib 20-50, fib 25-35)
     *     fib 20-50
     *       fib 25-35
     *       leaf 40-45
     *   leaf 70-90
     */
    private static Trace recursive() {
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        f.enter(t, "app.Main.main", 0)
                .enter(t, "app.M.fib", 10)
                .enter(t, "app.M.fib", 20)
                .call(t, "app.M.fib", 25, 35)
                .call(t, "app.M.leaf", 40, 45)
                .exit(t, 50)
                .exit(t, 60)
                .call(t, "app.M.leaf", 70, 90)
                .exit(t, 100);
        return f.build();
    }

    private static ProfileRow row(Profile p, String name) {
        return p.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void recursionIsCountedOncePerOutermostCall() {
        Profile p = new ProfileAnalyzer(recursive()).flat(CallScope.all());
        ProfileRow fib = row(p, "app.M.fib");
        assertThat(fib.calls()).isEqualTo(3);
        assertThat(fib.inclusiveNs()).isEqualTo(50);           // 10-60 once, not 50+30+10
        assertThat(fib.exclusiveNs()).isEqualTo(20 + 15 + 10);  // 50-30, 30-10-5, 10
        assertThat(fib.minNs()).isEqualTo(10);
        assertThat(fib.maxNs()).isEqualTo(50);
        assertThat(fib.meanNs()).isEqualTo((50 + 30 + 10) / 3);
    }

    @Test
    void exclusiveIsTimeNoCalleeCovers() {
        Profile p = new ProfileAnalyzer(recursive()).flat(CallScope.all());
        assertThat(row(p, "app.Main.main").exclusiveNs()).isEqualTo(100 - 50 - 20);
        assertThat(row(p, "app.Main.main").inclusiveNs()).isEqualTo(100);
        ProfileRow leaf = row(p, "app.M.leaf");
        assertThat(leaf.calls()).isEqualTo(2);
        assertThat(leaf.inclusiveNs()).isEqualTo(25);
        assertThat(leaf.exclusiveNs()).isEqualTo(25);
        assertThat(leaf.minNs()).isEqualTo(5);
        assertThat(leaf.maxNs()).isEqualTo(20);
        assertThat(leaf.meanNs()).isEqualTo(12);
        assertThat(p.rows()).extracting(ProfileRow::name).containsExactly("app.Main.main", "app.M.fib", "app.M.leaf");
    }

    @Test
    void aWindowClipsCallsToIt() {
        Profile p = new ProfileAnalyzer(recursive()).flat(CallScope.all().within(30, 80));
        assertThat(row(p, "app.Main.main").inclusiveNs()).isEqualTo(50);
        assertThat(row(p, "app.M.fib").inclusiveNs()).isEqualTo(30);      // 30-60
        assertThat(row(p, "app.M.fib").calls()).isEqualTo(3);
        assertThat(row(p, "app.M.leaf").inclusiveNs()).isEqualTo(5 + 10);  // 40-45, 70-80
        long exclusiveSum = p.rows().stream().mapToLong(ProfileRow::exclusiveNs).sum();
        assertThat(exclusiveSum).isEqualTo(50);
    }

    @Test
    void topDownAndBottomUpTrees() {
        Profile p = new ProfileAnalyzer(recursive()).analyze(CallScope.all(), true, dev.ura.trace.io.Progress.NONE);
        ProfileNode main = p.topDown().children().get(0);
        assertThat(p.topDown().inclusiveNs()).isEqualTo(100);
        assertThat(main.name()).isEqualTo("app.Main.main");
        assertThat(main.children()).extracting(ProfileNode::name).containsExactly("app.M.fib", "app.M.leaf");
        ProfileNode fib2 = main.children().get(0).children().get(0);
        assertThat(fib2.inclusiveNs()).isEqualTo(30);
        assertThat(fib2.children()).extracting(ProfileNode::name).containsExactly("app.M.fib", "app.M.leaf");

        ProfileNode leafUp = p.bottomUp().children().stream().filter(n -> n.name().equals("app.M.leaf")).findFirst()
                .orElseThrow();
        assertThat(leafUp.exclusiveNs()).isEqualTo(25);
        assertThat(leafUp.children()).extracting(ProfileNode::name).containsExactly("app.Main.main", "app.M.fib");
        assertThat(leafUp.children().get(0).exclusiveNs()).isEqualTo(20);
        assertThat(leafUp.children().get(1).exclusiveNs()).isEqualTo(5);
        assertThat(p.bottomUp().inclusiveNs()).isEqualTo(100); // all own time adds up to the root's time
    }

    @Test
    void treesPastTheirSizeLimitFoldIntoATruncatedNodeWithoutLosingTime() {
        Profile p = new ProfileAnalyzer(recursive()).analyze(CallScope.all(), true, 2, dev.ura.trace.io.Progress.NONE);
        assertThat(p.treesTruncated()).isTrue();
        ProfileNode main = p.topDown().children().get(0);
        ProfileNode fib = main.children().stream().filter(n -> n.name().equals("app.M.fib")).findFirst().orElseThrow();
        assertThat(fib.children()).singleElement().satisfies(n -> {
            assertThat(n.isTruncated()).isTrue();
            assertThat(n.inclusiveNs()).isEqualTo(30);   // own time of fib 20-50 and everything under it
            assertThat(n.calls()).isEqualTo(3);
        });
        assertThat(p.topDown().inclusiveNs()).isEqualTo(100);
        Profile full = new ProfileAnalyzer(recursive()).analyze(CallScope.all(), true, dev.ura.trace.io.Progress.NONE);
        assertThat(full.treesTruncated()).isFalse();
    }

    @Test
    void threadFilterAndThreadNodes() {
        CallTraceFixture f = new CallTraceFixture();
        int a = f.thread(1, "main");
        int b = f.thread(2, "worker");
        f.call(a, "x.A.run", 0, 10).call(b, "x.A.run", 0, 30);
        Trace t = f.build();
        assertThat(new ProfileAnalyzer(t).flat(CallScope.thread("worker")).rows().get(0).inclusiveNs()).isEqualTo(30);
        assertThat(new ProfileAnalyzer(t).flat(CallScope.thread("2")).rows().get(0).inclusiveNs()).isEqualTo(30);
        assertThat(new ProfileAnalyzer(t).flat(CallScope.all()).rows().get(0).inclusiveNs()).isEqualTo(40);
        Profile p = new ProfileAnalyzer(t).analyze(CallScope.all(), true, dev.ura.trace.io.Progress.NONE);
        assertThat(p.topDown().children()).extracting(ProfileNode::name).containsExactly("worker", "main");
        assertThat(CallScope.thread("nobody").matchesAny(t)).isFalse();
    }

    @Test
    void checkpointBlocksBecomeRows() {
        Trace t = new Trace("r.csv", new TraceMetadata("checkpoint", "csv", 0, null, null, -1, -1, Map.of()),
                new MethodTable.Builder().build(), List.of(), EventTable.empty(),
                List.of(new BlockStat("load", 4, 10_000_000, 1_000_000, 4_000_000), new BlockStat("draw", 3, 30, -1, -1)),
                2, List.of());
        List<ProfileRow> rows = new ProfileAnalyzer(t).flat(CallScope.all()).rows();
        assertThat(rows).containsExactly(
                new ProfileRow(-1, "load", null, 4, 10_000_000, 10_000_000, 1_000_000L, 4_000_000L, 2_500_000),
                new ProfileRow(-1, "draw", null, 3, 30, 30, null, null, 10));
    }

    @Test
    void exclusiveTimesAddUpToTopLevelTimeOnRandomTrees() {
        Random rnd = new Random(7);
        for (int round = 0; round < 50; round++) {
            CallTraceFixture f = new CallTraceFixture();
            int t = f.thread(1, "main");
            long now = 0;
            long topLevel = 0;
            List<Long> opened = new ArrayList<>();
            for (int step = 0; step < 200; step++) {
                now += rnd.nextInt(5);
                if (opened.isEmpty() || (opened.size() < 12 && rnd.nextBoolean())) {
                    f.enter(t, "m" + rnd.nextInt(6), now);
                    opened.add(now);
                } else {
                    long start = opened.remove(opened.size() - 1);
                    f.exit(t, now);
                    if (opened.isEmpty()) {
                        topLevel += now - start;
                    }
                }
            }
            while (!opened.isEmpty()) {
                long start = opened.remove(opened.size() - 1);
                now += 1;
                f.exit(t, now);
                if (opened.isEmpty()) {
                    topLevel += now - start;
                }
            }
            Profile p = new ProfileAnalyzer(f.build()).flat(CallScope.all());
            assertThat(p.rows().stream().mapToLong(ProfileRow::exclusiveNs).sum()).isEqualTo(topLevel);
            for (ProfileRow r : p.rows()) {
                assertThat(r.inclusiveNs()).isLessThanOrEqualTo(topLevel);
                assertThat(r.exclusiveNs()).isLessThanOrEqualTo(r.inclusiveNs());
                assertThat(r.minNs()).isLessThanOrEqualTo(r.meanNs());
                assertThat(r.meanNs()).isLessThanOrEqualTo(r.maxNs());
            }
        }
    }
}
