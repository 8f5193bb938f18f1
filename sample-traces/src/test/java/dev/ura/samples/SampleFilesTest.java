package dev.ura.samples;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checked-in samples are exactly what the generator writes, every listed sample is bundled
 * and readable, and every file says it was generated. Run with {@code -Dura.samples.rewrite=true}
 * to rewrite the files (then review the diff).
 */
class SampleFilesTest {
    private static final Path MODULE = Path.of("").toAbsolutePath();

    @Test
    void checkedInFilesMatchTheGenerator() throws IOException {
        if (Boolean.getBoolean("ura.samples.rewrite")) {
            SampleGenerator.writeAll(MODULE);
        }
        Map<String, byte[]> files = SampleGenerator.sampleFiles();
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path file = MODULE.resolve("samples").resolve(e.getKey());
            assertThat(file).as("%s is checked in (rewrite with -Dura.samples.rewrite=true)", e.getKey()).exists();
            assertThat(Files.readAllBytes(file)).as("%s matches the generator (rewrite with -Dura.samples.rewrite=true)",
                    e.getKey()).isEqualTo(e.getValue());
        }
        assertThat(Files.readString(MODULE.resolve("expected").resolve(SampleGenerator.GROUND_TRUTH)))
                .isEqualTo(SampleGenerator.groundTruth());
    }

    @Test
    void generationIsDeterministic() {
        Map<String, byte[]> a = SampleGenerator.sampleFiles();
        Map<String, byte[]> b = SampleGenerator.sampleFiles();
        assertThat(a.keySet()).isEqualTo(b.keySet());
        a.forEach((name, bytes) -> assertThat(b.get(name)).as(name).isEqualTo(bytes));
    }

    @Test
    void everyListedSampleIsBundledAndReadable() throws Exception {
        assertThat(Samples.all()).hasSize(13 * 2 + Samples.STREAMING.size());
        for (Samples.Sample s : Samples.all()) {
            Trace trace = Samples.read(s.resource(), Progress.NONE);
            assertThat(trace.mainThread()).as(s.resource()).isPresent();
            assertThat(trace.threads().size()).as(s.resource()).isGreaterThanOrEqualTo(s.form().equals("agent-log") ? 3 : 6);
            assertThat(trace.warnings()).as(s.resource()).isEmpty();
            assertThat(trace.lastTimeNs() - trace.firstTimeNs()).as(s.resource()).isGreaterThan(500_000_000L);
            if (s.form().equals("agent-log")) {
                assertThat(trace.metadata().property("generated")).as(s.resource()).contains("SampleGenerator");
                assertThat(trace.events().size()).as(s.resource()).isGreaterThan(20);
            } else {
                assertThat(trace.metadata().property("ura-generated")).as(s.resource()).contains("SampleGenerator");
                assertThat(trace.metadata().property("ura-sample")).isEqualTo(s.name());
            }
        }
        assertThat(Samples.byFileName("news-launch.trace")).map(Samples.Sample::resource).contains(Samples.DEFAULT_RESOURCE);
    }

    @Test
    void streamingAndLegacyFormsHoldTheSameCalls() throws Exception {
        for (String name : Samples.STREAMING) {
            Trace legacy = Samples.read("/samples/" + name + ".trace", Progress.NONE);
            Trace streaming = Samples.read("/samples/" + name + "-streaming.trace", Progress.NONE);
            assertThat(streaming.metadata().variant()).isEqualTo("streaming");
            assertThat(streaming.callCount()).isEqualTo(legacy.callCount());
            assertThat(streaming.lastTimeNs()).isEqualTo(legacy.lastTimeNs());
        }
    }

    @Test
    void agentLogsLabelTheirMetaLine() {
        String log = new String(Samples.bytes("/samples/click-asynctask.jsonl"), StandardCharsets.UTF_8);
        assertThat(log.lines().findFirst()).hasValueSatisfying(first -> assertThat(first)
                .startsWith("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.notes\"").contains("\"generated\":"));
    }
}
