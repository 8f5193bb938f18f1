package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.system.Machine;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze}, {@code diff} and {@code regress} on Perfetto traces: the system-response fields
 * of the JSON (docs/cli.md), and the two commands that compare runs through response 0.
 */
class SystemTraceCliTest {
    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private static Path write(Path dir, String name, SystemTraceScript s) throws Exception {
        return Files.write(dir.resolve(name), PerfettoTraceWriter.write(s, PerfettoTraceWriter.Options.plain()));
    }

    /** An input at 100–300 µs whose frame is drawn until {@code drawnAtUs}: a response of drawnAt − 100 µs. */
    private static SystemTraceScript tapDrawnAt(long drawnAtUs) {
        return new Machine().run(Machine.APP, 0, 600, "S").slice(Machine.APP, 100, 300, "deliverInputEvent id=0x1")
                .frame(7, 400, 500, 500, drawnAtUs, -1).s;
    }

    @Test
    void analyzeJsonAddsDrawnAtOnScreenAtAndTheTrackedStretches(@TempDir Path dir) throws Exception {
        Run r = run("analyze", "--json", write(dir, "tap.perfetto-trace", SystemScenarios.tap()).toString());
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode resp = new ObjectMapper().readTree(r.out()).get("responses").get(0);
        assertThat(resp.get("startNs").asLong()).isEqualTo(t(-100));
        assertThat(resp.get("endNs").asLong()).isEqualTo(t(2500));
        assertThat(resp.get("drawnAtNs").asLong()).isEqualTo(t(2500));
        assertThat(resp.get("onScreenAtNs").asLong()).isEqualTo(t(3000));
        assertThat(resp.get("vsyncId").asLong()).isEqualTo(42);
        assertThat(resp.has("unfinishedReason")).isFalse();
        assertThat(resp.get("inputTimeFrom").asText()).isEqualTo("eventTimeNano");
        assertThat(resp.get("end").get("name").asText()).isEqualTo("DrawFrames 42");
        JsonNode worker = resp.get("trackedStretches").get(1);
        assertThat(worker.get("thread").asLong()).isEqualTo(SystemScenarios.WORKER);
        assertThat(worker.get("threadName").asText()).isEqualTo("FeedWorker");
        assertThat(worker.get("fromNs").asLong()).isEqualTo(t(300));
        assertThat(worker.get("toNs").asLong()).isEqualTo(t(1610));
        assertThat(worker.get("cause").asText()).isEqualTo("wakeup");
        assertThat(resp.get("trackedStretches")).hasSize(6);
        long sum = 0;
        for (JsonNode s : resp.get("criticalPath")) {
            sum += s.get("endNs").asLong() - s.get("startNs").asLong();
        }
        assertThat(sum).isEqualTo(2_600_000);

        Run text = run("analyze", dir.resolve("tap.perfetto-trace").toString());
        assertThat(text.out()).contains("drawn at 10002.5 ms (frame 42), on screen at 10003.0 ms")
                .contains("derived from the system trace").contains("5 (5 wakeup)");
    }

    /**
     * The tap's first event is the sched_switch at t(0) = 10 000 ms on the boot clock, so from the
     * trace's start (as the window's axis reads) the frame is drawn at 2500 µs = 2.5 ms and shown at
     * 3.0 ms; the input's own time, t(-100), lies 0.1 ms before the first event. Without
     * {@code --relative} the text keeps the clock's times (10002.5 ms, above); JSON gives both.
     */
    @Test
    void relativeTimesFromTheTraceStartInTextAndJson(@TempDir Path dir) throws Exception {
        Path trace = write(dir, "tap.perfetto-trace", SystemScenarios.tap());
        Run text = run("analyze", "--relative", trace.toString());
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).contains("  times     ms from the trace's start (10000.0 ms on its clock)")
                .contains("from -0.1 ms to 2.5 ms").contains("drawn at 2.5 ms (frame 42), on screen at 3.0 ms")
                .doesNotContain("10002.5");
        JsonNode json = new ObjectMapper().readTree(run("analyze", "--json", trace.toString()).out());
        assertThat(json.get("traceStartNs").asLong()).isEqualTo(t(0));
        JsonNode resp = json.get("responses").get(0);
        assertThat(resp.get("startNs").asLong()).isEqualTo(t(-100));
        assertThat(resp.get("startOffsetNs").asLong()).isEqualTo(-100_000);
        assertThat(resp.get("endOffsetNs").asLong()).isEqualTo(2_500_000);

