package dev.ura.trace.util;

import java.lang.management.ManagementFactory;

/**
 * How many threads one trace load may use, the reading thread included: the system property
 * {@code ura.load.threads} when set (1 reads on the calling thread alone), else one per core
 * the machine leaves idle on average, at most {@value #DEFAULT_MAX}. A busy machine (a batch
 * running one load per core, other builds) gets 1: extra threads would only queue for the same
 * cores, and decoding on several threads costs about a third more CPU in all.
 */
public final class LoadThreads {
    /** More threads than this gain little: the model is built on one thread in file order. */
    public static final int DEFAULT_MAX = 4;

    private LoadThreads() {
    }

    public static int count() {
        Integer n = Integer.getInteger("ura.load.threads");
        if (n != null) {
            return Math.max(1, Math.min(64, n));
        }
        return forMachine(Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /**
     * Threads for {@code cores} cores at a load average of {@code load} (negative: unknown, taken
     * as idle): a thread per core at least partly idle, at most {@value #DEFAULT_MAX}.
     */
    static int forMachine(int cores, double load) {
        double idle = load < 0 ? cores : cores - load;
        return (int) Math.max(1, Math.min(Math.min(DEFAULT_MAX, cores), Math.ceil(idle)));
    }
}
