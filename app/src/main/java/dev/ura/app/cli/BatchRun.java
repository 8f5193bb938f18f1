package dev.ura.app.cli;

import dev.ura.app.batch.BatchProgress;
import dev.ura.app.batch.ContentHash;
import dev.ura.app.batch.MemoryBudget;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;
import dev.ura.app.store.StoredRun;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.util.LoadThreads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The work of {@code ura batch}: N workers, each taking the next file, hashing it, skipping it when
 * stored, else loading and analysing it within the memory budget and storing its rows in one
 * transaction. A failure is the file's alone: reported, counted, and the batch goes on.
 */
final class BatchRun {
    /** A file that failed and why (one line, naming the file). */
    record Failure(String file, String error) {
    }

    record Summary(int stored, int skipped, List<Failure> failures, boolean interrupted) {
    }

    private final RunStore store;
    private final TraceRows.Settings settings;
    private final MemoryBudget budget;
    private final BatchProgress progress;
    private final AtomicInteger stored = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stopping;

    BatchRun(RunStore store, TraceRows.Settings settings, MemoryBudget budget, BatchProgress progress) {
        this.store = store;
        this.settings = settings;
        this.budget = budget;
        this.progress = progress;
    }

    Summary run(List<Path> files, int workers) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(workers, files.size()), r -> {
            Thread t = new Thread(r, "ura-batch");
            t.setDaemon(true); // a Ctrl+C must not wait for analyses in flight: committed runs are safe
            return t;
        });
        try {
            for (Path f : files) {
                pool.execute(() -> one(f));
            }
            pool.shutdown();
            while (!pool.awaitTermination(1, TimeUnit.HOURS)) {
                continue; // a batch takes as long as it takes
            }
        } finally {
            pool.shutdownNow();
        }
        List<Failure> sorted = new ArrayList<>(failures);
        sorted.sort(java.util.Comparator.comparing(Failure::file));
        return new Summary(stored.get(), skipped.get(), sorted, stopping);
    }

    /**
     * The JVM is shutting down (Ctrl+C, kill): no new trace is started, and closing the store waits
     * for the one being written (inserts hold the store's lock), so the store closes between runs.
     */
    void interrupted() {
        stopping = true;
        store.close();
    }

    private void one(Path file) {
        if (stopping) {
            return;
        }
        // The whole job (load, analysis, store) keeps a core busy: a load another worker starts
        // meanwhile counts it as taken (LoadThreads), so N jobs on N cores each read on one thread.
        try (LoadThreads.Job job = LoadThreads.job()) {
            oneJob(file);
        }
    }

    private void oneJob(Path file) {
        String name = file.toString();
        try {
            String hash = ContentHash.sha256(file);
            if (store.contains(hash)) {
                skipped.incrementAndGet();
                progress.finished(name, "already stored");
                return;
            }
            long size = Files.size(file);
            long reserved = budget.acquire(MemoryBudget.estimate(name, size));
            StoredRun rows;
            try {
                rows = analyse(file, hash, size);
            } finally {
                budget.release(reserved);
            }
            if (stopping) {
                return;
            }
            if (store.insert(rows)) {
                stored.incrementAndGet();
                progress.finished(name, "stored, " + rows.responses().size() + " response"
                        + (rows.responses().size() == 1 ? "" : "s"));
            } else {
                skipped.incrementAndGet();
                progress.finished(name, "already stored (same content as another file of this batch)");
            }
        } catch (TraceFormatException | StoreException | CommandFailure e) {
            fail(name, e.getMessage());
        } catch (IOException e) {
            fail(name, IoMessages.describe(e));
        } catch (OutOfMemoryError e) {
            fail(name, name + ": not enough memory for this trace (max heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); run it alone (--jobs 1) or with a larger -Xmx");
        } catch (StackOverflowError e) {
            fail(name, name + ": too deeply nested for this analysis (stack overflow); run it alone with a larger -Xss");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            fail(name, name + ": internal error: " + e);
        }
    }

    private void fail(String file, String message) {
        if (stopping) {
            return; // the store closed under the worker: not the file's fault
        }
        String line = message.startsWith(file) ? message : file + ": " + message;
        failures.add(new Failure(file, line));
        progress.failed(line);
    }

    private StoredRun analyse(Path file, String hash, long size) throws TraceFormatException, CommandFailure {
        return TraceRows.analyse(file, file.toString(), hash, size, settings, System.currentTimeMillis());
    }
}
