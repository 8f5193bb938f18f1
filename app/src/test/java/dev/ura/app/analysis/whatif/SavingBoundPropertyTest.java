package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The saving bound (docs/what-if.md): on random response graphs — random tasks handed between a
 * main thread and three single-thread workers, each a run of randomly named methods, some with
 * network I/O, some handing on further tasks — no change saves more than the time it takes off
 * the recorded path ({@link Estimate#pathTimeNs()}) and none makes the response slower. The logs
 * have one draw, so no frame rhythm: no vsync can be crossed. Every leaf task posts to main, so
 * many changes move those posts and re-order main's queue (its path time then includes the
 * messages whose order changed).
 */
class SavingBoundPropertyTest {
    private static final String[] NAMES = {"com.r.A.a", "com.r.B.b", "com.r.C.c", "com.r.D.d"};

    private record Task(double sentAt, int thread, int obj, int depth) {
    }

    private record Line(double ms, int seq, String json) {
    }

    /** A random log: a tap on main (1) and a tree of tasks on workers 2–4 whose leaves post to main. */
    static String randomLog(Random rnd) {
        List<Line> lines = new ArrayList<>();
        int[] seq = {0};
        java.util.function.BiConsumer<Double, String> add = (ms, json) -> lines.add(new Line(ms, seq[0]++,
                String.format(Locale.ROOT, "{\"ts\":%d,%s}", Math.round(ms * 1e6), json)));
        add.accept(0.0, "\"tid\":1,\"kind\":\"THREAD\",\"name\":\"main\",\"main\":true");
        for (int w = 2; w <= 4; w++) {
            add.accept(0.0, "\"tid\":" + w + ",\"kind\":\"THREAD\",\"name\":\"w" + w + "\"");
        }
        double[] free = new double[5];
        PriorityQueue<Task> queue = new PriorityQueue<>(Comparator.comparingDouble(Task::sentAt));
        int[] obj = {1};
        add.accept(0.0, "\"tid\":1,\"kind\":\"USER_INPUT\",\"ph\":\"B\",\"name\":\"onClick\"");
        int first = 1 + rnd.nextInt(2);
        for (int i = 0; i < first; i++) {
            double at = 0.5 + 0.1 * i;
            int o = obj[0]++;
            add.accept(at, "\"tid\":1,\"kind\":\"SEND_MSG\",\"obj\":" + o + ",\"via\":\"executor\"");
            queue.add(new Task(at, 2 + rnd.nextInt(3), o, 0));
        }
        add.accept(1.0, "\"tid\":1,\"kind\":\"USER_INPUT\",\"ph\":\"E\"");
        free[1] = 1.0;
        while (!queue.isEmpty()) {
            Task t = queue.poll();
            double start = Math.max(t.sentAt() + 0.01 + rnd.nextInt(3), free[t.thread()]);
            int tid = t.thread();
            add.accept(start, "\"tid\":" + tid + ",\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":" + t.obj()
                    + ",\"name\":\"run\"");
            double at = start;
            if (tid == 1) {
                at += 1 + rnd.nextInt(3);
                add.accept(at, "\"tid\":1,\"kind\":\"INVALIDATE\",\"view\":7");
                at += 0.5;
            } else {
                int pieces = 1 + rnd.nextInt(4);
                for (int p = 0; p < pieces; p++) {
                    String name = NAMES[rnd.nextInt(NAMES.length)];
                    double len = 1 + rnd.nextInt(10);
                    add.accept(at, "\"tid\":" + tid + ",\"kind\":\"METHOD\",\"ph\":\"B\",\"name\":\"" + name + "\"");
                    if (rnd.nextBoolean()) {
                        add.accept(at, "\"tid\":" + tid + ",\"kind\":\"RECV\",\"ph\":\"B\",\"bytes\":1");
                        add.accept(at + len, "\"tid\":" + tid + ",\"kind\":\"RECV\",\"ph\":\"E\"");
                    }
                    at += len;
                    add.accept(at, "\"tid\":" + tid + ",\"kind\":\"METHOD\",\"ph\":\"E\"");
                    if (rnd.nextInt(4) == 0) {
                        at += 0.1 * (1 + rnd.nextInt(5));    // own time between methods
                    }
                }
                int children = t.depth() < 3 ? rnd.nextInt(3) : 0;
                for (int c = 0; c < children; c++) {
                    int o = obj[0]++;
                    at += 0.1;
                    add.accept(at, "\"tid\":" + tid + ",\"kind\":\"SEND_MSG\",\"obj\":" + o + ",\"via\":\"executor\"");
                    queue.add(new Task(at, 2 + rnd.nextInt(3), o, t.depth() + 1));
                }
                if (children == 0) {
                    int o = obj[0]++;
                    at += 0.1;
                    add.accept(at, "\"tid\":" + tid + ",\"kind\":\"SEND_MSG\",\"obj\":" + o + ",\"via\":\"handler\"");
                    queue.add(new Task(at, 1, o, t.depth() + 1));
                }
                at += 0.1;
            }
            add.accept(at, "\"tid\":" + tid + ",\"kind\":\"DISPATCH_MSG\",\"ph\":\"E\"");
            free[tid] = at;
        }
        double draw = free[1] + 1;
        add.accept(draw, "\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"B\",\"view\":7");
        add.accept(draw + 3, "\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"E\"");
        lines.sort(Comparator.comparingDouble(Line::ms).thenComparingInt(Line::seq));
        StringBuilder sb = new StringBuilder("{\"kind\":\"META\",\"version\":1,\"app\":\"random\"}\n");
        for (Line l : lines) {
            sb.append(l.json()).append('\n');
        }
        return sb.toString();
    }

    private static Change change(Random rnd) {
        SliceSelector s = new SliceSelector.ByName(NAMES[rnd.nextInt(NAMES.length)]);
        return switch (rnd.nextInt(4)) {
            case 0 -> new Change.Defer(s);
            case 1 -> new Change.RunInParallel(s);
            case 2 -> new Change.SideBySide(s);
            default -> new Change.SpeedUp(s, new double[] {1.5, 2, 4}[rnd.nextInt(3)]);
        };
    }

    @Test
    void noChangeSavesMoreThanItTakesOffThePathNorSlowsTheResponse() {
        int checked = 0;
        // estimates whose change re-ordered main's queue (its path time then exceeds the slices' own)
        int reordered = 0;
        int ranged = 0;
        for (int seed = 0; seed < 150; seed++) {
            Random rnd = new Random(seed);
            String log = randomLog(rnd);
            Analysis a = AgentLogText.analyse(log);
            assertThat(a.responses()).as("seed %d", seed).hasSize(1);
            for (int k = 0; k < 4; k++) {
                Change c = change(rnd);
                if (!a.unmatchedChanges(0, Scenario.BASELINE.with(c)).isEmpty()) {
                    continue;
                }
                Estimate e = a.estimate(0, Scenario.BASELINE.with(c));
                String what = "seed " + seed + ", " + c.describe() + "\n" + log;
                assertThat(e.frame()).as(what).isNull();
                // speed-ups round each piece to whole ns
                assertThat(e.savedNs()).as(what).isLessThanOrEqualTo(e.pathTimeNs() + 1000);
                assertThat(e.savedNs()).as(what).isGreaterThanOrEqualTo(0);
                assertThat(e.savedNs() > 0 || e.reason() != null).as(what).isTrue();
                // every estimate states its assumption; a range contains the estimate
                assertThat(e.assumption()).as(what).isNotBlank();
                if (e.range() != null) {
                    assertThat(e.range().lowDurationNs()).as(what).isBetween(0L, e.durationNs());
                    assertThat(e.range().highDurationNs()).as(what).isGreaterThanOrEqualTo(e.durationNs());
                    ranged++;
                }
                var graph = a.graph(0);
                if (e.pathTimeNs() > PathTime.of(graph, c, new SliceMatcher(graph).match(c.target()))) {
                    reordered++;
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(300);
        assertThat(ranged).as("estimates with a range (docs/what-if.md, Assumption and range)").isGreaterThan(20);
        assertThat(reordered).as("changes that re-ordered main's queue (docs/what-if.md, Queues)").isGreaterThan(20);
    }
}
