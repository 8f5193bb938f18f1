package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ura info} on the agent-log example of docs/agent-log-v1.md (kept in the
 * trace-formats test jar), compared with {@code src/test/resources/golden/info/agent-log-example.jsonl.json}.
 * Run with {@code -Dura.golden.rewrite=true} to rewrite it after an intended change, then review the diff.
 */
class AgentLogInfoGoldenTest {
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "info",
            "agent-log-example.jsonl.json");
    private static final boolean REWRITE = Boolean.getBoolean("ura.golden.rewrite");

    @TempDir
    Path dir;

    @Test
    void infoJsonMatchesGolden() throws IOException {
        Path file = example();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = UraCommand.run(new String[]{"info", file.toString(), "--json"}, new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertThat(err.toString()).isEmpty();
        assertThat(code).isZero();
        String actual = out.toString().replace(file.toString().replace("\\", "\\\\"), "<agent-log-example.jsonl>");
        if (REWRITE) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
        }
        assertThat(GOLDEN).as("golden file (run with -Dura.golden.rewrite=true to create)").exists();
        assertThat(actual).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void infoTextNamesTheFormatAndThreads() throws IOException {
        StringWriter out = new StringWriter();

        int code = UraCommand.run(new String[]{"info", example().toString()}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));

        assertThat(code).isZero();
        assertThat(out.toString()).contains("agent-log (jsonl), version 1").contains("AsyncTask #1");
    }

    @Test
    void aBrokenAgentLogIsExitOneWithTheLine() throws IOException {
        Path file = dir.resolve("broken.jsonl");
        Files.writeString(file, "{\"ts\":1,\"kind\":\"DRAW\"}\n");
        StringWriter err = new StringWriter();

        int code = UraCommand.run(new String[]{"info", file.toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));

        assertThat(code).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("line 1: no \"tid\"").doesNotContain("Exception");
    }

    private Path example() throws IOException {
        Path file = dir.resolve("example.jsonl");
        try (InputStream in = getClass().getResourceAsStream("/dev/ura/trace/agentlog/example.jsonl")) {
            assertThat(in).as("example in the trace-formats test jar").isNotNull();
            Files.write(file, in.readAllBytes());
        }
        return file;
    }
}
