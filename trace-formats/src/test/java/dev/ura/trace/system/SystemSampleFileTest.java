package dev.ura.trace.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled system-trace sample ({@code sample-traces/samples/system/feed-tap.perfetto-trace})
 * is exactly what {@link PerfettoTraceWriter} writes for {@link SystemScenarios#tap()} (compact
 * scheduler events, as modern devices record). Rewrite with {@code -Dura.samples.rewrite=true}.
 */
class SystemSampleFileTest {
    static final Path SAMPLE = Path.of("..", "sample-traces", "samples", "system", "feed-tap.perfetto-trace");

    @Test
    void checkedInSampleMatchesTheWriterAndReads() throws Exception {
        byte[] bytes = PerfettoTraceWriter.write(SystemScenarios.tap(), PerfettoTraceWriter.Options.plain().withCompact());
        if (Boolean.getBoolean("ura.samples.rewrite")) {
            Files.createDirectories(SAMPLE.getParent());
            Files.write(SAMPLE, bytes);
        }
        assertThat(Files.readAllBytes(SAMPLE)).as("rewrite with -Dura.samples.rewrite=true").isEqualTo(bytes);
        Trace t = TraceFiles.read(SAMPLE);
        assertThat(t.metadata().format()).isEqualTo("perfetto");
        assertThat(t.system().frames()).hasSize(1);
    }
}
