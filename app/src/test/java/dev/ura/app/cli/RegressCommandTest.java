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
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class RegressCommandTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private Path csv(String name, double[] values) throws Exception {
        StringBuilder sb = new StringBuilder("run,value\n");
        for (int i = 0; i < values.length; i++) {
            sb.append(String.format(Locale.ROOT, "c%03d,%s%n", i, values[i]));
        }
        return Files.writeString(dir.resolve(name), sb);
    }

    private static double[] jitter(int n, double level) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level + ((i * 7) % 5 - 2) * 0.5;
        }
        return v;
    }

    @Test
    void flatSeriesExitsZero() throws Exception {
        Run r = run("regress", csv("flat.csv", jitter(80, 100)).toString());
        assertThat(r.exit()).isEqualTo(0);
        assertThat(r.out()).contains("value: 80 runs, verdict on runs 40..79: ok", "anomalies: none",
                "change points: none");
    }

    @Test
    void levelShiftInTheWindowExitsThreeWithJson() throws Exception {
        double[] v = jitter(70, 100);
        for (int i = 35; i < v.length; i++) {
            v[i] += 5;
        }
        Run r = run("regress", csv("shift.csv", v).toString(), "--json");
        assertThat(r.exit()).isEqualTo(3);
        JsonNode m = new ObjectMapper().readTree(r.out()).get("metrics").get(0);
        assertThat(m.get("metric").asText()).isEqualTo("value");
        assertThat(m.get("points").asInt()).isEqualTo(70);
        JsonNode cp = m.get("changePoints").get(0);
        assertThat(cp.get("index").asInt()).isBetween(33, 37);
        assertThat(cp.get("run").asText()).isEqualTo(String.format("c%03d", cp.get("index").asInt()));
        assertThat(cp.get("before").asDouble()).isLessThan(cp.get("after").asDouble());
        assertThat(cp.get("pValue").asDouble()).isLessThan(0.05);
        assertThat(m.get("regressed").asBoolean()).isTrue();
    }

    @Test
    void spikeIsAnAnomalyWithItsFigures() throws Exception {
        double[] v = jitter(60, 100);
        v[59] = 110;
        Run r = run("regress", csv("spike.csv", v).toString(), "--json");
        assertThat(r.exit()).isEqualTo(3);
        JsonNode a = new ObjectMapper().readTree(r.out()).get("metrics").get(0).get("anomalies");
        assertThat(a).hasSize(1);
        assertThat(a.get(0).get("index").asInt()).isEqualTo(59);
        assertThat(a.get(0).get("run").asText()).isEqualTo("c059");
        assertThat(a.get(0).get("value").asDouble()).isEqualTo(110);
        assertThat(a.get(0).get("sigmas").asDouble()).isGreaterThan(4);
    }

    @Test
    void optionsReachTheAlgorithms() throws Exception {
        Path p = SharedFiles.require("regression/mongo_random_ish60.csv");
        Run r = run("regress", p.toString(), "--json", "--min-size", "1", "--alpha", "0.01", "--permutations", "100",
                "--seed", "7", "--window", "10");
        JsonNode m = new ObjectMapper().readTree(r.out()).get("metrics").get(0);
        assertThat(m.get("changePoints").findValuesAsText("index")).containsExactly("20", "40");
        assertThat(r.exit()).isEqualTo(0);
    }

    @Test
    void metricSelectsOneSeriesAndUnknownMetricIsUsage() throws Exception {
        Path p = Files.writeString(dir.resolve("m.csv"), "run,metric,value\na,x,1\na,y,2\nb,x,1\nb,y,2\n");
        Run r = run("regress", p.toString(), "--json", "--metric", "y");
        assertThat(new ObjectMapper().readTree(r.out()).get("metrics")).hasSize(1);
        Run bad = run("regress", p.toString(), "--metric", "z");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("no metric 'z'", "x, y");
    }

    @Test
    void badInputAndUsage() throws Exception {
        Path p = Files.writeString(dir.resolve("bad.csv"), "run,value\na,1\nb,oops\n");
        Run warned = run("regress", p.toString());
        assertThat(warned.exit()).isEqualTo(0);
        assertThat(warned.out()).contains("warning: " + p + ": line 3: value is not a number: 'oops', skipped");
        Path noHeader = Files.writeString(dir.resolve("nohead.csv"), "1\n");
        Run bad = run("regress", noHeader.toString());
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.err()).startsWith("ura: " + noHeader + ": line 1:").doesNotContain("Exception");
        assertThat(run("regress", dir.resolve("missing.csv").toString()).exit()).isEqualTo(1);
        assertThat(run("regress", p.toString(), "--alpha", "2").exit()).isEqualTo(2);
        assertThat(run("regress", p.toString(), "--window", "x").exit()).isEqualTo(2);
    }

    @Test
    void hunterMethodIsDeterministicOtava() throws Exception {
        Path p = SharedFiles.require("regression/otava_single_series20.csv");
        Run r = run("regress", p.toString(), "--json", "--method", "hunter", "--alpha", "0.0001");
        JsonNode m = new ObjectMapper().readTree(r.out()).get("metrics").get(0);
        assertThat(m.get("changePoints").findValuesAsText("index")).containsExactly("10");
        assertThat(m.get("changePoints").get(0).get("pValue").asDouble()).isLessThan(0.0001);
        assertThat(r.exit()).isEqualTo(0);
        assertThat(run("regress", p.toString(), "--method", "pelt").exit()).isEqualTo(2);
    }
}
