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

/** {@code analyze} what-if patterns: {@code METHOD:name}, and a pattern that matches nothing (exit 2). */
class WhatIfPatternCliTest {
    /** Click 0–10 ms; a worker runs com.ex.Load.fetch 10–160 ms and posts; view 7 drawn 180–185 ms. */
    static final String LOG = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"ts":0,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
            {"ts":5000000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor","target_tid":12}
            {"ts":10000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":10000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"run"}
            {"ts":10000000,"tid":12,"kind":"METHOD","ph":"B","name":"com.ex.Load.fetch"}
            {"ts":160000000,"tid":12,"kind":"METHOD","ph":"E"}
            {"ts":165000000,"tid":12,"kind":"SEND_MSG","obj":"b","via":"handler","target_tid":1}
            {"ts":170000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":170000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b","name":"handleMessage"}
            {"ts":172000000,"tid":1,"kind":"INVALIDATE","view":7}
            {"ts":175000000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":180000000,"tid":1,"kind":"DRAW","ph":"B","view":7}
            {"ts":185000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void aMethodPatternWithItsKindMatchesTheAgentLogsMethodInterval(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("load.jsonl"), LOG);

        Run r = run("analyze", log.toString(), "--json", "--defer", "METHOD:com.ex.Load.fetch");

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode whatIf = new ObjectMapper().readTree(r.out()).path("responses").get(0).path("whatIf");
        // 150 ms of fetch no longer delay the post: end 185 → 35 ms
        assertThat(whatIf.path("savedNs").asLong()).isEqualTo(150_000_000L);
        assertThat(whatIf.path("estimatedEndNs").asLong()).isEqualTo(35_000_000L);
        assertThat(whatIf.has("unmatched")).isFalse();
    }

    @Test
    void aPatternThatMatchesNothingIsBadUsageNamingIt(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("load.jsonl"), LOG);

        for (String[] flag : new String[][] {{"--defer", "com.ex.Nope.*"}, {"--parallel", "METHOD:Load.fetch"},
                {"--speedup", "WRITE=2"}}) {
            Run r = run("analyze", log.toString(), "--json", flag[0], flag[1]);

            assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
            String pattern = flag[0].equals("--speedup") ? "WRITE" : flag[1];
            assertThat(r.err()).contains(flag[0] + " '" + pattern + "' matches nothing").contains("load.jsonl")
                    .doesNotContain("Exception");
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void oneUnmatchedPatternAmongMatchedOnesStillFails(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("load.jsonl"), LOG);

        Run r = run("analyze", log.toString(), "--defer", "*Load.fetch", "--defer", "*Load.parse");

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("--defer '*Load.parse' matches nothing");
    }
}
