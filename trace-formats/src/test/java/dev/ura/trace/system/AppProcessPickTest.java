package dev.ura.trace.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemTraceScript;
import dev.ura.trace.testing.SystraceWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trace's app is the process whose thread handled the most inputs, not the first to handle one
 * (the shape of a Xiaomi launcher capture, where a widget process took one touch of a long scroll).
 */
class AppProcessPickTest {

    /**
     * Process 3000 ("widget", listed and seen first) handles one input at 100–200 µs; process 4000
     * ("launcher") handles three, at 300–400, 500–600 and 700–800. The app is 4000.
     */
    @Test
    void theAppIsTheProcessWhoseThreadHandledTheMostInputs() throws Exception {
        SystemTraceScript s = new SystemTraceScript().process(3000, "com.example.widget")
                .process(4000, "com.example.launcher");
        s.print(0, t(100), 3000, "widget", "B|3000|deliverInputEvent src=0x1002 id=0x1");
        s.print(0, t(200), 3000, "widget", "E|3000");
        for (long at = 300; at <= 700; at += 200) {
            s.print(1, t(at), 4000, "launcher", "B|4000|deliverInputEvent src=0x1002 id=0x2");
            s.print(1, t(at + 100), 4000, "launcher", "E|4000");
        }
        Trace trace = TraceFiles.read("apps.txt",
                ByteBuffer.wrap(SystraceWriter.text(s, true).getBytes(StandardCharsets.UTF_8)), null);
        assertThat(trace.mainThread()).get().extracting(th -> th.id()).isEqualTo(4000L);
        assertThat(trace.metadata().pid()).isEqualTo(4000L);
    }
}
