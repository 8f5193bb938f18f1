package dev.ura.trace.system;

import dev.ura.trace.chrome.ChromeJsonWriter;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class SystemToChromeJsonTest {

    @Test
    void eachThreadIsWrittenUnderItsOwnProcessAndSlicesSurvive() throws Exception {
        Trace t = TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ChromeJsonWriter(t).write(out);
        String json = out.toString(StandardCharsets.UTF_8);
        assertThat(json).contains("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":600,\"tid\":0,\"args\":{\"name\":\"system_server\"}}");
        assertThat(json).contains("\"pid\":600,\"tid\":610");
        assertThat(json).contains("\"pid\":1000,\"tid\":1020");
        Trace back = TraceFiles.read("tap.json", ByteBuffer.wrap(out.toByteArray()), null);
        assertThat(back.callCount()).isEqualTo(t.callCount());
    }
}
