package dev.ura.app.annotations;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SidecarMigrationTest {
    /** A sidecar exactly as version 1 wrote it. */
    private static final String V1 = """
            {
              "version" : 1,
              "trace" : "app.trace",
              "annotations" : [ {
                "id" : "n1", "kind" : "NOTE",
                "from" : { "threadId" : 7, "threadName" : "main", "timeNs" : 1000 },
                "to" : null, "text" : "slow inflate"
              }, {
                "id" : "b1", "kind" : "BOX",
                "from" : { "threadId" : 7, "threadName" : "main", "timeNs" : 1000 },
                "to" : { "threadId" : 9, "threadName" : "worker", "timeNs" : 5000 }, "text" : ""
              } ]
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aVersion1SidecarLoadsAsFreePointsIsRewrittenAsTheCurrentVersionAndKeptAsABackup() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        Files.writeString(sidecar, V1);
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.readOnly()).isFalse();
        assertThat(loaded.annotations()).hasSize(2);
        Annotation note = loaded.annotations().get(0);
        assertThat(note.from()).isEqualTo(new Anchor(7, "main", 1000, null, null));
        assertThat(note.from().depthRow()).isZero();
        assertThat(note.text()).isEqualTo("slow inflate");
        assertThat(Files.readString(store.backup(1))).isEqualTo(V1);
        assertThat(Files.readString(sidecar)).contains("\"version\" : " + AnnotationStore.VERSION);
        // and it reads back the same, with nothing more to migrate
        assertThat(store.load().annotations()).isEqualTo(loaded.annotations());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("app.trace.ura.json", "app.trace.ura.json.v1.bak");
        }
    }

    @Test
    void readingForAnExportNeverMigrates() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        Files.writeString(sidecar, V1);
        assertThat(AnnotationStore.beside(dir.resolve("app.trace")).read().annotations()).hasSize(2);
        assertThat(Files.readString(sidecar)).isEqualTo(V1);
        assertThat(Files.exists(dir.resolve("app.trace.ura.json.v1.bak"))).isFalse();
    }

    @Test
    void aSliceAnchorRoundTrips() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        Anchor on = new Anchor(7, "main", 1200, 3, new SliceKey(1100, 3, "a.View.inflate"));
        Anchor free = new Anchor(9, "worker", 5000, 2, null);
        List<Annotation> list = List.of(Annotation.arrow(on, free, "hand-off"));
        store.save("app.trace", list);
        assertThat(store.load().annotations()).isEqualTo(list);
    }

    @Test
    void aNewerSidecarIsLeftUntouchedAndOpenedReadOnly() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        String newer = """
                {"version": 7, "trace": "app.trace", "layers": ["x"], "annotations": [
                  {"id": "n1", "kind": "NOTE", "from": {"threadId": 7, "threadName": "main", "timeNs": 1000,
                   "pinnedTo": "something new"}, "text": "from the future"}]}
                """;
        Files.writeString(sidecar, newer);
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.readOnly()).isTrue();
        assertThat(loaded.problem()).contains("newer ura (version 7)").contains("read-only");
        assertThat(loaded.annotations()).extracting(Annotation::text).containsExactly("from the future");
        assertThatThrownBy(() -> store.save("app.trace", List.of())).isInstanceOf(IOException.class)
                .hasMessageContaining("newer ura");
        assertThat(Files.readString(sidecar)).isEqualTo(newer);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void aNewerSidecarThisVersionCannotParseIsStillLeftUntouched() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        String newer = "{\"version\": " + (AnnotationStore.VERSION + 1) + ", \"annotations\": {\"shape\": \"changed\"}}";
        Files.writeString(sidecar, newer);
        AnnotationStore.Loaded loaded = AnnotationStore.beside(dir.resolve("app.trace")).load();
        assertThat(loaded.readOnly()).isTrue();
        assertThat(loaded.annotations()).isEmpty();
        assertThat(loaded.problem()).contains("left untouched");
        assertThat(Files.readString(sidecar)).isEqualTo(newer);
    }
}
