package dev.ura.trace.io;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The output writer under random failures: a full disk (a stream that fails after a random number
 * of bytes), a kill at a random step (the disk is looked at as a kill would leave it, and the
 * temporary a kill leaves is planted under a dead process's name) and a permission taken away at
 * a random step. In every case the previous file is intact (or, killed after the rename, the new
 * one is whole), no temporary of a live write is left, and the next write succeeds and cleans up.
 */
class AtomicWriterFuzzTest {
    @TempDir
    Path dir;

    /** What a SIGKILL does to the writing thread: nothing after it runs... except our finally blocks. */
    private static final class Killed extends Error {
        Killed() {
            super("killed", null, false, false);
        }
    }

    private enum Failure { FULL_DISK, KILL, PERMISSION }

    @AfterEach
    void noHook() {
        AtomicWriter.hook = null;
    }

    /** A stream that accepts {@code room} bytes, then fails as a full disk does. */
    private static OutputStream disk(OutputStream out, long room) {
        return new FilterOutputStream(out) {
            long left = room;

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (len > left) {
                    out.write(b, off, (int) left);
                    left = 0;
                    throw new IOException("No space left on device");
                }
                left -= len;
                out.write(b, off, len);
            }

            @Override
            public void write(int b) throws IOException {
                write(new byte[]{(byte) b}, 0, 1);
            }
        };
    }

    private static byte[] random(Random rnd, int max) {
        byte[] b = new byte[rnd.nextInt(max + 1)];
        rnd.nextBytes(b);
        return b;
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    @Test
    void thePreviousFileSurvivesEveryFailurePoint() throws Exception {
        long dead = deadPid();
        Random rnd = new Random(20_230);
        int[] seen = new int[Failure.values().length];
        for (int round = 0; round < 400; round++) {
            Path target = dir.resolve("out-" + (round % 7) + ".bin");
            boolean existed = rnd.nextInt(5) > 0;
            byte[] old = random(rnd, 70_000);
            if (existed) {
                Files.write(target, old);
            } else {
                Files.deleteIfExists(target);
            }
            byte[] next = random(rnd, 200_000);
            Failure failure = Failure.values()[rnd.nextInt(Failure.values().length)];
            seen[failure.ordinal()]++;
            AtomicWriter.Step at = AtomicWriter.Step.values()[rnd.nextInt(AtomicWriter.Step.values().length)];
            long room = next.length == 0 ? 0 : rnd.nextInt(next.length);
            boolean[] renamed = {false};
            String what = "round " + round + ": " + failure + (failure == Failure.FULL_DISK ? " after " + room + " of "
                    + next.length + " bytes" : " at " + at);
            AtomicWriter.hook = (step, t, tmp) -> {
                // Whatever the moment, the name holds the old file (none) or, once renamed, the new one.
                if (step == AtomicWriter.Step.RENAMED) {
                    renamed[0] = true;
                    assertThat(Files.readAllBytes(target)).as(what).isEqualTo(next);
                } else if (existed) {
                    assertThat(Files.readAllBytes(target)).as(what).isEqualTo(old);
                } else {
                    assertThat(Files.exists(target)).as(what).isFalse();
                }
                if (step != at) {
                    return;
                }
                if (failure == Failure.KILL) {
                    if (Files.exists(tmp)) {
                        // what kill -9 leaves: the temporary, under the name of a process that is gone
                        Files.copy(tmp, dir.resolve("." + t.getFileName() + "." + dead + ".1f.tmp"));
                    }
                    throw new Killed();
                }
                if (failure == Failure.PERMISSION && step != AtomicWriter.Step.RENAMED) {
                    throw new AccessDeniedException(tmp.toString(), null, "permission denied");
                }
            };
            Throwable thrown = null;
            try {
                if (failure == Failure.FULL_DISK) {
                    AtomicWriter.write(target, out -> {
                        OutputStream full = disk(out, room);
                        full.write(next);
                        full.flush();
                    });
                } else {
                    AtomicWriter.write(target, next);
                }
            } catch (IOException | Killed e) {
                thrown = e;
            }
            AtomicWriter.hook = null;
            boolean failed = thrown != null;
            if (failure == Failure.FULL_DISK) {
                assertThat(failed).as(what).isEqualTo(room < next.length);
            }
            if (failed && !renamed[0]) {
                if (existed) {
                    assertThat(Files.readAllBytes(target)).as(what).isEqualTo(old);
                } else {
                    assertThat(Files.exists(target)).as(what).isFalse();
                }
            } else {
                assertThat(Files.readAllBytes(target)).as(what).isEqualTo(next);
            }
            // No temporary of this process is left; only what a "kill" planted under a dead pid.
            String mine = "." + ProcessHandle.current().pid() + ".";
            assertThat(names()).as(what).noneMatch(n -> n.endsWith(".tmp") && n.contains(mine));
            // The next write succeeds and removes the killed write's temporary.
            byte[] last = random(rnd, 1000);
            AtomicWriter.write(target, last);
            assertThat(Files.readAllBytes(target)).as(what).isEqualTo(last);
            assertThat(names()).as(what).noneMatch(n -> n.startsWith("." + target.getFileName()) && n.endsWith(".tmp"));
        }
        assertThat(Arrays.stream(seen).min().orElse(0)).isGreaterThan(100);
        assertThat(Arrays.stream(seen).sum()).isEqualTo(400);
    }

    @Test
    void aFileMadeReadOnlyIsNotReplaced() throws IOException {
        Path target = Files.writeString(dir.resolve("ro.md"), "old");
        Assumptions.assumeTrue(target.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        // root may write a read-only file in place; so may ura then, nothing to check
        Assumptions.assumeFalse(Files.isWritable(target), "running as root");
        assertThatThrownBy(() -> AtomicWriter.write(target, "new".getBytes())).isInstanceOf(AccessDeniedException.class);
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(names()).containsExactly("ro.md");
    }
}
