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
}
