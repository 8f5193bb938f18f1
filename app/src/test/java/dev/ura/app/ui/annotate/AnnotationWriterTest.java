package dev.ura.app.ui.annotate;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The background writer of annotation sidecars: a burst of edits is merged into a few writes of
 * the latest list, nothing is lost, and {@link AnnotationWriter#flush} (what closing the window
 * calls) returns only once the latest edit is on disk.
 */
class AnnotationWriterTest {
    @TempDir
    Path dir;

    private final List<String> failures = new CopyOnWriteArrayList<>();

    private AnnotationWriter writer() {
        return new AnnotationWriter((sidecar, e) -> failures.add(sidecar + ": " + e.getMessage()));
    }

    private static Annotation note(int i) {
        return Annotation.note(new Anchor(7, "main", 1_000L * i), "edit " + i);
    }

    @Test
    void aBurstOfEditsIsMergedAndTheLastStateIsWritten() throws Exception {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        AnnotationWriter writer = writer();
        List<Annotation> list = new ArrayList<>();
        int edits = 200;
        for (int i = 0; i < edits; i++) {
            list.add(note(i));
            writer.save(store, "app.trace", list); // as the tool does after each edit, on one thread
        }
        assertThat(writer.flush(30_000)).isTrue();

        // each save replaces the one still waiting: while the first write (with its fsync) runs,
        // the other 199 queue up and become one more write; a few more at most when the thread
        // that edits is descheduled between saves
        assertThat(writer.writes()).isBetween(1, 5);
        AnnotationStore.Loaded read = store.load();
        assertThat(read.problem()).isNull();
        assertThat(read.annotations()).hasSize(edits);
        assertThat(read.annotations()).extracting(Annotation::text).containsExactlyElementsOf(
                list.stream().map(Annotation::text).toList());
        assertThat(failures).isEmpty();
    }

    @Test
    void aListChangedAfterSavingIsNotWhatIsWritten() throws Exception {
        AnnotationStore store = AnnotationStore.beside(dir.resolve("app.trace"));
        AnnotationWriter writer = writer();
        List<Annotation> list = new ArrayList<>(List.of(note(1)));
        writer.save(store, "app.trace", list);
        list.add(note(2)); // the tool keeps editing its own list; the writer took a copy
        assertThat(writer.flush(30_000)).isTrue();
        assertThat(store.load().annotations()).extracting(Annotation::text).containsExactly("edit 1");
    }

    @Test
    void flushWaitsForTheLatestEditOfEverySidecar() throws Exception {
        AnnotationStore a = AnnotationStore.beside(dir.resolve("a.trace"));
        AnnotationStore b = AnnotationStore.beside(dir.resolve("b.trace"));
        AnnotationWriter writer = writer();
        writer.save(a, "a.trace", List.of(note(1)));
        writer.save(b, "b.trace", List.of(note(2)));
        writer.save(a, "a.trace", List.of(note(1), note(3)));

        assertThat(writer.flush(30_000)).isTrue(); // what closing the window does

        assertThat(a.load().annotations()).extracting(Annotation::text).containsExactly("edit 1", "edit 3");
        assertThat(b.load().annotations()).extracting(Annotation::text).containsExactly("edit 2");
        assertThat(writer.flush(0)).isTrue(); // nothing pending: returns at once
    }

    @Test
    void aFailedWriteIsReportedAndLaterSavesStillRun() throws Exception {
        Path blocked = dir.resolve("blocked.trace.ura.json");
        Files.createDirectory(blocked); // a folder where the sidecar should be: cannot be replaced
        AnnotationStore bad = new AnnotationStore(blocked);
        AnnotationStore good = AnnotationStore.beside(dir.resolve("good.trace"));
        AnnotationWriter writer = writer();
        writer.save(bad, "blocked.trace", List.of(note(1)));
        assertThat(writer.flush(30_000)).isTrue();
        writer.save(good, "good.trace", List.of(note(2)));
        assertThat(writer.flush(30_000)).isTrue();

        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).startsWith(blocked.toString());
        assertThat(good.load().annotations()).extracting(Annotation::text).containsExactly("edit 2");
    }

    @Test
    void theWriterThreadEndsWhenNothingIsPending() throws Exception {
        AnnotationWriter writer = writer();
        writer.save(AnnotationStore.beside(dir.resolve("app.trace")), "app.trace", List.of(note(1)));
        assertThat(writer.flush(30_000)).isTrue();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (threadAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // a lingering non-daemon thread would keep the JVM alive after the last window closes
        assertThat(threadAlive()).isFalse();
    }

    private static boolean threadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("ura-annotation-writer") && t.isAlive());
    }
}
