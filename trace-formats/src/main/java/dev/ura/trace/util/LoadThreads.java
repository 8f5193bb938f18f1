package dev.ura.trace.util;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
        return forMachine(Runtime.getRuntime().availableProcessors(), loadAverage());
    }

    /**
     * The 1-minute load average: read from {@code /proc/loadavg} where there is one, as the JVM's
     * platform bean would, since asking that bean costs a short command ~10 ms of class loading;
     * from the bean elsewhere.
     */
    static double loadAverage() {
        try {
            String s = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII);
            int space = s.indexOf(' ');
            return Double.parseDouble(space < 0 ? s.trim() : s.substring(0, space));
        } catch (IOException | RuntimeException e) {
            return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        }
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
