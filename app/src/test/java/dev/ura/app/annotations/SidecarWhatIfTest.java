package dev.ura.app.annotations;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What-if changes in the sidecar (version 3): saved per response, kept by the other saves, absent in older files. */
class SidecarWhatIfTest {
    /** A sidecar exactly as version 2 wrote it: annotations, no what-if. */
    private static final String V2 = """
            {
              "version" : 2,
              "trace" : "app.trace",
              "annotations" : [ {
                "id" : "n1", "kind" : "NOTE",
                "from" : { "threadId" : 7, "threadName" : "main", "timeNs" : 1000 },
                "to" : null, "text" : "slow inflate"
              } ]
            }
            """;

    @TempDir
    Path dir;

    private static final List<AnnotationStore.WhatIf> CHANGES = List.of(
            new AnnotationStore.WhatIf(0, List.of(new ScenarioJson("defer", "*Cache.write", null, null, null, null),
                    new ScenarioJson("sidebyside", "*fetchThumbnail", null, null, null, null))),
            new AnnotationStore.WhatIf(2, List.of(new ScenarioJson("speedup", null, 1, 4, "parse", 2.0))));

    @Test
    void changesAreSavedPerResponseAndReadBack() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        store.saveWhatIf("app.trace", CHANGES);
        assertThat(store.readWhatIf()).isEqualTo(CHANGES);
        assertThat(Files.readString(store.sidecar())).contains("\"version\" : 3").contains("\"sidebyside\"");
        // saving annotations keeps them
        store.save("app.trace", List.of());
        assertThat(store.readWhatIf()).isEqualTo(CHANGES);
        // and removing them leaves no whatIf key
        store.saveWhatIf("app.trace", List.of());
        assertThat(store.readWhatIf()).isEmpty();
        assertThat(Files.readString(store.sidecar())).doesNotContain("whatIf");
    }

    @Test
    void aVersion2SidecarIsStillReadWithItsAnnotationsAndNoChanges() throws IOException {
        Path sidecar = dir.resolve("app.trace.ura.json");
        Files.writeString(sidecar, V2);
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        assertThat(store.readWhatIf()).isEmpty();
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.annotations()).hasSize(1);
        assertThat(Files.readString(store.backup(2))).isEqualTo(V2);
        store.saveWhatIf("app.trace", CHANGES);
        assertThat(store.load().annotations()).isEqualTo(loaded.annotations());
        assertThat(store.readWhatIf()).isEqualTo(CHANGES);
    }
}
