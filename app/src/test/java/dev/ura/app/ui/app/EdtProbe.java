package dev.ura.app.ui.app;

import org.assertj.swing.core.Robot;

import javax.swing.SwingUtilities;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Posts an empty task to the EDT every 5 ms and keeps the worst delay before it ran. While a
 * probe waits longer than {@link #SAMPLE_AFTER_MS}, a sampler reads the EDT's stack every few ms
 * and counts where it was (ura's innermost frames): the report names what kept the EDT busy.
 */
final class EdtProbe implements AutoCloseable {
    private static final long SAMPLE_AFTER_MS = 30;
    private final AtomicLong worstNs = new AtomicLong();
    private final AtomicLong worstCpuNs = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicInteger ioSamples = new java.util.concurrent.atomic.AtomicInteger();
    private final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    private volatile boolean running = true;
    private volatile long pendingSince;
    private volatile Thread edt;
    private final Map<String, Integer> stalls = new ConcurrentHashMap<>();
    private final Thread thread = new Thread(this::run, "edt-probe");
    private final Thread sampler = new Thread(this::sample, "edt-sampler");

    EdtProbe() {
        thread.setDaemon(true);
        sampler.setDaemon(true);
        thread.start();
        sampler.start();
    }

    private void run() {
        while (running) {
            long posted = System.nanoTime();
            Thread known = edt;
            long cpuBefore = known == null ? -1 : threads.getThreadCpuTime(known.getId());
            pendingSince = posted;
            try {
                SwingUtilities.invokeAndWait(() -> {
                    edt = Thread.currentThread();
                    worstNs.accumulateAndGet(System.nanoTime() - posted, Math::max);
                });
                pendingSince = 0;
                if (cpuBefore >= 0) {
                    // what the EDT itself computed while this probe waited: its own work, not the
                    // time the OS gave other processes on a loaded machine
                    worstCpuNs.accumulateAndGet(threads.getThreadCpuTime(known.getId()) - cpuBefore, Math::max);
                }
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private void sample() {
        while (running) {
            long since = pendingSince;
            Thread t = edt;
            if (since != 0 && t != null && System.nanoTime() - since > SAMPLE_AFTER_MS * 1_000_000) {
                StringBuilder where = new StringBuilder();
                StackTraceElement[] stack = t.getStackTrace();
                int ura = 0;
                for (StackTraceElement e : stack) {
                    if (where.length() == 0) {
                        where.append(e.getClassName()).append('.').append(e.getMethodName());
                    } else if (e.getClassName().startsWith("dev.ura") && ura++ < 3) {
                        where.append(" < ").append(e.getClassName().replace("dev.ura.app.", ""))
                                .append('.').append(e.getMethodName()).append(':').append(e.getLineNumber());
                    }
                }
                stalls.merge(where.toString(), 1, Integer::sum);
                if (stack.length > 0 && writing(stack[0])) {
                    ioSamples.incrementAndGet(); // a file write or sync on the EDT: blocks it whatever the load
                }
            }
            try {
                Thread.sleep(3);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * A native file write or sync (what an annotation save on the EDT would show). Reads are not
     * counted: the JDK reads font files the first time it draws in a font, on whatever thread draws.
     */
    private static boolean writing(StackTraceElement top) {
        String c = top.getClassName();
        String m = top.getMethodName();
        return (c.equals("sun.nio.ch.FileDispatcherImpl") && (m.startsWith("write") || m.startsWith("pwrite")
                || m.startsWith("force"))) || (c.equals("java.io.FileOutputStream") && m.startsWith("write"))
                || (c.equals("java.io.FileDescriptor") && m.equals("sync"));
    }

    long worstMs() {
        return worstNs.get() / 1_000_000;
    }

    long worstCpuMs() {
        return worstCpuNs.get() / 1_000_000;
    }

    /** The stall samples, most frequent first (each about 3 ms of a probe waiting over 30 ms). */
    String stalls() {
        StringBuilder sb = new StringBuilder();
        stalls.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(8)
                .forEach(e -> sb.append("\n    ").append(e.getValue()).append(" × ").append(e.getKey()));
        return sb.toString();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(10_000);
        sampler.join(10_000);
    }

    /**
     * Whether the machine is too loaded for wall-clock latency to mean anything about ura: more
     * than 4 runnable threads per core (CI runners sit well below; a shared 2-core box at load 24
     * gives the EDT a twelfth of a core, so any 8 ms of work reads as 100 ms).
     */
    static boolean overloaded() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os.getSystemLoadAverage() > 4.0 * os.getAvailableProcessors();
    }

    /**
     * Runs {@code action} on the EDT, waits for {@code done} and returns how long the EDT was blocked
     * meanwhile: the worst delay of a probe, or, on an overloaded machine, the worst CPU time the
     * EDT spent while one probe waited (its own work, whatever the OS scheduler did). File I/O on
     * the EDT fails either way: it blocks without using CPU.
     */
    static long worstDelayDuring(Robot robot, Runnable action, Callable<Boolean> done) throws Exception {
        EdtProbe probe = during(robot, action, done);
        return overloaded() ? probe.worstCpuMs() : probe.worstMs();
    }

    /**
     * The worst CPU time the EDT spent while one probe waited during {@code action}, whatever the
     * load: first-time work (class loading, font files) is CPU, and a wall-clock figure on a
     * machine whose load average has not caught up with a burst says more about the machine.
     */
    static long worstCpuDuring(Robot robot, Runnable action, Callable<Boolean> done) throws Exception {
        return during(robot, action, done).worstCpuMs();
    }

    private static EdtProbe during(Robot robot, Runnable action, Callable<Boolean> done) throws Exception {
        robot.waitForIdle();
        try (EdtProbe probe = new EdtProbe()) {
            SwingUtilities.invokeLater(action);
            ExplorerRobotBase.waitFor("action done", done, 120_000);
            robot.waitForIdle();
            Thread.sleep(50); // a few more probes after the action's last message to the EDT
            probe.close();
            boolean busy = overloaded();
            // kept in the surefire report
            System.out.println("worst EDT delay: " + probe.worstMs() + " ms, worst EDT CPU time while a probe waited: "
                    + probe.worstCpuMs() + " ms" + (busy ? " (load " + java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean().getSystemLoadAverage() + ": the CPU time is judged)" : "")
                    + "; EDT when late:" + probe.stalls());
            assertThat(probe.ioSamples.get()).as("samples of the EDT writing a file while a probe was late").isZero();
            return probe;
        }
    }
}
