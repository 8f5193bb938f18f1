package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ura analyze}: exit codes, error lines, and every real trace analysed without error. */
class AnalyzeCommandTest {
    /** Real files whose reading must fail (README: header-only or truncated fixtures). */
    private static final Set<String> BAD_INPUT = Set.of("perflib-header.trace", "malformed.trace", "version_2.trace");

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void anUnknownFlagIsBadUsage() {
        Run r = run("analyze", "--frobnicate", "x.trace");

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("Unknown option").contains("Usage: ura analyze");
    }

    @Test
    void aMissingFileArgumentIsBadUsage() {
        Run r = run("analyze", "--json");

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("Usage: ura analyze");
    }

    @Test
    void aBadRulesFileIsBadInputNamingTheFile(@TempDir Path dir) throws IOException {
        Path rules = dir.resolve("my-rules.json");
        Files.writeString(rules, "{\"rules\": [{\"event\": \"SEND_MSG\", \"methods\": [\"a.B.c\"]}]}");
        Path trace = dir.resolve("x.trace");
        Files.writeString(trace, "irrelevant");

        Run r = run("analyze", trace.toString(), "--rules", rules.toString());

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).startsWith("ura: " + rules + ": rule 1: SEND_MSG needs \"via\"")
                .doesNotContain("\n").doesNotContain("Exception");
    }

    @Test
    void aMissingTraceIsBadInputInOneLine(@TempDir Path dir) {
        Run r = run("analyze", dir.resolve("nope.trace").toString());

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).startsWith("ura: ").doesNotContain("\n");
    }

    @Test
    void everyRealAndroidTraceIsAnalysedOrRejectedInOneLine() throws IOException {
        Path dir = SharedFiles.require("traces/android");
        Assumptions.assumeTrue(hasReader("android-trace"), "no Android trace reader in this build");
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".trace")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(20);
        for (Path f : files) {
            Run text = run("analyze", f.toString());
            Run json = run("analyze", f.toString(), "--json");
            if (BAD_INPUT.contains(f.getFileName().toString())) {
                assertThat(text.exit()).as(f.toString()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
                assertThat(text.err().strip()).as(f.toString()).doesNotContain("\n");
                continue;
            }
            assertThat(text.exit()).as(f + ": " + text.err()).isZero();
            assertThat(json.exit()).as(f + ": " + json.err()).isZero();
            JsonNode doc = Json.mapper().readTree(json.out());
            if (doc.get("responses").isEmpty()) {
                assertThat(doc.path("noResponseReason").asText()).as(f.toString()).isNotBlank();
                assertThat(text.out()).as(f.toString()).contains("no response: ");
            }
            for (JsonNode r : doc.get("responses")) {
                assertThat(r.get("endNs").asLong()).as(f.toString()).isGreaterThanOrEqualTo(r.get("startNs").asLong());
                assertThat(r.get("durationNs").asLong())
                        .isEqualTo(r.get("endNs").asLong() - r.get("startNs").asLong());
            }
        }
    }

    @Test
    void theNoResponseReasonIsInBothForms() {
        Path f = SharedFiles.require("traces/android/jag-dmtrace.trace");
        Assumptions.assumeTrue(hasReader("android-trace"), "no Android trace reader in this build");

        Run text = run("analyze", f.toString());
        Run json = run("analyze", f.toString(), "--json");

        assertThat(text.exit()).isZero();
        assertThat(text.out()).contains("no response: no main thread");
        assertThat(json.out()).contains("\"responses\" : [ ]").contains("\"noResponseReason\" : \"no main thread");
    }

    @Test
    void theSpecExampleAsAnAgentLogFileWithAWhatIf(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(hasReader("agent-log"), "no agent-log reader in this build");
        Path log = dir.resolve("example.jsonl");
        Files.writeString(log, dev.ura.app.analysis.TraceFixtures.AGENT_LOG_EXAMPLE);

        Run plain = run("analyze", log.toString(), "--json");
        Run faster = run("analyze", log.toString(), "--json", "--speedup", "RECV=2");
        Run text = run("analyze", log.toString(), "--speedup", "RECV=2");

        assertThat(plain.exit()).as(plain.err()).isZero();
        JsonNode r = Json.mapper().readTree(plain.out()).get("responses").get(0);
        assertThat(r.get("startNs").asLong()).isEqualTo(1_000_000L);
        assertThat(r.get("endNs").asLong()).isEqualTo(104_000_000L);
        assertThat(r.get("end").get("kind").asText()).isEqualTo("DRAW");
        assertThat(r.has("whatIf")).isFalse();
        JsonNode path = r.get("criticalPath");
        assertThat(path.get(path.size() - 1).get("endNs").asLong()).isEqualTo(104_000_000L);
        JsonNode w = Json.mapper().readTree(faster.out()).get("responses").get(0).get("whatIf");
        assertThat(w.get("savedNs").asLong()).isGreaterThan(40_000_000L);
        assertThat(w.get("estimatedEndNs").asLong()).isEqualTo(104_000_000L - w.get("savedNs").asLong());
        assertThat(text.out()).contains("what if speed up RECV").contains("critical path");
    }

    private static boolean hasReader(String format) {
        for (TraceReader r : TraceFiles.readers()) {
            if (r.formatName().equals(format)) {
                return true;
            }
        }
        return false;
    }
}
