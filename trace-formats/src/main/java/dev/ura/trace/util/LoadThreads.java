package dev.ura.trace.util;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * How many threads one trace load may use, the reading thread included: the system property
 * {@code ura.load.threads} when set (1 reads on the calling thread alone), else one per core
 * the machine leaves idle, at most {@value #DEFAULT_MAX}. A busy machine (a batch running one load
 * per core, other builds) gets 1: extra threads would only queue for the same cores, and decoding
 * on several threads costs about a third more CPU in all.
 *
 * <p>The cores taken are {@code min(1-minute load average, tasks of other processes runnable now)}
 * plus one per other job of this process in progress ({@link #job}). The load average alone
 * counted this process's own recent work: a benchmark's warm-up, or the load before this one in
 * the app, raised it to 1.7 on an idle 2-core machine, and the next load took 1 thread. Tasks
 * runnable now are {@code /proc/loadavg}'s running count less this process's own threads in state
 * R ({@code /proc/self/task/}*{@code /stat}): a busy machine keeps both figures high, while this
 * process's past work is only in the average. This process's own other work that will last, a
 * {@code batch} worker's load or analysis, is counted by its jobs instead, since its threads are
 * this process's. Where {@code /proc} cannot be read (macOS, Windows, any read error) the load
 * average alone decides, as before; where that is unknown too (Windows), the cores are taken idle.
 */
public final class LoadThreads {
    /** More threads than this gain little: the model is built on one thread in file order. */
    public static final int DEFAULT_MAX = 4;

    /** Jobs (loads, batch analyses) in progress in this process, each on a thread of its own. */
    private static final AtomicInteger JOBS = new AtomicInteger();
    /** How deeply the calling thread is inside {@link #job}s (a batch job's load is one job). */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private static final Path LOADAVG = Path.of("/proc/loadavg");
    private static final Path TASKS = Path.of("/proc/self/task");

    private LoadThreads() {
    }

    /** A job in progress on the calling thread, until {@link #close}d. */
    public static final class Job implements AutoCloseable {
        private boolean closed;

        private Job() {
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                if (--DEPTH.get()[0] == 0) {
                    JOBS.decrementAndGet();
                }
            }
        }
    }

    /**
     * Marks the calling thread as running a job that keeps a core busy (a load, a batch worker's
     * trace) until the result is closed: loads started meanwhile on other threads count it as a
     * core taken. Nested jobs on one thread count once.
     */
    public static Job job() {
        if (DEPTH.get()[0]++ == 0) {
            JOBS.incrementAndGet();
        }
        return new Job();
    }

    public static int count() {
        Integer n = Integer.getInteger("ura.load.threads");
        if (n != null) {
            return Math.max(1, Math.min(64, n));
        }
        String loadavg = procLoadavg();
        int runnable = runnableElsewhere(loadavg);
        // One reading catches a kernel worker or a short-lived task now and then (on an idle 2-core
        // machine the Perfetto bench got 1 thread in about half its loads): the fewest others seen
        // in a few readings 0.2 ms apart; a busy machine keeps its tasks runnable in every one.
        for (int i = 1; i < RUNNABLE_READINGS && runnable > 0; i++) {
            LockSupport.parkNanos(200_000);
            int again = runnableElsewhere(procLoadavg());
            runnable = again < 0 ? runnable : Math.min(runnable, again);
        }
        return forMachine(Runtime.getRuntime().availableProcessors(), loadAverage(loadavg), runnable, otherJobs());
    }

    /** Readings of the tasks runnable now, at most (only while others are seen). */
    private static final int RUNNABLE_READINGS = 3;

    /** The text of {@code /proc/loadavg}, or null where there is none (macOS, Windows) or it cannot be read. */
    private static String procLoadavg() {
        try {
            return Files.readString(LOADAVG, StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The 1-minute load average ({@link #loadAverage(String)} of this machine's {@code /proc/loadavg}). */
    static double loadAverage() {
        return loadAverage(procLoadavg());
    }

    /**
     * The 1-minute load average: the first field of {@code /proc/loadavg}'s text where there is one,
     * as the JVM's platform bean reads it, since asking that bean costs a short command ~10 ms of
     * class loading; the bean's figure otherwise (negative where unknown).
     */
    static double loadAverage(String loadavg) {
        String first = field(loadavg, 0);
        if (first != null) {
            try {
                return Double.parseDouble(first);
            } catch (NumberFormatException e) {
                // not as Linux writes it: ask the JVM
            }
        }
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** The {@code index}-th field of a text of fields separated by blanks, or null (no regular expression: they load a package of classes). */
    private static String field(String text, int index) {
        if (text == null) {
            return null;
        }
        int i = 0;
        int n = text.length();
        for (int f = 0; ; f++) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (start == i) {
                return null;
            }
            if (f == index) {
                return text.substring(start, i);
            }
        }
    }

    /** This process's jobs in progress on threads other than the calling one. */
    static int otherJobs() {
        return Math.max(0, JOBS.get() - (DEPTH.get()[0] > 0 ? 1 : 0));
    }

    /**
     * Threads for {@code cores} cores: a thread per core at least partly idle, at most
     * {@value #DEFAULT_MAX}.
     *
     * @param load      the 1-minute load average (negative: unknown)
     * @param runnable  tasks of other processes runnable now (negative: unknown)
     * @param otherJobs this process's jobs in progress on other threads
     */
    static int forMachine(int cores, double load, int runnable, int otherJobs) {
        double taken;
        if (runnable < 0) {
            taken = load < 0 ? 0 : load;
        } else {
            taken = load < 0 ? runnable : Math.min(load, runnable);
        }
        double idle = cores - taken - otherJobs;
        return (int) Math.max(1, Math.min(Math.min(DEFAULT_MAX, cores), Math.ceil(idle)));
    }

    /** Tasks of other processes runnable now, or -1 when {@code /proc} does not say ({@code loadavg} null). */
    private static int runnableElsewhere(String loadavg) {
        if (loadavg == null) {
            return -1;
        }
        try {
            int own = ownRunning();
            return own < 0 ? -1 : runnableElsewhere(loadavg, own);
        } catch (IOException | RuntimeException e) {
            return -1; // not as Linux writes it: the load average decides
        }
    }

    /**
     * Tasks of other processes runnable now, from the text of {@code /proc/loadavg}
     * ({@code "0.52 0.38 0.30 3/871 12345"}: the fourth field is running/total) and this
     * process's own running threads; -1 when the text is not in that form.
     */
    static int runnableElsewhere(String loadavg, int ownRunning) {
        String tasks = field(loadavg, 3);
        int slash = tasks == null ? -1 : tasks.indexOf('/');
        if (slash <= 0) {
            return -1;
        }
        try {
            // The two reads are not one snapshot: a thread of ours may have started running between them.
            return Math.max(0, Integer.parseInt(tasks.substring(0, slash)) - ownRunning);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** This process's threads in state R (the calling one included), or -1 when not readable. */
    private static int ownRunning() throws IOException {
        if (!Files.isDirectory(TASKS)) {
            return -1;
        }
        int running = 0;
        byte[] buf = new byte[128];
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                int n;
                try (InputStream in = Files.newInputStream(task.resolve("stat"))) {
                    n = in.readNBytes(buf, 0, buf.length);
                } catch (IOException e) {
                    continue; // the thread ended since the listing
                }
                if (state(buf, n) == 'R') {
                    running++;
                }
            }
        }
        return running;
    }

    /**
     * The state letter of a {@code stat} line {@code "tid (comm) S ..."}: after the last ')' in the
     * first bytes (the name may hold one; the fields after it are numbers), 0 when not found.
     */
    static char state(byte[] stat, int n) {
        for (int i = n - 1; i >= 0; i--) {
            if (stat[i] == ')') {
                return i + 2 < n ? (char) stat[i + 2] : 0;
            }
        }
        return 0;
    }
}
