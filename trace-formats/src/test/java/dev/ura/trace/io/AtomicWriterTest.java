package dev.ura.trace.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AtomicWriterTest {
    @TempDir
    Path dir;

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private java.util.List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void replacingKeepsThePermissionsOfTheFile() throws IOException {
        Path f = Files.writeString(dir.resolve("a.ura.json"), "old");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        AtomicWriter.write(f, text("new"));
        assertThat(Files.readString(f)).isEqualTo("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-r-----");
        assertThat(names()).containsExactly("a.ura.json");
    }

    @Test
    void aNewFileIsNotPrivateLikeATemporary() throws IOException {
        Path f = dir.resolve("new.ura.json");
        AtomicWriter.write(f, text("x"));
        // createTempFile would leave 0600; a new file gets the umask's usual owner read-write at least
        // and group/other read unless the umask forbids it, like any file the user's tools create.
        Path probe = Files.createFile(dir.resolve("probe"));
        assertThat(Files.getPosixFilePermissions(f)).isEqualTo(Files.getPosixFilePermissions(probe));
    }

    @Test
    void aSymlinkedFileIsWrittenThroughAndTheLinkStays() throws IOException {
        Path real = Files.writeString(Files.createDirectory(dir.resolve("store")).resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("a.ura.json"), Path.of("store/real.json"));
        AtomicWriter.write(link, text("new"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("new");
        assertThat(Files.readString(link)).isEqualTo("new");
    }

    @Test
    void aDanglingLinkCreatesItsTarget() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("a.ura.json"), Path.of("target.json"));
        AtomicWriter.write(link, text("x"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(dir.resolve("target.json"))).isEqualTo("x");
    }

    @Test
    void aKilledSavesTemporaryIsCleanedByTheNextSave() throws IOException {
        Path f = dir.resolve("a.ura.json");
        // A save killed mid-write leaves its temporary, named with the pid of a process that is gone.
        long deadPid = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 1_000_000;
        Files.write(dir.resolve(".a.ura.json." + deadPid + ".1f2e.tmp"), new byte[1 << 20]);
        Path old = Files.write(dir.resolve(".a.ura.json123456789.tmp"), new byte[10]); // an older writer's name
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - AtomicWriter.STALE_UNKNOWN_MS - 60_000));
        Path fresh = Files.write(dir.resolve(".a.ura.json987.tmp"), new byte[10]); // maybe another writer, now
        Path other = Files.write(dir.resolve(".b.ura.json." + deadPid + ".1.tmp"), new byte[10]); // another file's
        AtomicWriter.write(f, text("x"));
        assertThat(names()).containsExactlyInAnyOrder("a.ura.json", fresh.getFileName().toString(),
                other.getFileName().toString());
    }

    @Test
    void aFailingBodyLeavesTheOldFileAndNoTemporary() throws IOException {
        Path f = Files.writeString(dir.resolve("a.ura.json"), "old");
        assertThatThrownBy(() -> AtomicWriter.write(f, out -> {
            out.write(text("half"));
            throw new IOException("No space left on device");
        })).hasMessage("No space left on device");
        assertThat(Files.readString(f)).isEqualTo("old");
        assertThat(names()).containsExactly("a.ura.json");
    }

    @Test
    void aFifoIsNotReplaced() throws Exception {
        Path fifo = dir.resolve("a.ura.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        assertThatThrownBy(() -> AtomicWriter.write(fifo, text("x"))).hasMessageContaining("not a regular file");
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    @Test
    void aSaveKilledWithSigkillLeavesItsOldFileAndTheNextSaveRemovesItsTemporary() throws Exception {
        Path f = Files.write(dir.resolve("k.ura.json"), text("before"));
        Process saver = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SlowSave.class.getName(), f.toString())
                .redirectErrorStream(true).start();
        try {
            // Wait until the killed process has written part of its temporary (it never finishes).
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (names().stream().noneMatch(n -> n.endsWith(".tmp") && sizeOf(n) >= (1 << 20))) {
                assertThat(System.nanoTime()).as("the saver started writing").isLessThan(deadline);
                assertThat(saver.isAlive()).as("the saver is running").isTrue();
                Thread.sleep(20);
            }
        } finally {
            saver.destroyForcibly(); // SIGKILL: no finally block, no shutdown hook runs in the saver
            saver.waitFor();
        }
        assertThat(names()).hasSize(2).contains("k.ura.json");
        assertThat(Files.readString(f)).isEqualTo("before");
        AtomicWriter.write(f, text("after"));
        assertThat(names()).containsExactly("k.ura.json");
        assertThat(Files.readString(f)).isEqualTo("after");
    }

    private long sizeOf(String name) {
        try {
            return Files.size(dir.resolve(name));
        } catch (IOException e) {
            return 0;
        }
    }

    /** A save that writes 1 MiB, then hangs until it is killed. */
    public static final class SlowSave {
        public static void main(String[] args) throws IOException {
            AtomicWriter.write(Path.of(args[0]), out -> {
                out.write(new byte[1 << 20]);
                out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    @Test
    void pidIsReadOnlyFromOurOwnNameShape() {
        assertThat(AtomicWriter.pidOf(".a.json.123.ff.tmp", ".a.json.")).isEqualTo(123);
        assertThat(AtomicWriter.pidOf(".a.json123.tmp", ".a.json.")).isEqualTo(-1);
        assertThat(AtomicWriter.pidOf(".a.json.x.ff.tmp", ".a.json.")).isEqualTo(-1);
    }
}
