package dev.ura.app.ui.app;

import dev.ura.app.ui.PlainText;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.TraceSource;

import javax.swing.JOptionPane;
import javax.swing.SwingWorker;
import java.awt.Component;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * Opens traces in a {@link TraceLoadWorker} with progress and Cancel in the status bar. A file
 * that cannot be read shows the reader's one-line message and leaves the open trace as it was.
 */
public final class TraceOpener {
    private final Component parent;
    private final StatusBar status;
    private final Consumer<LoadedTrace> onLoaded;
    private final Consumer<Boolean> loading;
    private TraceLoadWorker current;

    /** @param loading told {@code true} when a load starts and {@code false} when it ends without a trace */
    TraceOpener(Component parent, StatusBar status, Consumer<LoadedTrace> onLoaded, Consumer<Boolean> loading) {
        this.parent = parent;
        this.status = status;
        this.onLoaded = onLoaded;
        this.loading = loading;
    }

    void open(Path file) {
        open(TraceSource.ofFile(file));
    }

    void open(TraceSource source) {
        if (current != null) {
            current.cancel(false);
        }
        TraceLoadWorker worker = new TraceLoadWorker(source);
        current = worker;
        status.showProgress(worker);
        status.setMessage("Opening " + source.name() + "…");
        worker.addPropertyChangeListener(e -> {
            if ("state".equals(e.getPropertyName()) && e.getNewValue() == SwingWorker.StateValue.DONE) {
                finish(worker);
            }
        });
        worker.execute();
        loading.accept(true);
    }

    /** Whether a load is running. */
    boolean isLoading() {
        return current != null;
    }

    private void finish(TraceLoadWorker worker) {
        if (worker != current) {
            return;
        }
        current = null;
        status.showProgress(null);
        if (worker.isCancelled()) {
            status.setMessage("Opening " + worker.source().name() + " was cancelled");
            loading.accept(false);
            return;
        }
        try {
            onLoaded.accept(worker.get());
            return;
        } catch (ExecutionException e) {
            fail(worker.source(), e.getCause());
        } catch (CancellationException e) {
            status.setMessage("Opening " + worker.source().name() + " was cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status.setMessage("Opening " + worker.source().name() + " was interrupted");
        }
        loading.accept(false);
    }

    private void fail(TraceSource source, Throwable cause) {
        String message;
        if (cause instanceof TraceFormatException tfe) {
            message = tfe.getMessage();
        } else if (cause instanceof CancellationException) {
            status.setMessage("Opening " + source.name() + " was cancelled");
            return;
        } else if (cause instanceof OutOfMemoryError) {
            message = source.name() + ": not enough memory to open it (start ura with a larger -Xmx)";
        } else {
            message = source.name() + ": " + cause;
        }
        status.setMessage("Could not open " + source.name());
        JOptionPane.showMessageDialog(parent, PlainText.message(message), "Cannot open trace", JOptionPane.ERROR_MESSAGE);
    }
}
