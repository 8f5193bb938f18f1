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

    private static final String SWITCH_IN = "          <idle>-0     [000] d..3   100.000100: sched_switch:"
            + " prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=7 next_prio=120";
    private static final String SWITCH_OUT = "               a-7     [000] d..3   100.000300: sched_switch:"
            + " prev_comm=a prev_pid=7 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120";

    @Test
    void aTraceDataPartNeverClosedIsReadToTheEndWithAWarning() throws Exception {
        // The file stops after the second event line: no </script>, no </html>. Both lines are
        // events (ftrace.events 2); a 0.2 ms run of thread 7 between them.
        String html = "<!DOCTYPE html>\n<html>\n<script class=\"trace-data\" type=\"application/text\">\n"
                + "# tracer: nop\n" + SWITCH_IN + "\n" + SWITCH_OUT + "\n";
        Trace t = read("cut.html", html.getBytes(StandardCharsets.UTF_8));
        assertThat(t.metadata().properties()).containsEntry("ftrace.events", "2");
        assertThat(t.warnings()).containsExactly(
                "the HTML ends inside its trace text (no closing </script>): the file may be cut short");
        // The same part closed: no warning.
        Trace closed = read("whole.html", (html + "</script>\n</html>\n").getBytes(StandardCharsets.UTF_8));
        assertThat(closed.warnings()).isEmpty();
    }

    @Test
    void aLegacyStringCutInsideALineIsReadToTheCutWithWarnings() throws Exception {
        // catapult's legacy string cut in the middle of its third event line, 56 bytes in, at
        // "100.000500: sched_sw": physical lines 1 <html><script>, 2 the string's start, 3 the
        // header, 4 and 5 the two whole events, 6 the cut one. Its event name has no ':' after it,
        // so line 6 is not an event line (skipped, quoted); the string never reaches its quote.
        String cut = SWITCH_IN.replace("100.000100", "100.000500").substring(0, 56);
        assertThat(cut).endsWith("100.000500: sched_sw");
        String html = "<html><script>\n  var linuxPerfData = \"\\\n# tracer: nop\\n\\\n" + SWITCH_IN + "\\n\\\n"
                + SWITCH_OUT + "\\n\\\n" + cut;
        Trace t = read("cut-legacy.html", html.getBytes(StandardCharsets.UTF_8));
        assertThat(t.metadata().variant()).isEqualTo("legacy-html");
        assertThat(t.metadata().properties()).containsEntry("ftrace.events", "2");
        assertThat(t.warnings()).containsExactly(
                "line 6: not an ftrace event line (skipped): " + cut,
                "the HTML ends inside its trace text (no closing quote of linuxPerfData): the file may be cut short");
    }

    @Test
    void aCompressedTraceDataPartIsOneClearLine() {
        // A trace-data part holding a zlib stream (0x78 0x9C ...) instead of text: no ftrace text in
        // the HTML, said in one line naming the file.
        byte[] z = deflate(("# tracer: nop\n" + SWITCH_IN + "\n").getBytes(StandardCharsets.UTF_8));
        byte[] head = "<!DOCTYPE html>\n<html>\n<script class=\"trace-data\" type=\"application/text\">\n"
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\n</script>\n</html>\n".getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[head.length + z.length + tail.length];
        System.arraycopy(head, 0, b, 0, head.length);
        System.arraycopy(z, 0, b, head.length, z.length);
        System.arraycopy(tail, 0, b, head.length + z.length, tail.length);
        assertThatThrownBy(() -> read("zipped.html", b)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("zipped.html: systrace HTML without ftrace text")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static byte[] deflate(byte[] in) {
        java.util.zip.Deflater d = new java.util.zip.Deflater();
        d.setInput(in);
        d.finish();
        byte[] out = new byte[in.length + 64];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
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
