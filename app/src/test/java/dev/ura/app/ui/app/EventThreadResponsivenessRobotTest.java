package dev.ura.app.ui.app;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.ui.export.ExportActions;
import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JLabel;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import java.awt.Component;
import java.awt.Container;
import java.awt.event.KeyEvent;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing slow on the event thread: on a big generated method trace (a million calls), saving
 * annotations, exporting the view and stepping through search matches must never keep the EDT
 * busy for more than 100 ms. A probe thread posts an empty task to the EDT every few
 * milliseconds while the action runs and records how late the longest one ran; that latency is
 * how long the window stopped answering the user. This is a correctness check (a file write, a
 * paint of a big picture or a scan of every call on the EDT shows up as hundreds of ms), not a
 * benchmark: the {@code bench} commands measure speed.
 */
@Tag("gui")
class EventThreadResponsivenessRobotTest extends ExplorerRobotBase {
    private static final long LIMIT_MS = 100;
    /** Calls in the generated trace: 100 000 "frames" on main of 9 calls each, and a worker. */
    private static final int FRAMES = 100_000;

    /**
     * Posts an empty task to the EDT every 5 ms and keeps the worst delay before it ran. While a
     * probe waits longer than {@link #SAMPLE_AFTER_MS}, a sampler reads the EDT's stack every few ms
     * and counts where it was (ura's innermost frames): the report names what kept the EDT busy.
     */
    private static final class Probe implements AutoCloseable {
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

        Probe() {
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
    }

    private Path bigTrace() throws Exception {
        Path file = dir.resolve("big.trace");
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).pid(7).thread(7, "main").thread(8, "worker");
        long dispatch = w.methodId(1);
        long draw = w.methodId(2);
        long measure = w.methodId(3);
        long load = w.methodId(4);
        w.method(dispatch, "android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V", "Handler.java")
                .method(draw, "com.example.FeedView", "onDraw", "(Landroid/graphics/Canvas;)V", "FeedView.java")
                .method(measure, "com.example.FeedView", "onMeasure", "(II)V", "FeedView.java")
                .method(load, "com.example.Repo", "load", "(I)V", "Repo.java");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            w.open(out, FRAMES * 20L);
            long t = 100;
            for (int f = 0; f < FRAMES; f++) {
                // main: dispatchMessage { 4 × (onMeasure, onDraw) }; worker: load beside it
                w.enter(7, dispatch, t, t);
                w.enter(8, load, t + 1, t);
                for (int i = 0; i < 4; i++) {
                    long s = t + 2 + i * 20L;
                    w.enter(7, measure, s, s).exit(7, measure, s + 5, s + 5);
                    w.enter(7, draw, s + 6, s + 6).exit(7, draw, s + 16, s + 16);
                }
                w.exit(8, load, t + 80, t + 70);
                w.exit(7, dispatch, t + 90, t + 90);
                t += 100;
            }
            w.finish();
        }
        return file;
    }

    private void openBig() throws Exception {
        Path file = bigTrace();
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("big trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null, 180_000);
        // the analysis ends by filling the tables on the EDT: let that pass before measuring the actions
        waitFor("big trace analysed", () -> frame.responseModel().analysis() != null, 180_000);
        robot.waitForIdle();
    }

    /**
     * Whether the machine is too loaded for wall-clock latency to mean anything about ura: more
     * than 4 runnable threads per core (CI runners sit well below; a shared 2-core box at load 24
     * gives the EDT a twelfth of a core, so any 8 ms of work reads as 100 ms).
     */
    private static boolean overloaded() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os.getSystemLoadAverage() > 4.0 * os.getAvailableProcessors();
    }

    /**
     * Runs {@code action} on the EDT, waits for {@code done} and returns how long the EDT was blocked
     * meanwhile: the worst delay of a probe, or, on an overloaded machine, the worst CPU time the
     * EDT spent while one probe waited (its own work, whatever the OS scheduler did). File I/O on
     * the EDT fails either way: it blocks without using CPU.
     */
    private long worstDelayDuring(Runnable action, java.util.concurrent.Callable<Boolean> done) throws Exception {
        robot.waitForIdle();
        try (Probe probe = new Probe()) {
            SwingUtilities.invokeLater(action);
            waitFor("action done", done, 120_000);
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
            return busy ? probe.worstCpuMs() : probe.worstMs();
        }
    }

    @Test
    void annotationSavesViewExportAndSearchStepsDoNotBlockTheEventThread() throws Exception {
        openBig();

        // annotation saves: 30 quick edits, each queued for the sidecar
        Path sidecar = dir.resolve("big.trace.ura.json");
        long save = worstDelayDuring(() -> {
            for (int i = 0; i < 30; i++) {
                Annotation note = Annotation.note(new Anchor(7, "main", 1_000L + i * 100_000L), "note " + i);
                SwingUtilities.invokeLater(() -> frame.annotations().add(note)); // one edit per event, as a user makes them
            }
        }, () -> Files.exists(sidecar) && Files.readString(sidecar).contains("note 29"));
        assertThat(save).as("EDT blocked by annotation saves (ms)").isLessThanOrEqualTo(LIMIT_MS);

        // view export
        Path png = dir.resolve("view.png");
        long export = worstDelayDuring(() -> ExportActions.write(frame, png, false),
                () -> Files.exists(png) && frame.status().message().startsWith("Exported"));
        assertThat(export).as("EDT blocked by the view export (ms)").isLessThanOrEqualTo(LIMIT_MS);

        // search: type a query matching 400 000 calls, then Enter (next) and Shift+Enter (previous)
        JTextField field = GuiActionRunner.execute(() -> textField(frame.search()));
        // typing: the matching methods light up at once; the 400 000 matching calls are collected
        // off the EDT (a pass over every call) and counted when they arrive
        JLabel count = GuiActionRunner.execute(() -> label(frame.search(), "searchCount"));
        long typing = worstDelayDuring(() -> field.setText("onDraw"), () -> frame.search().query().equals("onDraw")
                && frame.timeline().scene().selection() == null && count.getText().endsWith("matches"));
        assertThat(typing).as("EDT blocked by typing a query (ms)").isLessThanOrEqualTo(LIMIT_MS);
        for (boolean forward : new boolean[] {true, true, false}) {
            Object before = GuiActionRunner.execute(() -> frame.timeline().scene().selection());
            long step = worstDelayDuring(() -> field.dispatchEvent(new KeyEvent(field, KeyEvent.KEY_PRESSED,
                            System.currentTimeMillis(), forward ? 0 : KeyEvent.SHIFT_DOWN_MASK, KeyEvent.VK_ENTER,
                            KeyEvent.CHAR_UNDEFINED)),
                    () -> frame.timeline().scene().selection() != null && !frame.timeline().scene().selection().equals(before));
            assertThat(step).as("EDT blocked by a search step %s (ms)", forward ? "forward" : "back")
                    .isLessThanOrEqualTo(LIMIT_MS);
        }
    }

    private static JLabel label(Container c, String name) {
        for (Component child : c.getComponents()) {
            if (child instanceof JLabel l && name.equals(l.getName())) {
                return l;
            }
            if (child instanceof Container inner) {
                JLabel l = label(inner, name);
                if (l != null) {
                    return l;
                }
            }
        }
        return null;
    }

    private static JTextField textField(Container c) {
        for (Component child : c.getComponents()) {
            if (child instanceof JTextField f) {
                return f;
            }
            if (child instanceof Container inner) {
                JTextField f = textField(inner);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
