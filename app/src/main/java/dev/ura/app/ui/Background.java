package dev.ura.app.ui;

import javax.swing.SwingWorker;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/** Runs a computation off the EDT and hands its result (or failure) back on the EDT. */
public final class Background {
    private Background() {
    }

    public static <T> SwingWorker<T, Void> run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        SwingWorker<T, Void> w = new SwingWorker<>() {
            @Override
            protected T doInBackground() throws Exception {
                return work.call();
            }

            @Override
            protected void done() {
                if (isCancelled()) {
                    return;
                }
                try {
                    done.accept(get());
                } catch (ExecutionException e) {
                    failed.accept(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failed.accept(e);
                }
            }
        };
        w.execute();
        return w;
    }
}
