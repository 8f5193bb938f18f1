package dev.ura.trace.util;

/**
 * How many threads one trace load may use (the reading thread included): the system property
 * {@code ura.load.threads}, else the machine's processors, at most {@value #DEFAULT_MAX}. 1 reads
 * on the calling thread alone, as before loads used threads (a batch running one load per core
 * can ask for that).
 */
public final class LoadThreads {
    /** More threads than this gain little: the model is built on one thread in file order. */
    public static final int DEFAULT_MAX = 4;

    private LoadThreads() {
    }

    public static int count() {
        int def = Math.min(DEFAULT_MAX, Runtime.getRuntime().availableProcessors());
        Integer n = Integer.getInteger("ura.load.threads");
        return n == null ? def : Math.max(1, Math.min(64, n));
    }
}
