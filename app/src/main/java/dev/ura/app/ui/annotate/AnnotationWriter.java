package dev.ura.app.ui.annotate;

import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Writes annotation sidecars off the EDT, one at a time, merging edits: a save replaces any
 * pending save of the same sidecar, so a burst of edits (a drag, quick notes) costs one or two
 * writes of the latest list instead of a write and an fsync per edit on the event thread. The
 * write itself is {@link AnnotationStore#save}, which keeps the sidecar's other parts and
 * replaces the file atomically.
 *
 * <p>The writer thread is started when a save is pending and ends when none is; it is not a
 * daemon, so the JVM does not exit (the last window closed) before the latest edits are on disk.
 * {@link #flush} waits for them (closing the window, tests).
 */
public final class AnnotationWriter {
    private record Pending(AnnotationStore store, String traceName, List<Annotation> annotations) {
    }

    private final Map<Path, Pending> pending = new LinkedHashMap<>();
    private final BiConsumer<Path, IOException> failed;
    private boolean draining;
    private int writes;

    /** @param failed told, on the writer thread, of a sidecar that could not be written */
    public AnnotationWriter(BiConsumer<Path, IOException> failed) {
        this.failed = failed;
    }

    /** Queues the latest annotations of a trace; returns at once. */
    public synchronized void save(AnnotationStore store, String traceName, List<Annotation> annotations) {
        pending.put(store.sidecar(), new Pending(store, traceName, List.copyOf(annotations)));
        if (!draining) {
            draining = true;
            Thread t = new Thread(this::drain, "ura-annotation-writer");
            t.start();
        }
    }

    private void drain() {
        while (true) {
            Pending p;
            synchronized (this) {
                Iterator<Pending> it = pending.values().iterator();
                if (!it.hasNext()) {
                    draining = false;
                    notifyAll();
                    return;
                }
                p = it.next();
                it.remove();
            }
            try {
                p.store().save(p.traceName(), p.annotations());
            } catch (IOException e) {
                failed.accept(p.store().sidecar(), e);
            } catch (RuntimeException e) {
                failed.accept(p.store().sidecar(), new IOException(e.toString(), e));
            } finally {
                synchronized (this) {
                    writes++;
                }
            }
        }
    }

    /**
     * Waits until every queued save is written (or failed), at most {@code timeoutMs}.
     *
     * @return {@code false} when saves were still pending at the timeout
     */
    public synchronized boolean flush(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (draining) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** How many sidecar writes were made (or attempted); for tests of the merging. */
    public synchronized int writes() {
        return writes;
    }
}
