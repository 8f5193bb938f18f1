package dev.ura.trace.pvtrace;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** A trace whose module line names something that is not a binary file. */
class PvtraceHostileTest {
    @TempDir
    Path dir;

    @Test
    void moduleLineNamingAFifoIsAWarningNotAHang() throws Exception {
        Path fifo = dir.resolve("prog");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0 && Files.exists(fifo), "mkfifo not available");
        byte[] text = ("# module 0x0 " + fifo + "\nE0x10\nX0x10\n").getBytes(StandardCharsets.US_ASCII);
        Trace t = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> new PvtraceReader(
                new PvtraceReader.Options(null, 0, "addr2line")).read("t.txt", ByteBuffer.wrap(text), Progress.NONE));
        assertThat(t.warnings()).contains("1 functions not symbolized: cannot read binary " + fifo);
    }

    @Test
    void moduleLineNamingADirectoryIsAWarning() throws Exception {
        byte[] text = ("# module 0x0 " + dir + "\nE0x10\nX0x10\n").getBytes(StandardCharsets.US_ASCII);
        Trace t = new PvtraceReader(new PvtraceReader.Options(null, 0, "addr2line"))
                .read("t.txt", ByteBuffer.wrap(text), Progress.NONE);
        assertThat(t.warnings()).contains("1 functions not symbolized: cannot read binary " + dir);
    }
}
