package dev.ura.trace.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stale temporaries named with our own pid are cleaned only when no thread of ours is writing them:
 * two threads saving one file (the window saves annotations on the EDT and the response set by
 * hand from a worker) once deleted each other's temporary, and the save failed.
 */
class AtomicWriterConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void twoThreadsSavingOneFileNeverDeleteEachOthersTemporary() throws Exception {
        Path file = dir.resolve("a.ura.json");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> saves = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                byte fill = (byte) ('a' + t);
                saves.add(pool.submit(() -> {
                    for (int i = 0; i < 150; i++) {
                        AtomicWriter.write(file, out -> {
                            byte[] chunk = new byte[4096];
                            java.util.Arrays.fill(chunk, fill);
                            for (int k = 0; k < 16; k++) {
                                out.write(chunk);
                            }
                        });
                    }
                    return null;
                }));
            }
            for (Future<?> f : saves) {
                f.get(); // a save that lost its temporary throws NoSuchFileException here
            }
        } finally {
            pool.shutdownNow();
        }
        byte[] last = Files.readAllBytes(file);
        assertThat(last).hasSize(16 * 4096);
        assertThat(new String(last).chars().distinct().count()).as("one save's content, whole").isEqualTo(1);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("a.ura.json");
        }
    }

    @Test
    void ourOwnTemporaryThatNoSaveIsWritingIsStillCleaned() throws Exception {
        Path file = dir.resolve("b.ura.json");
        Files.write(dir.resolve(".b.ura.json." + ProcessHandle.current().pid() + ".5eed.tmp"), new byte[1 << 16]);
        AtomicWriter.write(file, new byte[]{'x'});
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("b.ura.json");
        }
    }
}
