package dev.ura.app.ui.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessChoicesTest {

    @Test
    void theAppComesFirstThenProcessesBySlicesThenAll() throws Exception {
        Trace trace = TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
        List<ProcessChoices.Choice> c = ProcessChoices.of(trace);
        assertThat(c).extracting(ProcessChoices.Choice::pid).containsExactly(1000L, 600L, 500L, -1L);
        assertThat(c.get(0).label()).isEqualTo("com.example.feed (1000, 5 threads) · app");
        int binder = trace.system().threadIndex(SystemScenarios.BINDER);
        assertThat(ProcessChoices.shows(trace, c.get(0), binder)).isFalse();
        assertThat(ProcessChoices.shows(trace, c.get(1), binder)).isTrue();
        assertThat(ProcessChoices.shows(trace, c.get(3), binder)).isTrue();
    }
}
