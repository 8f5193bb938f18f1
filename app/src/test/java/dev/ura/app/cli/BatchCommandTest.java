package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ura batch} and {@code ura store} on real DuckDB, over the bundled samples. */
class BatchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SAMPLES = List.of("news-launch.trace", "forum-feed.jsonl",
            "click-asynctask-streaming.trace", "system/feed-tap.perfetto-trace");

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private Path traces() throws Exception {
        Path t = Files.createDirectories(dir.resolve("traces"));
        for (String s : SAMPLES) {
            Files.write(t.resolve(Path.of(s).getFileName().toString()), dev.ura.samples.Samples.bytes("/samples/" + s));
        }
        return t;
    }

    private JsonNode sql(Path store, String query) throws Exception {
        Run r = run("store", "sql", store.toString(), query, "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    @Test
    void storesWhatAnalyzePrintsAndSkipsOnRerun() throws Exception {
        Path traces = traces();
        Path store = dir.resolve("store");
        Run first = run("batch", traces.toString(), "--store", store.toString(), "--tag", "scenario=feed", "--jobs", "2");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).contains("4 traces: 4 stored, 0 already stored, 0 failed");

        for (String s : SAMPLES) {
            Path file = traces.resolve(Path.of(s).getFileName().toString());
            Run analyze = run("analyze", file.toString(), "--json");
            assertThat(analyze.exit()).isZero();
            JsonNode expected = JSON.readTree(analyze.out()).get("responses");
            JsonNode stored = sql(store, "SELECT response, trigger, start_ns, end_ns, duration_ns, finished, end_reason,"
                    + " drawn_at_ns, on_screen_at_ns FROM responses JOIN runs ON hash = run_hash WHERE file = '"
                    + file + "' ORDER BY response");
            assertThat(stored.size()).as(s).isEqualTo(expected.size()).isPositive();
            for (int i = 0; i < expected.size(); i++) {
                JsonNode e = expected.get(i);
                JsonNode g = stored.get(i);
                assertThat(g.get("trigger").asText()).isEqualTo(e.get("trigger").asText());
                assertThat(g.get("start_ns").asLong()).isEqualTo(e.get("startNs").asLong());
                assertThat(g.get("end_ns").asLong()).isEqualTo(e.get("endNs").asLong());
                assertThat(g.get("duration_ns").asLong()).isEqualTo(e.get("durationNs").asLong());
                assertThat(g.get("finished").asBoolean()).isEqualTo(e.get("finished").asBoolean());
                assertThat(g.get("end_reason").asText()).isEqualTo(e.get("end").get("kind").asText());
                if (e.has("drawnAtNs")) {
                    assertThat(g.get("drawn_at_ns").isNull()).isEqualTo(e.get("drawnAtNs").isNull());
                    assertThat(g.get("on_screen_at_ns").asLong()).isEqualTo(e.get("onScreenAtNs").asLong());
                }
                // Category totals: the summed lengths of analyze's own critical-path segments.
                Map<String, Long> byCategory = new HashMap<>();
                for (JsonNode seg : e.get("criticalPath")) {
                    byCategory.merge(seg.get("category").asText(),
                            seg.get("endNs").asLong() - seg.get("startNs").asLong(), Long::sum);
                }
                JsonNode totals = sql(store, "SELECT category, total_ns FROM path_categories JOIN runs ON hash ="
                        + " run_hash WHERE file = '" + file + "' AND response = " + i);
                assertThat(totals.size()).isEqualTo(byCategory.size());
                for (JsonNode t : totals) {
                    assertThat(t.get("total_ns").asLong()).isEqualTo(byCategory.get(t.get("category").asText()));
                }
                JsonNode findings = sql(store, "SELECT count(*) AS n FROM findings JOIN runs ON hash = run_hash"
                        + " WHERE file = '" + file + "' AND response = " + i);
                assertThat(findings.get(0).get("n").asInt()).isEqualTo(e.get("findings").size());
            }
        }
        JsonNode tags = sql(store, "SELECT count(*) AS n FROM tags WHERE key = 'scenario' AND value = 'feed'");
        assertThat(tags.get(0).get("n").asInt()).isEqualTo(4);
        JsonNode system = sql(store, "SELECT format, app FROM runs WHERE file LIKE '%feed-tap.perfetto-trace'");
        assertThat(system.get(0).get("format").asText()).isNotBlank();

        Run again = run("batch", traces.toString(), "--store", store.toString(), "--tag", "scenario=feed");
        assertThat(again.exit()).isZero();
        assertThat(again.out()).contains("4 traces: 0 stored, 4 already stored, 0 failed");
        assertThat(sql(store, "SELECT count(*) AS n FROM responses").get(0).get("n").asInt())
                .isEqualTo(sql(store, "SELECT sum(responses) AS n FROM runs").get(0).get("n").asInt());
    }

    @Test
    void aBadFileFailsAloneAndTheBatchGoesOn() throws Exception {
        Path traces = traces();
        Files.writeString(traces.resolve("broken.trace"), "*version\nnot a trace\n");
        Path store = dir.resolve("store");
        Run r = run("batch", traces.toString(), "--store", store.toString(), "--json");
        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("broken.trace");
        JsonNode summary = JSON.readTree(r.out());
        assertThat(summary.get("stored").asInt()).isEqualTo(4);
        assertThat(summary.get("failed").asInt()).isEqualTo(1);
        assertThat(summary.get("failures").get(0).get("file").asText()).endsWith("broken.trace");
        assertThat(sql(store, "SELECT count(*) AS n FROM runs").get(0).get("n").asInt()).isEqualTo(4);
    }

    @Test
    void exportsParquetSplitByTag() throws Exception {
        Path traces = traces();
        Path store = dir.resolve("store");
        assertThat(run("batch", traces.resolve("news-launch.trace").toString(), "--store", store.toString(), "--tag",
                "scenario=launch").exit()).isZero();
        assertThat(run("batch", traces.resolve("forum-feed.jsonl").toString(), "--store", store.toString(), "--tag",
                "scenario=feed").exit()).isZero();
        Path out = dir.resolve("parquet");
        Run r = run("store", "export", store.toString(), "--parquet", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(out.resolve("responses/tag_scenario=launch")).isDirectory();
        assertThat(out.resolve("responses/tag_scenario=feed")).isDirectory();
        // Read back through DuckDB's Parquet reader: the same rows as the store's table.
        JsonNode back = sql(store, "SELECT tag_scenario, count(*) AS n FROM read_parquet('" + out
                + "/responses/*/*.parquet', hive_partitioning = true) GROUP BY 1 ORDER BY 1");
        JsonNode stored = sql(store, "SELECT value AS tag_scenario, count(*) AS n FROM responses JOIN tags ON"
                + " tags.run_hash = responses.run_hash GROUP BY 1 ORDER BY 1");
        assertThat(back).isEqualTo(stored);
        assertThat(run("store", "export", store.toString(), "--parquet", out.toString()).exit())
                .isEqualTo(UraCommand.EXIT_BAD_INPUT);
    }

    @Test
    void usageAndStoreErrors() throws Exception {
        Path store = dir.resolve("store");
        assertThat(run("batch", dir.resolve("none").toString(), "--store", store.toString()).exit())
                .isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(run("batch", traces().toString(), "--store", store.toString(), "--tag", "bad key=1").exit())
                .isEqualTo(UraCommand.EXIT_USAGE);
        Run noStore = run("store", "sql", dir.resolve("nostore").toString(), "SELECT 1");
        assertThat(noStore.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(noStore.err()).contains("no run store here");
        assertThat(run("batch", traces().resolve("game-menu.trace").toString(), "--store", store.toString()).exit())
                .isEqualTo(UraCommand.EXIT_USAGE); // not copied: no trace found
        assertThat(run("batch", traces().resolve("news-launch.trace").toString(), "--store", store.toString()).exit())
                .isZero();
        Run badSql = run("store", "sql", store.toString(), "SELECT nope FROM runs");
        assertThat(badSql.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(badSql.err()).startsWith("ura: ").doesNotContain("\tat ");
        Run table = run("store", "sql", store.toString(), "SELECT responses, format FROM runs");
        assertThat(table.out()).contains("responses  format", "(1 row)");
    }
}
