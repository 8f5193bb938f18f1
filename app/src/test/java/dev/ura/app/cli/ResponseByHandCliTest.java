package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code analyze --from/--to}, {@code --start/--end}, the sidecar, and the candidates when nothing is found. */
class ResponseByHandCliTest {
    /** No input: main runs onResume 10..30 ms and onLoaded 62..70 ms (times in ns below). */
    private static final String LOG = """
            {"kind":"META","version":1,"app":"com.ex"}
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"m1","name":"onResume"}
            {"ts":11000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.Load.run"}
            {"ts":20000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":30000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":62000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"m2","name":"onLoaded"}
            {"ts":63000000,"tid":1,"kind":"METHOD","ph":"B","name":"com.ex.Bind.run"}
            {"ts":69000000,"tid":1,"kind":"METHOD","ph":"E"}
            {"ts":70000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            """;

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(out);
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private Path log() throws IOException {
        return Files.writeString(dir.resolve("app.jsonl"), LOG);
    }

    @Test
    void noResponseListsWhatWasLookedForAndTheNearestCandidates() throws IOException {
        Path f = log();
        Run json = run("analyze", f.toString(), "--json");
        assertThat(json.exit()).isZero();
        JsonNode doc = json.json();
        assertThat(doc.path("responses")).isEmpty();
        assertThat(doc.path("noResponseReason").asText()).contains("USER_INPUT");
        assertThat(doc.path("candidates").get(0).path("name").asText()).isEqualTo("onResume");
        assertThat(doc.path("candidates").get(0).path("startNs").asLong()).isEqualTo(10_000_000L);
        assertThat(doc.path("candidates").get(0).path("durationNs").asLong()).isEqualTo(20_000_000L);
        assertThat(doc.path("candidates").get(1).path("name").asText()).isEqualTo("onLoaded");
        Run text = run("analyze", f.toString());
        assertThat(text.out()).contains("nearest candidates").contains("--from 10000000 --to 30000000");
    }

    @Test
    void aWindowSetByHandIsAnalysedMarkedAndSavedInTheSidecar() throws IOException {
        Path f = log();
        Run r = run("analyze", f.toString(), "--json", "--from", "10000000", "--to", "70000000");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode resp = r.json().path("responses").get(0);
        assertThat(resp.path("setByHand").asBoolean()).isTrue();
        assertThat(resp.path("startNs").asLong()).isEqualTo(10_000_000L);
        assertThat(resp.path("endNs").asLong()).isEqualTo(70_000_000L);
        assertThat(resp.path("durationNs").asLong()).isEqualTo(60_000_000L);
        assertThat(resp.path("criticalPath")).isNotEmpty();
        Path sidecar = dir.resolve("app.jsonl.ura.json");
        assertThat(new ObjectMapper().readTree(sidecar.toFile()).path("responseByHand").path("fromNs").asLong())
                .isEqualTo(10_000_000L);

        Run again = run("analyze", f.toString(), "--json");
        assertThat(again.json().path("responses").get(0).path("setByHand").asBoolean()).isTrue();
        assertThat(again.err()).contains("set by hand").contains("--detect");
        Run detected = run("analyze", f.toString(), "--json", "--detect");
        assertThat(detected.json().path("responses")).isEmpty();

        Run text = run("analyze", f.toString());
        assertThat(text.out()).contains("set by hand (--from 10000000 --to 70000000)");
    }

    @Test
    void patternsSetTheResponseFromSlices() throws IOException {
        Run r = run("analyze", log().toString(), "--json", "--start", "com.ex.Load.*", "--end", "com.ex.Bind.run");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode resp = r.json().path("responses").get(0);
        assertThat(resp.path("startNs").asLong()).isEqualTo(11_000_000L);
        assertThat(resp.path("endNs").asLong()).isEqualTo(69_000_000L);
        assertThat(resp.path("trigger").asText()).isEqualTo("com.ex.Load.run");
    }

    @Test
    void badDefinitionsAreUsageErrorsNamingWhatWasWrong() throws IOException {
        Path f = log();
        Run nothing = run("analyze", f.toString(), "--start", "com.ex.Nope", "--end", "com.ex.Bind.run");
        assertThat(nothing.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(nothing.err()).contains("no slice matches --start com.ex.Nope").doesNotContain("Exception");
        Run half = run("analyze", f.toString(), "--from", "10");
        assertThat(half.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(half.err()).contains("--from and --to go together");
        Run both = run("analyze", f.toString(), "--from", "10", "--to", "20", "--start", "a", "--end", "b");
        assertThat(both.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(Files.exists(dir.resolve("app.jsonl.ura.json"))).isFalse();
    }
}
