package dev.ura.app.annotations;

import dev.ura.app.analysis.model.ResponseByHand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window saves annotations on the EDT and the response set by hand from a worker; each save
 * keeps the other's part of the sidecar, so neither may read the file, let the other replace it,
 * and then write back what it read.
 */
class SidecarConcurrentSavesTest {
    @TempDir
    Path dir;

    @Test
    void annotationsAndTheResponseSetByHandSavedAtOnceAreBothKept() throws Exception {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        int rounds = 120;
        CompletableFuture<Void> notes = CompletableFuture.runAsync(() -> {
            for (int i = 1; i <= rounds; i++) {
                try {
                    store.save("a.trace", List.of(Annotation.note(new Anchor(1, "main", i), "note " + i)));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        CompletableFuture<Void> byHand = CompletableFuture.runAsync(() -> {
            for (int i = 1; i <= rounds; i++) {
                try {
                    store.saveResponseByHand("a.trace", ResponseByHand.window(1_000L * i, 2_000L * i));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        CompletableFuture.allOf(notes, byHand).get();
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.annotations()).extracting(Annotation::text).containsExactly("note " + rounds);
        assertThat(store.readResponseByHand()).isEqualTo(ResponseByHand.window(1_000L * rounds, 2_000L * rounds));
    }
}
