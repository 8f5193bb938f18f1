package dev.ura.app.cli;

import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The annotations an export draws (export-png, report): the trace's sidecar, read without changing
 * it. A sidecar that cannot be used (a FIFO, a device, a folder, too large, corrupt) never stops the
 * export: one warning naming it, and the export goes on without its annotations.
 */
final class ExportAnnotations {
    private ExportAnnotations() {
    }

    /** The sidecar's annotations; {@code doing} ("exporting", "reporting") words the warning. */
    static List<Annotation> of(Path trace, PrintWriter err, String doing) {
        AnnotationStore store = AnnotationStore.beside(trace);
        AnnotationStore.Loaded notes;
        try {
            notes = store.read();
        } catch (IOException e) {
            notes = new AnnotationStore.Loaded(List.of(), "cannot read " + store.sidecar() + ": " + e.getMessage());
        }
        if (notes.problem() != null) {
            err.println("ura: warning: " + notes.problem()
                    + (notes.annotations().isEmpty() ? "; " + doing + " without annotations" : ""));
        }
        return notes.annotations();
    }
}
