package dev.ura.app.annotations;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class AnnotationStoreTest {
    @TempDir
    Path dir;

    private static List<Annotation> sample() {
        Anchor a = new Anchor(7, "main", 1_000);
        Anchor b = new Anchor(9, "worker", 5_000);
        return List.of(Annotation.note(a, "slow inflate"), Annotation.arrow(a, b, "hand-off"),
                Annotation.box(a, b, ""));
    }

    @Test
    void annotationsRoundTripBesideTheTrace() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        assertThat(store.sidecar().getFileName().toString()).isEqualTo("app.trace.ura.json");
        assertThat(store.load().annotations()).isEmpty();
        List<Annotation> saved = sample();
        store.save("app.trace", saved);
        AnnotationStore.Loaded loaded = AnnotationStore.beside(dir.resolve("app.trace")).load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.annotations()).isEqualTo(saved);
    }

    @Test
    void savingReplacesTheSidecarAndLeavesNoTemporaryFile() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        store.save("app.trace", sample());
        store.save("app.trace", sample().subList(0, 1));
        assertThat(store.load().annotations()).hasSize(1);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("app.trace.ura.json");
        }
    }

    @Test
    void aCorruptSidecarIsReportedAndKeptAside() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        Files.writeString(sidecar, "{\"version\":1,\"annotations\":[{\"kind\":\"NOTE\"");
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.annotations()).isEmpty();
        assertThat(loaded.problem()).contains("app.trace.ura.json could not be read").contains(".corrupt-");
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> aside = files.toList();
            assertThat(aside).hasSize(1);
            assertThat(aside.get(0).getFileName().toString()).startsWith("app.trace.ura.json.corrupt-");
            assertThat(Files.readString(aside.get(0))).startsWith("{\"version\":1");
        }
        store.save("app.trace", sample());
        assertThat(store.load().annotations()).hasSize(3);
    }

    @Test
    void aMissingAnchorOrANewerVersionCountsAsUnreadable() throws IOException {
        Path sidecar = dir.resolve("a.trace.ura.json");
        Files.writeString(sidecar, "{\"version\":1,\"annotations\":[{\"id\":\"x\",\"kind\":\"NOTE\",\"text\":\"t\"}]}");
        assertThat(AnnotationStore.beside(dir.resolve("a.trace")).load().problem()).isNotNull();
        Files.writeString(sidecar, "{\"version\":99,\"annotations\":[]}");
        assertThat(AnnotationStore.beside(dir.resolve("a.trace")).load().problem()).contains("newer ura");
    }

    @Test
    void movingANoteCanChangeItsThreadWhileArrowsOnlyShiftInTime() {
        Annotation note = sample().get(0).moved(500, new Anchor(9, "worker", 0));
        assertThat(note.from()).isEqualTo(new Anchor(9, "worker", 1_500));
        Annotation arrow = sample().get(1).moved(-100, new Anchor(9, "worker", 0));
        assertThat(arrow.from().timeNs()).isEqualTo(900);
        assertThat(arrow.to().timeNs()).isEqualTo(4_900);
        assertThat(arrow.from().threadId()).isEqualTo(7);
    }
}
