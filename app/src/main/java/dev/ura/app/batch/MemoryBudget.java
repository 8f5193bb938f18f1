package dev.ura.app.batch;

import java.util.Locale;

/**
 * Bounds the memory the batch's workers use at once: a worker reserves a trace's estimated need
 * before loading it and waits while the reservations of the traces in flight leave no room. A
 * trace needing more than the whole budget runs alone (it waits until nothing else is in flight)
 * rather than never: it may still fit, as the estimate is rough.
 */
public final class MemoryBudget {
    /** Heap per byte of file, by format, measured roughly on the samples and bench traces (docs/store.md). */
    private static final double METHOD_TRACE = 4;
    private static final double SYSTEM_TRACE = 6;
    private static final double TEXT = 3;
    /** A compressed file is assumed to unpack to this many times its size. */
    private static final double COMPRESSION = 5;
    /** Each analysis' fixed cost (graphs, reports) on top of the trace. */
    private static final long BASE = 16L << 20;

    private final long budget;
    private long inFlight;
    private int running;

    public MemoryBudget(long budgetBytes) {
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("budget " + budgetBytes);
        }
        this.budget = budgetBytes;
    }

    /** Most of the heap: what is left is for the store and the JVM's own needs. */
    public static MemoryBudget ofHeap() {
        return new MemoryBudget((long) (Runtime.getRuntime().maxMemory() * 0.7));
    }

    public long budget() {
        return budget;
    }

    /** The estimated heap needed to load and analyse a file of {@code size} bytes named {@code name}. */
    public static long estimate(String name, long size) {
        String n = name.toLowerCase(Locale.ROOT);
        double factor = 1;
        if (n.endsWith(".gz") || n.endsWith(".zst") || n.endsWith(".zip")) {
            factor = COMPRESSION;
            n = n.substring(0, n.lastIndexOf('.'));
        }
        if (n.endsWith(".trace")) {
            factor *= METHOD_TRACE;
        } else if (n.endsWith(".jsonl") || n.endsWith(".log") || n.endsWith(".txt") || n.endsWith(".html")) {
            factor *= TEXT;
        } else {
            factor *= SYSTEM_TRACE; // Perfetto (.pftrace, .perfetto-trace, .pb, none): the largest models
        }
        return BASE + (long) (size * factor);
    }

    /** Waits until {@code bytes} fit (or nothing else runs) and reserves them; returns what was reserved. */
    public synchronized long acquire(long bytes) throws InterruptedException {
        long need = Math.min(bytes, budget);
        while (running > 0 && inFlight + need > budget) {
            wait();
        }
        inFlight += need;
        running++;
        return need;
    }

    public synchronized void release(long reserved) {
        inFlight -= reserved;
        running--;
        notifyAll();
    }

    synchronized long inFlight() {
        return inFlight;
    }
}
