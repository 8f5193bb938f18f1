package dev.ura.app.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.cli.UraCommand;
import dev.ura.samples.Samples;
import dev.ura.samples.scenarios.Scenario;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the command line on every checked-in sample: {@code ura info} opens it, {@code ura analyze
 * --json} gives the responses of its golden file, and for an original, {@code ura analyze --json}
 * with each fix's what-if flags gives the golden estimate.
 */
class SampleAnalyzeCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void infoOpensEverySample() {
        for (Samples.Sample s : Samples.all()) {
            Result r = run("info", "--json", file(s).toString());
            assertThat(r.exit).as(r.err).isZero();
            assertThat(r.out).contains("\"format\"");
        }
    }

    @Test
    void analyzeGivesTheDocumentedResponses() throws IOException {
        for (Samples.Sample s : Samples.all()) {
            JsonNode golden = golden(s).get("responses");
            JsonNode actual = analyze(file(s)).get("responses");
            assertThat(actual.size()).as(s.fileName()).isEqualTo(golden.size());
            for (int i = 0; i < golden.size(); i++) {
                for (String field : List.of("trigger", "thread", "startNs", "endNs", "durationNs", "finished")) {
                    assertThat(actual.get(i).get(field)).as(s.fileName() + " " + field).isEqualTo(golden.get(i).get(field));
                }
                assertThat(actual.get(i).get("end")).as(s.fileName() + " end").isEqualTo(golden.get(i).get("end"));
            }
        }
    }

    @Test
    void analyzeWithTheFixFlagsGivesTheGoldenEstimate() throws IOException {
        for (Scenario sc : Samples.scenarios()) {
            for (String ext : List.of("trace", "jsonl")) {
                Samples.Sample s = Samples.byFileName(sc.name() + "." + ext).orElseThrow();
                JsonNode whatIfs = SampleRuns.caseStudy(golden(s)).get("whatIf");
                for (int f = 0; f < sc.fixes().size(); f++) {
                    List<String> args = new ArrayList<>(List.of(sc.fixes().get(f).whatIf().arguments()));
                    JsonNode estimate = SampleRuns.caseStudy(analyze(file(s), args.toArray(new String[0]))).get("whatIf");
                    assertThat(estimate).as(s.fileName() + " " + args).isNotNull();
                    assertThat(estimate.get("estimatedDurationNs").asLong()).as(s.fileName() + " " + args)
                            .isEqualTo(whatIfs.get(f).get("estimatedDurationNs").asLong());
                }
            }
        }
    }

    private static Path file(Samples.Sample s) {
        return SampleRuns.MODULE.resolve("samples").resolve(s.fileName());
    }

    private static JsonNode golden(Samples.Sample s) throws IOException {
        return JSON.readTree(Files.readString(SampleRuns.MODULE.resolve("expected").resolve(s.fileName() + ".json")));
    }

    private static JsonNode analyze(Path file, String... whatIf) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", file.toString(), "--json"));
        args.addAll(List.of(whatIf));
        Result r = run(args.toArray(new String[0]));
        assertThat(r.exit).as(r.err).isZero();
        return JSON.readTree(r.out);
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }
}
