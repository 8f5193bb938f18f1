package dev.ura.trace.io;

import dev.ura.trace.testing.HostileInputs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link TraceFiles} with paths and streams that are not trace files at all. */
class TraceFilesHostileTest {
    @TempDir
    Path dir;

    @Test
    void directoryGivenAsFileIsRefusedByName() {
        assertThatThrownBy(() -> TraceFiles.read(dir))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(dir + ": is a directory, not a trace file");
    }

    @Test
    void fifoIsRefusedWithoutBlockingOnTheOpen() throws Exception {
        Path fifo = dir.resolve("pipe.trace");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0 && Files.exists(fifo), "mkfifo not available");
        assertThatThrownBy(() -> TraceFiles.read(fifo))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(fifo + ": not a regular file");
    }

    @Test
    void unreadableFileSaysPermissionDenied() throws Exception {
        Path f = Files.writeString(dir.resolve("secret.trace"), "*version\n3\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(f), "running as a user who reads everything (root)");
        assertThatThrownBy(() -> TraceFiles.read(f))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(f + ": cannot read: permission denied");
    }

    @Test
    void gzipInflatingBeyondTheLimitIsRefusedWithTheLimitInTheMessage() {
        byte[] bomb = HostileInputs.gzipBomb(8L << 20); // 8 MiB of zeros: about 8 KiB compressed
        assertThat(bomb.length).isLessThan(64 << 10);
        assertThatThrownBy(() -> TraceFiles.inflate("bomb.gz", ByteBuffer.wrap(bomb), 1 << 20))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("bomb.gz: gzip content inflates to more than 1048576 bytes"
                        + " (limit: an eighth of the heap, at most 1 GiB); if it is a real trace, gunzip it first");
    }

    @Test
    void gzipOfExactlyTheLimitStillInflates() throws Exception {
        byte[] content = new byte[1 << 16];
        java.util.Arrays.fill(content, (byte) 'x');
        ByteBuffer out = TraceFiles.inflate("exact.gz", ByteBuffer.wrap(HostileInputs.gzip(content)), content.length);
        assertThat(out.remaining()).isEqualTo(content.length);
    }

    @Test
    void theInflateLimitLeavesHeapForTheModel() {
        assertThat(TraceFiles.INFLATED_LIMIT).isLessThanOrEqualTo(Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 8))
                .isLessThanOrEqualTo(InflationLimit.FIXED_CAP);
    }

    @Test
    void gzipBombThroughReadIsReadOrRefusedWithoutOutOfMemory() {
        // 64 MiB inflated: under the limit on any test heap and past the first buffer, so the buffer grows;
        // it is read (a JSON Lines META, then zeros) or refused in one line, never an OutOfMemoryError.
        byte[] bomb = HostileInputs.gzipBomb(64L << 20);
        try {
            TraceFiles.read("bomb.jsonl.gz", ByteBuffer.wrap(bomb), Progress.NONE);
        } catch (TraceFormatException e) {
            assertThat(e.getMessage()).startsWith("bomb.jsonl.gz: ").doesNotContain("\n");
        }
    }

    @Test
    void truncatedGzipIsCorruptGzipData() {
        byte[] gz = HostileInputs.gzip("{\"kind\":\"META\",\"version\":1}\n".repeat(100).getBytes(StandardCharsets.US_ASCII));
        byte[] cut = java.util.Arrays.copyOf(gz, gz.length / 2);
        assertThatThrownBy(() -> TraceFiles.read("cut.gz", ByteBuffer.wrap(cut), Progress.NONE))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("cut.gz: corrupt gzip data: ");
    }

    @Test
    void headerOnlyGzipSaysSoInsteadOfNull() {
        byte[] header = java.util.Arrays.copyOf(HostileInputs.gzip(new byte[0]), 10);
        assertThatThrownBy(() -> TraceFiles.read("head.gz", ByteBuffer.wrap(header), Progress.NONE))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("head.gz: corrupt gzip data: the file ends after 10 bytes, within or right after the gzip"
                        + " header, with no compressed data");
    }

    @Test
    void gzipBombStopsAsSoonAsTheInflatedBytesPassTheLimit() {
        byte[] bomb = HostileInputs.gzipBomb(256L << 20); // 256 MiB of zeros, about 256 KiB compressed
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> TraceFiles.inflate("bomb.gz", ByteBuffer.wrap(bomb), 4 << 20))
                .hasMessageContaining("more than 4194304 bytes");
        // The old doubling buffer held up to twice the limit; now what is held is what was inflated.
        assertThat(mx.getCurrentThreadAllocatedBytes() - before).isLessThan(12L << 20);
    }

    @Test
    void symlinkToDevZeroIsNotRead() throws Exception {
        Path link = dir.resolve("zero.trace");
        Files.createSymbolicLink(link, Path.of("/dev/zero"));
        assertThatThrownBy(() -> TraceFiles.read(link))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(link + ": not a regular file");
    }

    @Test
    void fileNameWithNewlineAndEscapeStaysOneLine() throws Exception {
        Path f = Files.write(dir.resolve("evil\n\033[31mname.trace"), new byte[]{1, 2, 3, 4});
        assertThatThrownBy(() -> TraceFiles.read(f))
                .isInstanceOf(TraceFormatException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\033")
                        .startsWith(dir + "/evil\\n\\x1b[31mname.trace: "));
    }
}
