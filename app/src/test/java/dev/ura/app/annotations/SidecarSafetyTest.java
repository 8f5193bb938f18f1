package dev.ura.app.annotations;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Saving and loading {@code <trace>.ura.json} behaves like editing the file in place, and never hangs. */
class SidecarSafetyTest {
    @TempDir
    Path dir;

    private static List<Annotation> notes(String text) {
        return List.of(Annotation.note(new Anchor(1, "main", 10), text));
    }

    @Test
    void savingKeepsTheSidecarsPermissions() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        store.save("a.trace", notes("one"));
        Files.setPosixFilePermissions(store.sidecar(), PosixFilePermissions.fromString("rw-rw-r--"));
        store.save("a.trace", notes("two"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.sidecar()))).isEqualTo("rw-rw-r--");
    }

    @Test
    void aSymlinkedSidecarStaysALinkAndItsTargetIsUpdated() throws IOException {
        Path shared = Files.createDirectory(dir.resolve("notes")).resolve("team.json");
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        Files.createSymbolicLink(store.sidecar(), shared);
        store.save("a.trace", notes("through the link"));
        assertThat(Files.isSymbolicLink(store.sidecar())).isTrue();
        assertThat(Files.readString(shared)).contains("through the link");
        assertThat(store.load().annotations()).extracting(Annotation::text).containsExactly("through the link");
    }

    @Test
    void aKilledSaveLeavesNothingBehindAfterTheNextSave() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        long gone = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 1_000_000;
        Files.write(dir.resolve(".a.trace.ura.json." + gone + ".77.tmp"), new byte[4 << 20]);
        store.save("a.trace", notes("after the crash"));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a.trace.ura.json");
        }
    }

    @Test
    void aFifoSidecarIsReportedNotOpenedAndNotMovedAside() throws Exception {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        Process mk = new ProcessBuilder("mkfifo", store.sidecar().toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                assertThatThrownBy(store::load).isInstanceOf(IOException.class).hasMessage("not a regular file"));
        assertThat(Files.exists(store.sidecar())).isTrue();
    }

    @Test
    void aNoteAtTheLimitRoundTripsAndALongerOneIsCutToIt() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        String longest = "x".repeat(Annotation.MAX_TEXT_CHARS);
        store.save("a.trace", notes(longest + "and more"));
        AnnotationStore.Loaded loaded = store.load();
        assertThat(loaded.problem()).isNull();
        assertThat(loaded.annotations().get(0).text()).isEqualTo(longest);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a.trace.ura.json");
        }
    }

    @Test
    void aLongerNoteWrittenByHandIsRefusedByTheSameLimit() throws IOException {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("a.trace"));
        store.save("a.trace", notes("short"));
        String json = Files.readString(store.sidecar()).replace("\"short\"",
                "\"" + "y".repeat(Annotation.MAX_TEXT_CHARS + 1) + "\"");
        Files.writeString(store.sidecar(), json);
        assertThat(store.read().problem()).contains("could not be read");
    }
}