        // the Markdown report reads the same clock as its picture's axis: the table's start, the
        // path rows' "starts at" and the findings' evidence are all within 0..3 ms of the start
        Path md = dir.resolve("r.md");
        Run report = run("report", trace.toString(), "-o", md.toString());
        assertThat(report.exit()).as(report.err()).isZero();
        String markdown = Files.readString(md);
        assertThat(markdown).contains("| ▶ 0 | ").contains(" | -0.1 ms | ").contains("drawn at 2.5 ms")
                .contains("Times are from the trace's start").doesNotContain("10000.").doesNotContain("10001.")
                .doesNotContain("10002.");
    }

    @Test
    void anUnfinishedResponseHasNullDrawnAtAndOnScreenAt(@TempDir Path dir) throws Exception {
        SystemTraceScript s = new Machine().run(Machine.APP, 0, 300, "S")
                .slice(Machine.APP, 100, 300, "deliverInputEvent id=0x5").wake(Machine.APP, Machine.WORKER, 200)
                .run(Machine.WORKER, 210, 700, "S").s;
        Run r = run("analyze", "--json", write(dir, "unfinished.perfetto-trace", s).toString());
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode resp = new ObjectMapper().readTree(r.out()).get("responses").get(0);
        assertThat(resp.get("finished").asBoolean()).isFalse();
        assertThat(resp.get("endNs").asLong()).isEqualTo(t(700));
        assertThat(resp.get("drawnAtNs").isNull()).isTrue();
        assertThat(resp.get("onScreenAtNs").isNull()).isTrue();
        assertThat(resp.get("vsyncId").isNull()).isTrue();
        assertThat(resp.get("inputTimeFrom").asText()).isEqualTo("slice");
        assertThat(resp.get("unfinishedReason").asText()).isEqualTo("its tracked work requested no frame");
        Run text = run("analyze", dir.resolve("unfinished.perfetto-trace").toString());
        assertThat(text.out()).contains("UNFINISHED: its tracked work requested no frame");
    }

    /** Response 0 of each: 1700 µs (drawn at 1800) and 2900 µs (drawn at 3000). */
    @Test
    void diffComparesResponseZeroOfTwoSystemTraces(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.perfetto-trace", tapDrawnAt(1800));
        Path b = write(dir, "b.perfetto-trace", tapDrawnAt(3000));
        Run r = run("diff", a.toString(), b.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode d = new ObjectMapper().readTree(r.out());
        assertThat(d.get("a").get("durationNs").asLong()).isEqualTo(1_700_000);
        assertThat(d.get("b").get("durationNs").asLong()).isEqualTo(2_900_000);
        assertThat(d.get("pathANs").asLong()).isEqualTo(1_700_000);
        assertThat(d.get("pathBNs").asLong()).isEqualTo(2_900_000);
        assertThat(d.get("deltaNs").asLong()).isEqualTo(1_200_000);
    }

    /**
     * Ten builds of system traces: seven around 1.7 ms, then three 4 ms slower. Each build's value is
     * its response 0 (drawn at − 100 µs); build 8 is an anomaly, so the newest runs regressed (exit 3).
     */
    @Test
    void regressReadsAFolderOfSystemTraces(@TempDir Path dir) throws Exception {
        long[] drawnAt = {1800, 1810, 1790, 1805, 1795, 1800, 1810, 5800, 5810, 5790};
        for (int i = 0; i < drawnAt.length; i++) {
            write(dir, "build-" + (i + 1) + ".perfetto-trace", tapDrawnAt(drawnAt[i]));
        }
        Run r = run("regress", dir.toString(), "--json");
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
        JsonNode m = new ObjectMapper().readTree(r.out()).get("metrics").get(0);
        assertThat(m.get("points").asInt()).isEqualTo(10);
        // Build 8 is 5700 µs against a mean of (1700+1710+1690+1705+1695+1700+1710)/7 = 1701.43 µs before it.
        JsonNode an = m.get("anomalies").get(0);
        assertThat(an.get("run").asText()).isEqualTo("build-8");
        assertThat(an.get("value").asLong()).isEqualTo(5_700_000);
        assertThat(an.get("mean").asLong()).isEqualTo(1_701_429);
    }
}
