package dev.ura.trace.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled system-trace samples ({@code sample-traces/samples/system/}) are exactly what
 * {@link PerfettoTraceWriter} writes (compact scheduler events, as modern devices record) for
 * {@link SystemScenarios#tap()} ({@code feed-tap.perfetto-trace}) and
 * {@link ClickWorkerNetworkScenario} ({@code news-click.perfetto-trace}: a click, a worker waiting
 * on the network, an animation throughout). Rewrite with {@code -Dura.samples.rewrite=true}.
 */
class SystemSampleFileTest {
    static final Path DIR = Path.of("..", "sample-traces", "samples", "system");

    static Stream<Arguments> samples() {
        return Stream.of(Arguments.of("feed-tap.perfetto-trace", SystemScenarios.tap(), 1),
                Arguments.of("news-click.perfetto-trace", ClickWorkerNetworkScenario.script(), 5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void checkedInSampleMatchesTheWriterAndReads(String file, SystemTraceScript script, int frames) throws Exception {
        Path sample = DIR.resolve(file);
        byte[] bytes = PerfettoTraceWriter.write(script, PerfettoTraceWriter.Options.plain().withCompact());
        if (Boolean.getBoolean("ura.samples.rewrite")) {
            Files.createDirectories(sample.getParent());
            Files.write(sample, bytes);
        }
        assertThat(Files.readAllBytes(sample)).as("rewrite with -Dura.samples.rewrite=true").isEqualTo(bytes);
        Trace t = TraceFiles.read(sample);
        assertThat(t.metadata().format()).isEqualTo("perfetto");
        assertThat(t.system().frames()).hasSize(frames);
    }
}
