package dev.ura.app.ui;

import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.model.Trace;

/**
 * A trace read and indexed off the EDT, with its sidecar annotations, ready to show.
 *
 * @param annotations what the sidecar held (empty for samples), with a problem line if it was unreadable
 */
public record LoadedTrace(TraceSource source, Trace trace, TraceIndex index, AnnotationStore.Loaded annotations) {

    /**
     * Where a file dialog opened while this trace is shown starts: the trace's folder, else
     * {@code fallback} (a bundled sample has no folder).
     */
    public static java.io.File dialogFolder(LoadedTrace t, java.nio.file.Path fallback) {
        java.nio.file.Path file = t == null ? null : t.source().file();
        java.nio.file.Path dir = file != null && file.toAbsolutePath().getParent() != null
                ? file.toAbsolutePath().getParent() : fallback;
        return dir == null ? null : dir.toFile();
    }
}
