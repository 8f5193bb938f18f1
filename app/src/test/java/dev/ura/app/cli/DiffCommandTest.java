package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class DiffCommandTest {
    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {String.valueOf(exit), out.toString(), err.toString()};
    }

    private static String sample(Path dir, String name) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, dev.ura.samples.Samples.bytes("/samples/" + name));
        return p.toString();
    }

    private static JsonNode row(JsonNode diff, String nameEnd) {
        for (JsonNode r : diff.get("segments")) {
            if (r.get("name").asText().endsWith(nameEnd)) {
                return r;
            }
        }
        throw new AssertionError("no segment " + nameEnd);
    }

    /** The bundled expected analysis of a sample: its click response's (1, after the down's) critical path summary. */
    private static JsonNode expectedPath(String name) throws Exception {
        return new ObjectMapper().readTree(dev.ura.samples.Samples.bytes("/samples/expected/" + name + ".json"))
                .get("responses").get(1).get("criticalPath");
    }

    /** The duration of the longest-segment entry whose name ends with {@code nameEnd} in an expected path. */
    private static long longest(JsonNode expectedPath, String nameEnd) {
        for (JsonNode l : expectedPath.get("longest")) {
            if (l.get("name").asText().endsWith(nameEnd)) {
                return l.get("durationNs").asLong();
            }
        }
        throw new AssertionError("no expected segment " + nameEnd);
    }

    /**
     * Known answers from the samples' expected files (sample-traces/expected): the fix shortens the
     * SQLite insert and leaves loadNotes alone; the browser fix drops the FileUtils.sync.
     */
    @Test
    void samplesAndTheirFixedTwins(@TempDir Path dir) throws Exception {
        // response 1: response 0 is the finger's down, which only draws the pressed state
        String[] r = run("diff", sample(dir, "click-asynctask.trace"), sample(dir, "click-asynctask-fixed.trace"),
                "--json", "--response", "1");
        assertThat(r[0]).isEqualTo("0");
        JsonNode d = new ObjectMapper().readTree(r[1]);
        JsonNode a = expectedPath("click-asynctask.trace");
        JsonNode b = expectedPath("click-asynctask-fixed.trace");
        assertThat(d.get("pathANs").asLong()).isEqualTo(a.get("lengthNs").asLong());
        assertThat(d.get("pathBNs").asLong()).isEqualTo(b.get("lengthNs").asLong());
        assertThat(d.get("deltaNs").asLong()).isEqualTo(b.get("lengthNs").asLong() - a.get("lengthNs").asLong())
                .isLessThan(-100_000_000L);
        String insert = "SQLiteConnection.nativeExecuteForLastInsertedRowId";
        JsonNode query = row(d, insert);
        assertThat(query.get("change").asText()).isEqualTo("shrank");
        assertThat(query.get("aNs").asLong()).isEqualTo(longest(a, insert));
        assertThat(query.get("bNs").asLong()).isEqualTo(longest(b, insert));
        JsonNode load = row(d, "NoteStore.loadNotes");
        assertThat(load.get("change").asText()).isEqualTo("same");
        assertThat(load.get("aNs").asLong()).isEqualTo(longest(a, "NoteStore.loadNotes"));

        JsonNode browser = new ObjectMapper().readTree(run("diff", sample(dir, "browser-page.trace"),
                sample(dir, "browser-page-fixed.trace"), "--json", "--response", "1")[1]);
        JsonNode sync = row(browser, "android.os.FileUtils.sync");
        assertThat(sync.get("change").asText()).isEqualTo("vanished");
        assertThat(sync.get("aNs").asLong()).isEqualTo(longest(expectedPath("browser-page.trace"), "FileUtils.sync"));
        assertThat(row(browser, "HtmlParser.parse").get("change").asText()).isEqualTo("same");
    }

    @Test
    void aTraceAgainstItselfIsAllSame() throws Exception {
        String t = SharedFiles.require("traces/android/burroak-dmtrace.trace").toString();
        String[] r = run("diff", t, t, "--json");
        assertThat(r[0]).isEqualTo("0");
        JsonNode d = new ObjectMapper().readTree(r[1]);
        assertThat(d.get("deltaNs").asLong()).isZero();
        assertThat(d.get("pathANs").asLong()).isPositive().isEqualTo(d.get("pathBNs").asLong());
        assertThat(d.get("segments").size()).isGreaterThan(1);
        assertThat(d.get("segments").findValuesAsText("change")).containsOnly("same");
    }

    @Test
    void rowsAddUpToThePathDifference() throws Exception {
        String a = SharedFiles.require("traces/android/ff-art-trace-regular.trace").toString();
        String b = SharedFiles.require("traces/android/burroak-dmtrace.trace").toString();
        String[] r = run("diff", a, b, "--json");
        JsonNode d = new ObjectMapper().readTree(r[1]);
        long sum = 0;
        for (JsonNode row : d.get("segments")) {
            sum += row.get("deltaNs").asLong();
            assertThat(row.get("deltaNs").asLong()).isEqualTo(row.get("bNs").asLong() - row.get("aNs").asLong());
        }
        assertThat(sum).isEqualTo(d.get("deltaNs").asLong());
        assertThat(d.get("a").get("durationNs").asLong()).isPositive();
        String[] text = run("diff", a, b);
        assertThat(text[1]).contains("critical path", "vanished", "appeared");
    }

    @Test
    void missingResponseIsBadInputInOneLine(@TempDir Path dir) throws Exception {
        String none = SharedFiles.require("traces/android/jag-dmtrace.trace").toString();
        String[] r = run("diff", none, none);
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2]).startsWith("ura: " + none + ": no response 0").doesNotContain("Exception");
        String t = SharedFiles.require("traces/android/burroak-dmtrace.trace").toString();
        assertThat(run("diff", t, t, "--response", "-1")[0]).isEqualTo("2");
        assertThat(run("diff", t)[0]).isEqualTo("2");
        Path junk = Files.writeString(dir.resolve("junk.trace"), "not a trace");
        assertThat(run("diff", junk.toString(), t)[0]).isEqualTo("1");
    }

    @Test
    void regressOnAFolderOfTracesGroupsBuilds(@TempDir Path dir) throws Exception {
        String[] names = {"perflib-streaming", "ff-art-trace-streaming", "burroak-dmtrace"};
        for (int i = 0; i < names.length; i++) {
            Files.copy(SharedFiles.require("traces/android/" + names[i] + ".trace"),
                    dir.resolve("app@build-" + (i + 1) + ".trace"));
        }
        Files.copy(SharedFiles.require("traces/android/ff-art-trace-regular.trace"), dir.resolve("build-2-run-2.trace"));
        Files.copy(SharedFiles.require("traces/android/jag-dmtrace.trace"), dir.resolve("build-3-run-2.trace"));
        String[] r = run("regress", dir.toString(), "--json");
        assertThat(r[0]).isEqualTo("0");
        JsonNode d = new ObjectMapper().readTree(r[1]);
        JsonNode m = d.get("metrics").get(0);
        assertThat(m.get("metric").asText()).isEqualTo("responseNs");
        assertThat(m.get("points").asInt()).isEqualTo(3);
        assertThat(d.get("warnings").get(0).asText()).endsWith("build-3-run-2.trace: no response to measure (skipped)");
        assertThat(r[2]).contains("ura: warning:");
    }
}
