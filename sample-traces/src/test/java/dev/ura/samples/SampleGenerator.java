package dev.ura.samples;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ura.samples.emit.AgentLogEmitter;
import dev.ura.samples.emit.MethodTraceEmitter;
import dev.ura.samples.scenarios.Recording;
import dev.ura.samples.scenarios.Scenario;
import dev.ura.samples.sim.GroundTruth;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generates every bundled sample from its scenario: the method trace(s) and the agent log of each
 * original and twin, plus {@code ground-truth.json} (response starts and ends as simulated, the
 * what-if of each fix). Deterministic: the same code writes the same bytes.
 *
 * <p>Rewrite the checked-in files with
 * {@code mvn -B -o -q -pl sample-traces -am test -Dtest=SampleFilesTest -Dura.samples.rewrite=true -Dsurefire.failIfNoSpecifiedTests=false},
 * or run this class's {@code main} with the {@code sample-traces} folder as argument.
 */
public final class SampleGenerator {
    /** Name of the ground-truth file in the expected folder. */
    public static final String GROUND_TRUTH = "ground-truth.json";

    private SampleGenerator() {
    }

    /** Every sample file by name (e.g. {@code news-launch.trace}), in {@link Samples#all()} order. */
    public static Map<String, byte[]> sampleFiles() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (Scenario s : Samples.scenarios()) {
            Recording original = s.record(null);
            emit(out, s.name(), original, Samples.STREAMING.contains(s.name()));
            for (Scenario.Fix fix : s.fixes()) {
                emit(out, s.name() + "-" + fix.id(), s.record(fix), false);
            }
        }
        return out;
    }

    private static void emit(Map<String, byte[]> out, String name, Recording r, boolean streaming) {
        out.put(name + ".trace", MethodTraceEmitter.legacy(r.timeline(), name));
        if (streaming) {
            out.put(name + "-streaming.trace", MethodTraceEmitter.streaming(r.timeline(), name));
        }
        out.put(name + ".jsonl", AgentLogEmitter.write(r.timeline(), name).getBytes(StandardCharsets.UTF_8));
    }

    /** The ground truth of every sample as pretty-printed JSON. */
    public static String groundTruth() {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(text).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeStringField("generated", "dev.ura.samples.SampleGenerator: the simulation's own figures, not an analysis");
            g.writeArrayFieldStart("samples");
            for (Scenario s : Samples.scenarios()) {
                writeSample(g, s.name(), null, null, s.record(null).truth());
                for (Scenario.Fix fix : s.fixes()) {
                    writeSample(g, s.name() + "-" + fix.id(), s.name(), fix, s.record(fix).truth());
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text + "\n";
    }

    private static void writeSample(JsonGenerator g, String name, String twinOf, Scenario.Fix fix, GroundTruth truth)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        g.writeStringField("twinOf", twinOf);
        if (fix != null) {
            g.writeStringField("fix", fix.description());
            g.writeArrayFieldStart("whatIf");
            for (String a : fix.whatIf().arguments()) {
                g.writeString(a);
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("responses");
        for (GroundTruth.ResponseTruth r : truth.responses()) {
            g.writeStartObject();
            g.writeStringField("trigger", r.trigger());
            g.writeNumberField("startNs", r.startNs());
            g.writeNumberField("endNs", r.endNs());
            g.writeNumberField("durationNs", r.durationNs());
            g.writeNumberField("workEndNs", r.workEndNs());
            g.writeNumberField("workDurationNs", r.workDurationNs());
            g.writeStringField("endDraws", r.endWhat());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Writes the samples into {@code module/samples} and the ground truth into {@code module/expected}. */
    public static void writeAll(Path module) throws IOException {
        Path samples = Files.createDirectories(module.resolve("samples"));
        for (Map.Entry<String, byte[]> e : sampleFiles().entrySet()) {
            Files.write(samples.resolve(e.getKey()), e.getValue());
        }
        Path expected = Files.createDirectories(module.resolve("expected"));
        Files.writeString(expected.resolve(GROUND_TRUTH), groundTruth());
    }

    /**
     * Regenerates the files (the simulated figures land in {@code expected/ground-truth.json}).
     * Argument: the sample-traces module folder (default {@code sample-traces}).
     */
    public static void main(String[] args) throws IOException {
        writeAll(Path.of(args.length > 0 ? args[0] : "sample-traces"));
    }
}
