package dev.ura.app.ui.app;

import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.TraceSource;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.io.Progress;
import dev.ura.trace.model.Trace;

import javax.swing.SwingWorker;
import java.io.IOException;
import java.util.List;

/**
 * Reads and indexes a trace off the EDT. Reports progress (0–100) through {@code setProgress};
 * {@link #cancel} reaches the reader through {@link Progress#isCancelled()}.
 */
public final class TraceLoadWorker extends SwingWorker<LoadedTrace, Void> {
    private final TraceSource source;

    TraceLoadWorker(TraceSource source) {
        this.source = source;
    }

    TraceSource source() {
        return source;
    }

    @Override
    protected LoadedTrace doInBackground() throws Exception {
        Progress progress = new Progress() {
            @Override
            public void update(long done, long total) {
                if (total > 0) {
                    setProgress((int) Math.min(95, done * 95 / total));
                }
            }

            @Override
            public boolean isCancelled() {
                return TraceLoadWorker.this.isCancelled();
            }
        };
        Trace trace = source.read(progress);
        TraceIndex index = TraceIndex.of(trace, progress);
        AnnotationStore.Loaded annotations = new AnnotationStore.Loaded(List.of(), null);
        if (source.file() != null) {
            AnnotationStore store = AnnotationStore.beside(source.file());
            try {
                annotations = store.load();
            } catch (IOException e) {
                annotations = new AnnotationStore.Loaded(List.of(), "Cannot read " + store.sidecar() + ": " + e.getMessage());
            }
        }
        setProgress(100);
        return new LoadedTrace(source, trace, index, annotations);
    }
}
