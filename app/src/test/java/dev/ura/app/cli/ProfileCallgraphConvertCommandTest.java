package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileCallgraphConvertCommandTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run ura(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    /** main: a (2 calls, one nested recursion), b; worker: b. Times in µs in the file. */
    private Path chromeTrace() throws Exception {
        return Files.writeString(dir.resolve("t.json"), """
                {"traceEvents":[
                {"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"main"}},
                {"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"worker"}},
                {"ph":"X","name":"app.Main.run","pid":1,"tid":1,"ts":0,"dur":100},
                {"ph":"X","name":"app.A.a","pid":1,"tid":1,"ts":10,"dur":40},
                {"ph":"X","name":"app.A.a","pid":1,"tid":1,"ts":20,"dur":10},
                {"ph":"X","name":"app.B.b","pid":1,"tid":1,"ts":60,"dur":30,"args":{"signature":"(I)V"}},
                {"ph":"X","name":"app.B.b","pid":1,"tid":2,"ts":0,"dur":5,"args":{"signature":"(I)V"}}
                ]}
                """);
    }

    @Test
    void profileJsonIsTheContractsShape() throws Exception {
        Run r = ura("profile", chromeTrace().toString(), "--thread", "main", "--json");
        assertThat(r.code()).isZero();
        JsonNode root = Json.mapper().readTree(r.out());
        List<String> fields = new ArrayList<>();
        root.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("file", "thread", "methods");
        assertThat(root.get("thread").asText()).isEqualTo("main");
        JsonNode a = root.get("methods").get(1);
        List<String> methodFields = new ArrayList<>();
        a.fieldNames().forEachRemaining(methodFields::add);
        assertThat(methodFields).containsExactly("name", "signature", "calls", "inclusiveNs", "exclusiveNs", "minNs",
                "maxNs", "meanNs");
        assertThat(a.get("name").asText()).isEqualTo("app.A.a");
        assertThat(a.get("signature").isNull()).isTrue();
        assertThat(a.get("calls").asLong()).isEqualTo(2);
        assertThat(a.get("inclusiveNs").asLong()).isEqualTo(40_000);
        assertThat(a.get("exclusiveNs").asLong()).isEqualTo(40_000);
        assertThat(a.get("minNs").asLong()).isEqualTo(10_000);
        assertThat(a.get("maxNs").asLong()).isEqualTo(40_000);
        assertThat(a.get("meanNs").asLong()).isEqualTo(25_000);
        assertThat(root.get("methods").get(2).get("signature").asText()).isEqualTo("(I)V");
    }

    @Test
    void allThreadsGiveANullThreadAndTotalsAcrossThreads() throws Exception {
        JsonNode root = Json.mapper().readTree(ura("profile", chromeTrace().toString(), "--json").out());
        assertThat(root.get("thread").isNull()).isTrue();
        JsonNode b = root.get("methods").get(2);
        assertThat(b.get("name").asText()).isEqualTo("app.B.b");
        assertThat(b.get("calls").asLong()).isEqualTo(2);
        assertThat(b.get("inclusiveNs").asLong()).isEqualTo(35_000);
    }

    @Test
    void profileCsvAndText() throws Exception {
        String csv = ura("profile", chromeTrace().toString(), "--csv").out();
        assertThat(csv.lines()).containsExactly(
                "name,signature,calls,inclusive_ns,exclusive_ns,min_ns,max_ns,mean_ns",
                "app.Main.run,,1,100000,30000,100000,100000,100000",
                "app.A.a,,2,40000,40000,10000,40000,25000",
                "app.B.b,(I)V,2,35000,35000,5000,30000,17500");
        String text = ura("profile", chromeTrace().toString()).out();
        assertThat(text).contains("name", "count", "total", "self", "mean");
        assertThat(text).containsPattern("app\\.A\\.a\\s+2\\s+40 µs\\s+40 µs\\s+25 µs\\s+10 µs\\s+40 µs");
    }

    @Test
    void checkpointReportsProfileAsBlocks() throws Exception {
        Path csv = Files.writeString(dir.resolve("r.csv"), "name,count,total_ms,min_ms,max_ms\nload,4,10,1,4\n");
        JsonNode root = Json.mapper().readTree(ura("profile", csv.toString(), "--json").out());
        JsonNode load = root.get("methods").get(0);
        assertThat(load.get("name").asText()).isEqualTo("load");
        assertThat(load.get("calls").asLong()).isEqualTo(4);
        assertThat(load.get("inclusiveNs").asLong()).isEqualTo(10_000_000);
        assertThat(load.get("meanNs").asLong()).isEqualTo(2_500_000);
        assertThat(load.get("maxNs").asLong()).isEqualTo(4_000_000);
    }

    @Test
    void unknownThreadIsAUsageError() throws Exception {
        Run r = ura("profile", chromeTrace().toString(), "--thread", "nope");
        assertThat(r.code()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("no thread 'nope'").contains("threads: main, worker");
    }

    @Test
    void badInputIsExitOneWithOneLine() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[{\"ph\":\"X\",\"name\":\"a\"}]");
        Run r = ura("profile", bad.toString());
        assertThat(r.code()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("bad.json").contains("line 1");
    }

    @Test
    void callgraphWritesDotWithFilters() throws Exception {
        Path out = dir.resolve("g.dot");
        Run r = ura("callgraph", chromeTrace().toString(), "--min-calls", "1", "--min-time", "0.025", "-o", out.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("3 methods, 2 caller -> callee edges (1 below the filters)");
        String dot = Files.readString(out);
        assertThat(dot).contains("\"app.Main.run\" -> \"app.A.a\" [label=\"1 call\\n40 µs\"");
        assertThat(dot).contains("\"app.Main.run\" -> \"app.B.b\" [label=\"1 call\\n30 µs\"");
        assertThat(dot).doesNotContain("\"app.A.a\" -> \"app.A.a\"");
        Run window = ura("callgraph", chromeTrace().toString(), "--thread", "main", "--from", "15000", "--to", "35000");
        assertThat(window.out()).contains("\"app.A.a\" -> \"app.A.a\" [label=\"1 call");
        assertThat(window.out()).doesNotContain("app.B.b");
    }

    @Test
    void convertWritesChromeJsonThatReadsBack() throws Exception {
        Path out = dir.resolve("out.json");
        Run r = ura("convert", chromeTrace().toString(), "--to", "chrome-json", "-o", out.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("5 calls on 2 threads");
        String again = ura("profile", out.toString(), "--csv").out();
        assertThat(again).isEqualTo(ura("profile", chromeTrace().toString(), "--csv").out());
        assertThat(ura("convert", chromeTrace().toString(), "--to", "svg", "-o", out.toString()).code())
                .isEqualTo(UraCommand.EXIT_USAGE);
    }

    @Test
    void anAgentLogConvertedToChromeJsonAnalysesTheSame() throws Exception {
        var res = getClass().getResourceAsStream("/dev/ura/trace/agentlog/example.jsonl");
        org.junit.jupiter.api.Assumptions.assumeTrue(res != null, "agent-log example not on the class path");
        Path log = dir.resolve("example.jsonl");
        try (res) {
            Files.write(log, res.readAllBytes());
        }
        Path json = dir.resolve("example.json");
        assertThat(ura("convert", log.toString(), "--to", "chrome-json", "-o", json.toString()).code()).isZero();
        JsonNode a = Json.mapper().readTree(ura("analyze", log.toString(), "--json").out());
        JsonNode b = Json.mapper().readTree(ura("analyze", json.toString(), "--json").out());
        assertThat(b.get("responses")).isEqualTo(a.get("responses"));
        assertThat(a.get("responses").size()).isPositive();
        String exported = Files.readString(json);
        assertThat(exported).contains("\"ph\":\"s\"").contains("\"ph\":\"f\"");
    }
}
