package dev.ura.trace.pvtrace;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PvtraceReaderTest {
    /** No binary: names stay addresses, and no addr2line is run. */
    private static final PvtraceReader.Options NO_BINARY = new PvtraceReader.Options(null, 0, "addr2line");

    private static Trace read(String text) throws TraceFormatException {
        return new PvtraceReader(NO_BINARY).read("trace.txt",
                ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)), Progress.NONE);
    }

    private static String names(Trace t, CallTable c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.size(); i++) {
            sb.append("  ".repeat(c.depth(i))).append(t.methods().get(c.method(i)).name())
                    .append(' ').append(c.start(i)).append('-').append(c.end(i)).append('\n');
        }
        return sb.toString();
    }

    @Test
    void pvtraceBasicFormIsOneThreadInEventOrder() throws Exception {
        Trace t = read("E0x400584\nE0x4005a4\nX0x4005a4\nE0x4005a4\nX0x4005a4\nX0x400584\n");
        assertThat(t.metadata().format()).isEqualTo("pvtrace");
        assertThat(t.metadata().variant()).isEqualTo("basic");
        assertThat(t.threads()).hasSize(1);
        assertThat(t.threads().get(0).name()).isEqualTo("main");
        assertThat(t.threads().get(0).main()).isTrue();
        assertThat(names(t, t.threads().get(0).calls())).isEqualTo("""
                0x400584 0-5
                  0x4005a4 1-2
                  0x4005a4 3-4
                """);
        assertThat(t.records()).isEqualTo(6);
        assertThat(t.warnings()).first().isEqualTo(PvtraceReader.NO_TIMESTAMPS);
        assertThat(t.warnings()).anyMatch(w -> w.contains("not symbolized: no binary"));
    }

    @Test
    void extendedFormHasThreadsTimesAndFullWidthAddresses() throws Exception {
        Trace t = read("""
                # module 0x55d0c0000000 /nonexistent/prog
                E 0xffffffff81000010 0x55d0c0001234 100 1000
                E 0x55d0c0001100 0x55d0c0001010 101 1500
                E 0x55d0c0001200 0xffffffff81000020 100 2000
                X 0x55d0c0001200 0xffffffff81000020 100 2500
                X 0x55d0c0001100 0x55d0c0001010 101 4000
                X 0xffffffff81000010 0x55d0c0001234 100 9000
                """);
        assertThat(t.metadata().variant()).isEqualTo("extended");
        assertThat(t.threads()).extracting(th -> th.id()).containsExactly(100L, 101L);
        assertThat(t.threads().get(0).main()).isTrue();
        assertThat(names(t, t.threads().get(0).calls())).isEqualTo("""
                0xffffffff81000010 1000-9000
                  0x55d0c0001200 2000-2500
                """);
        assertThat(names(t, t.threads().get(1).calls())).isEqualTo("0x55d0c0001100 1500-4000\n");
        assertThat(t.warnings()).noneMatch(w -> w.equals(PvtraceReader.NO_TIMESTAMPS));
        assertThat(t.warnings()).anyMatch(w -> w.contains("cannot read binary /nonexistent/prog"));
        assertThat(t.metadata().property("module.0")).isEqualTo("0x55d0c0000000 /nonexistent/prog");
    }

    @Test
    void badLinesAreWarningsWithLineNumbersAndMissingExitsAreRepaired() throws Exception {
        Trace t = read("E0x10\nhello\nE0x20\nE0xZZ\nX0x99\nE0x30\nX0x10\n");
        assertThat(t.warnings()).contains(
                "line 2: expected E, X or # at the start of the line",
                "line 4: expected a hex function address after E",
                "line 5: exit of 0x99 without a matching entry (ignored)",
                "2 calls closed by an exit of their caller (missing exit lines)");
        assertThat(names(t, t.threads().get(0).calls())).isEqualTo("""
                0x10 0-4
                  0x20 1-4
                    0x30 3-4
                """);
    }

    @Test
    void openCallsAtTheEndAreClosedWithAWarning() throws Exception {
        Trace t = read("E 0x10 0x0 7 100\nE 0x20 0x0 7 200\n");
        assertThat(names(t, t.threads().get(0).calls())).isEqualTo("0x10 100-200\n  0x20 200-200\n");
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("2 calls still open"));
    }

    @Test
    void aFileWithoutEventsIsOneFormatException() {
        assertThatThrownBy(() -> read("# module 0x0 /bin/true\nnonsense\n"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("trace.txt")
                .hasMessageContaining("line 2: expected E, X or #");
    }

    @Test
    void sniffsEnterExitLinesAndModuleHeaders() {
        PvtraceReader r = new PvtraceReader(NO_BINARY);
        assertThat(r.canRead("E0x400584\nX0x400584\n".getBytes(StandardCharsets.US_ASCII))).isTrue();
        assertThat(r.canRead("# module 0x0 /bin/prog\n".getBytes(StandardCharsets.US_ASCII))).isTrue();
        assertThat(r.canRead("E 0x1 0x2 3 4\n".getBytes(StandardCharsets.US_ASCII))).isTrue();
        assertThat(r.canRead("name,count,total_ms\n".getBytes(StandardCharsets.US_ASCII))).isFalse();
        assertThat(r.canRead("Error: something\n".getBytes(StandardCharsets.US_ASCII))).isFalse();
        assertThat(r.canRead("[{\"ph\":\"X\"}]".getBytes(StandardCharsets.US_ASCII))).isFalse();
    }

    @Test
    void theServiceFileFindsAllThreeReaders() {
        assertThat(TraceFiles.readers()).extracting(rd -> rd.formatName())
                .contains("pvtrace", "chrome-json", "checkpoint");
    }

    @Test
    void systemPropertyOptionsParseHexBase() {
        System.setProperty("ura.pvtrace.base", "0x7f00");
        System.setProperty("ura.pvtrace.binary", "/tmp/x");
        try {
            PvtraceReader.Options o = PvtraceReader.Options.fromSystemProperties();
            assertThat(o.base()).isEqualTo(0x7f00);
            assertThat(o.binary()).isEqualTo(Path.of("/tmp/x"));
        } finally {
            System.clearProperty("ura.pvtrace.base");
            System.clearProperty("ura.pvtrace.binary");
        }
    }
}
