package dev.ura.app.report;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A bundle goes through the same input guard as every file ura reads: a FIFO named like a bundle
 * (which left the window saying "Opening report …" forever), a link to /dev/zero and a folder are
 * one-line errors naming the bundle, before anything is opened or extracted.
 */
class BundleReaderGuardTest {
    @TempDir
    Path dir;

    private void assertRefused(Path zip, String why) throws IOException {
        Path out = Files.createDirectory(dir.resolve("out-" + zip.getFileName()));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                assertThatThrownBy(() -> BundleReader.extract(zip, out)).isInstanceOf(IOException.class)
                        .hasMessage(zip.getFileName() + ": " + why));
        try (var files = Files.list(out)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aFifoIsRefusedWithoutBlocking() throws Exception {
        Path fifo = dir.resolve("bug.ura.zip");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        assertRefused(fifo, "not a regular file");
    }

    @Test
    void aLinkToDevZeroAndAFolderAreRefused() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero");
        assertRefused(Files.createSymbolicLink(dir.resolve("zero.ura.zip"), Path.of("/dev/zero")), "not a regular file");
        assertRefused(Files.createDirectory(dir.resolve("folder.ura.zip")), "is a directory, not a report bundle");
    }
}
