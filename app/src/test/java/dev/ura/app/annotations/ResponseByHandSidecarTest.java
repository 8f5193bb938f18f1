package dev.ura.app.annotations;

import dev.ura.app.analysis.model.ResponseByHand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The response set by hand lives in the sidecar beside the annotations; neither save loses the other. */
class ResponseByHandSidecarTest {
    @TempDir
    Path dir;

    @Test
    void annotationsAndTheResponseSetByHandKeepEachOther() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        assertThat(store.readResponseByHand()).isNull();
        List<Annotation> notes = List.of(Annotation.note(new Anchor(7, "main", 1_000), "slow"));
        store.save("app.trace", notes);
        store.saveResponseByHand("app.trace", ResponseByHand.window(100, 900));
        assertThat(store.load().annotations()).isEqualTo(notes);
        assertThat(store.readResponseByHand()).isEqualTo(ResponseByHand.window(100, 900));
        store.save("app.trace", List.of());
        assertThat(store.readResponseByHand()).as("saving annotations keeps it").isEqualTo(ResponseByHand.window(100, 900));
        store.saveResponseByHand("app.trace", ResponseByHand.slices("a.B.c", "*draw"));
        assertThat(store.readResponseByHand()).isEqualTo(ResponseByHand.slices("a.B.c", "*draw"));
        assertThat(Files.readString(store.sidecar())).doesNotContain("null");
        store.saveResponseByHand("app.trace", null);
        assertThat(store.readResponseByHand()).isNull();
    }

    @Test
    void aCorruptSidecarIsNotOverwrittenAndHasNoResponse() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        Files.writeString(store.sidecar(), "{not json");
        assertThat(store.readResponseByHand()).isNull();
        assertThatThrownBy(() -> store.saveResponseByHand("app.trace", ResponseByHand.window(1, 2)))
                .isInstanceOf(IOException.class).hasMessageContaining("not saved");
        assertThat(Files.readString(store.sidecar())).isEqualTo("{not json");
    }
}
