package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze} on the tap (docs/system-responses.md §4, worked out in SystemGraphTapTest): the
 * path's runnable and io segments and each thread's share of it, in JSON ({@code pathByThread})
 * and text.
 */
class SystemPathCliTest {

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(exit).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void pathByThreadAndTheSystemCategories(@TempDir Path dir) throws Exception {
        Path tap = Files.write(dir.resolve("tap.perfetto-trace"),
                PerfettoTraceWriter.write(SystemScenarios.tap(), PerfettoTraceWriter.Options.plain()));
        JsonNode resp = new ObjectMapper().readTree(run("analyze", "--json", tap.toString())).get("responses").get(0);
        List<String> byThread = new ArrayList<>();
        for (JsonNode t : resp.get("pathByThread")) {
            byThread.add(t.get("thread").asLong() + " " + t.get("threadName").asText() + " " + t.get("cpuNs").asLong() / 1000
                    + " " + t.get("runnableNs").asLong() / 1000 + " " + t.get("ioNs").asLong() / 1000 + " "
                    + t.get("waitNs").asLong() / 1000 + " " + t.get("otherNs").asLong() / 1000);
        }
        // µs (SystemGraphTapTest): main −100..300 (100 unknown before the trace) and 1600..1800,
        // the worker 300..400 and 710..1600 (680 of it in D), binder 400..710 (runnable 400..500 from
        // the worker's transaction: the window extends, §4), RenderThread 1800..2500.
        assertThat(byThread).containsExactly(
                "1000 om.example.feed 450 50 0 0 100",
                "1020 FeedWorker 200 110 680 0 0",
                "610 binder:600_1 210 100 0 0 0",
                "1010 RenderThread 680 20 0 0 0");
        List<String> categories = new ArrayList<>();
        for (JsonNode s : resp.get("criticalPath")) {
            categories.add(s.get("category").asText());
        }
        assertThat(categories).contains("runnable", "io", "cpu", "other");
        JsonNode io = resp.get("criticalPath").get(14);
        assertThat(io.get("category").asText()).isEqualTo("io");
        assertThat(io.get("thread").asText()).isEqualTo("FeedWorker");
        assertThat(io.get("endNs").asLong() - io.get("startNs").asLong()).isEqualTo(680_000);

        String text = run("analyze", tap.toString());
        assertThat(text).contains("path by thread (ms):")
                .containsPattern("FeedWorker 1020 +0\\.200 +0\\.110 +0\\.680 +0\\.000 +0\\.000")
                .containsPattern("runnable +program-order +waiting for CPU 1");
    }
}
