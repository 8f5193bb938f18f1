package dev.ura.trace.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one guard for every file ura reads. */
class InputFilesTest {
    @TempDir
    Path dir;

    @Test
    void fifoIsRefusedBeforeItIsOpened() throws Exception {
        Path fifo = dir.resolve("rules.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        assertThatThrownBy(() -> InputFiles.readAll(fifo, 1000, "rule file"))
                .isInstanceOf(TraceFormatException.class).hasMessage(fifo + ": not a regular file");
    }

    @Test
    void linkToDevZeroIsRefused() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("x.ura.json"), Path.of("/dev/zero"));
        assertThatThrownBy(() -> InputFiles.readAll(link, 1000, "sidecar"))
                .isInstanceOf(TraceFormatException.class).hasMessage(link + ": not a regular file");
    }

    @Test
    void directoryIsNamedAsSuch() {
        assertThatThrownBy(() -> InputFiles.readAll(dir, 1000, "rule file"))
                .isInstanceOf(TraceFormatException.class).hasMessage(dir + ": is a directory, not a rule file");
    }

    @Test
    void fileOverTheLimitIsRefusedWithItsSize() throws Exception {
        Path f = Files.write(dir.resolve("big.json"), new byte[1001]);
        assertThatThrownBy(() -> InputFiles.readAll(f, 1000, "rule file"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(f + ": rule file is too large: 1001 bytes (limit 1000)");
        assertThat(InputFiles.readAll(Files.write(dir.resolve("ok.json"), new byte[1000]), 1000, "rule file")).hasSize(1000);
    }

    @Test
    void missingFileSaysSo() {
        Path f = dir.resolve("none");
        assertThatThrownBy(() -> InputFiles.readAll(f, 1000, "sidecar")).hasMessage(f + ": no such file");
    }
}
