package dev.ura.app.annotations;

import dev.ura.app.analysis.model.ResponseByHand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Whatever the sidecar writer writes, the next open reads: names that come from the trace (an agent
 * log allows a million chars) are longer than the reader's string limit, and once made the next
 * open moved the app's own file aside as corrupt.
 */
class SidecarLimitsTest {
    private static final int MAX = Annotation.MAX_TEXT_CHARS;

    @TempDir
    Path dir;

    @Test
    void aNoteOnAThreadAndASliceWithHugeNamesIsReadBackAndNotMovedAside() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.jsonl"));
        String thread = "T".repeat(MAX + 50_000);
        String method = "m".repeat(MAX + 1);
        Anchor onSlice = new Anchor(7, thread, 1_500, null, new SliceKey(1_000, 3, method));
        Anchor plain = new Anchor(8, "main", 2_000, 1, new SliceKey(1_900, 1, "a.B.c"));
        store.save("a.jsonl", List.of(Annotation.note(onSlice, "on the long slice"),
                Annotation.arrow(onSlice, plain, "to main")));

        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a.jsonl.ura.json");
        }
        Anchor back = loaded.annotations().get(0).from();
        // The thread name is cut to the limit; the point stays where it was, as a free point on row 3.
        assertThat(back).isEqualTo(new Anchor(7, "T".repeat(MAX), 1_500, 3, null));
        assertThat(loaded.annotations().get(1).from()).isEqualTo(back);
        assertThat(loaded.annotations().get(1).to()).isEqualTo(plain); // short names stay as they are
        assertThat(loaded.annotations()).extracting(Annotation::text).containsExactly("on the long slice", "to main");
    }

    @Test
    void aNameAtTheLimitIsKeptWhole() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("b.jsonl"));
        Anchor at = new Anchor(1, "t".repeat(MAX), 10, null, new SliceKey(5, 0, "m".repeat(MAX)));
        store.save("b.jsonl", List.of(Annotation.note(at, "x")));
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.annotations().get(0).from()).isEqualTo(at);
    }

    @Test
    void aResponsePatternLongerThanTheReaderTakesIsNotSavedAndTheSidecarStays() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("c.jsonl"));
        store.save("c.jsonl", List.of(Annotation.note(new Anchor(1, "main", 10), "kept")));
        byte[] before = Files.readAllBytes(store.sidecar());
        ResponseByHand huge = new ResponseByHand(null, null, "p".repeat(MAX + 1), "end");
        assertThatThrownBy(() -> store.saveResponseByHand("c.jsonl", huge)).isInstanceOf(IOException.class)
                .hasMessage("a response pattern longer than " + MAX + " characters cannot be saved");
        assertThat(Files.readAllBytes(store.sidecar())).isEqualTo(before);
        assertThat(store.load().problem()).isNull();
    }
}
