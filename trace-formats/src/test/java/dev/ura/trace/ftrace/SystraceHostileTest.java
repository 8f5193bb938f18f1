package dev.ura.trace.ftrace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystraceWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SystraceHostileTest {
    private static final byte[] TEXT = SystraceWriter.text(SystemScenarios.tap(), true).getBytes(StandardCharsets.UTF_8);

    private static Trace read(String name, byte[] b) throws TraceFormatException {
        return TraceFiles.read(name, ByteBuffer.wrap(b), null);
    }

    @Test
    void aHeaderWithoutEventsIsOneClearLine() {
        byte[] b = "# tracer: nop\n#\n# entries-in-buffer/entries-written: 0/0   #P:8\n".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> read("empty.txt", b)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("empty.txt: no ftrace event lines");
    }

    @Test
    void htmlWithoutTraceTextIsOneClearLine() {
        byte[] b = "<!DOCTYPE html><html><body>nothing</body></html>".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> read("page.html", b)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("systrace HTML without ftrace text");
    }

    @Test
    void junkLinesAndCutLinesAreWarnedAboutByLineNumber() throws Exception {
        String text = new String(TEXT, StandardCharsets.UTF_8);
        String bad = text.replaceFirst("\n", "\nthis is not an event\n") + "     RenderThread-1010  ( 1000) [001] d..2  10.0";
        Trace t = read("junk.txt", bad.getBytes(StandardCharsets.UTF_8));
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("line 2: not an ftrace event line"));
        assertThat(t.warnings()).anyMatch(w -> w.contains("not an ftrace event line") && w.contains("RenderThread-1010"));
        assertThat(t.system().frames()).hasSize(1);
    }

    @Test
    void unparsableArgumentsAndPayloadsAreCounted() throws Exception {
        String text = new String(TEXT, StandardCharsets.UTF_8)
                + "  FeedWorker-1020  ( 1000) [001] d..2 10.003000: sched_switch: garbage\n"
                + "  FeedWorker-1020  ( 1000) [001] ...1 10.003001: tracing_mark_write: Q|what\n";
        Trace t = read("args.txt", text.getBytes(StandardCharsets.UTF_8));
        assertThat(t.warnings()).contains("1 event lines whose arguments do not parse (skipped)",
                "1 atrace payloads that do not parse (skipped)");
    }

    @Test
    void randomCorruptionNeverEscapesAsAnythingButAFormatError() {
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            byte[] b = TEXT.clone();
            for (int i = 0; i < 1 + r.nextInt(20); i++) {
                b[r.nextInt(b.length)] = (byte) " -|:[]()0123456789BESFC\n".charAt(r.nextInt(24));
            }
            b = Arrays.copyOf(b, 1 + r.nextInt(b.length));
            try {
                read("fuzz.txt", b);
            } catch (TraceFormatException e) {
                assertThat(e.getMessage()).doesNotContain("\n");
            }
        }
    }
}
