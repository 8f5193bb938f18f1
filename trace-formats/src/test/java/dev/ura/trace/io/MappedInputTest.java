package dev.ura.trace.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Positional reads of a mapped trace file, and a file that shrinks while it is read. */
class MappedInputTest {
    @TempDir
    Path dir;

    @Test
    void readsCopyTheBytesAtAnOffsetAndTheMappingStaysUsableAfterClose() throws Exception {
        byte[] content = new byte[10_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 7);
        }
        Path file = Files.write(dir.resolve("t.trace"), content);
        MappedInput in = InputFiles.openMapped(file, "trace file");
        byte[] dst = new byte[100];
        in.read(5_000, dst, 100);
        for (int i = 0; i < 100; i++) {
            assertThat(dst[i]).isEqualTo(content[5_000 + i]);
        }
        in.close();
        assertThat(in.data().get(9_999)).isEqualTo(content[9_999]);
        assertThat(in.data().position()).isZero();
    }

    @Test
    void aFileThatShrankAfterMappingIsNamedAsChangedNotReadShort() throws Exception {
        Path file = Files.write(dir.resolve("t.trace"), new byte[10_000]);
        try (MappedInput in = InputFiles.openMapped(file, "trace file");
             FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(4_000);
            byte[] dst = new byte[2_000];
            in.read(2_000, dst, 2_000); // still there
            assertThatThrownBy(() -> in.read(3_000, dst, 2_000)).isInstanceOf(MappedInput.Changed.class)
                    .hasMessage(file + ": the file changed or became unreadable while it was read");
        }
    }

    @Test
    void emptyAndMissingFilesAreRefusedWhenOpened() throws Exception {
        Path empty = Files.write(dir.resolve("e.trace"), new byte[0]);
        assertThatThrownBy(() -> InputFiles.openMapped(empty, "trace file")).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("empty file");
        assertThatThrownBy(() -> InputFiles.openMapped(dir.resolve("none.trace"), "trace file"))
                .isInstanceOf(TraceFormatException.class).hasMessage(dir.resolve("none.trace") + ": no such file");
    }
}
