package dev.ura.app.analysis.system;

import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadInfo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What each thread of a system trace is for the response rules: part of SurfaceFlinger (its
 * wakeups are the display's rhythm, never a hand-off), of system_server, or of an app; and whether
 * it is its process's main thread. The one definition of a vsync wakeup: response detection and
 * the critical-path walk both ask here.
 */
public final class SystemThreads {
    static final String SURFACEFLINGER = "/system/bin/surfaceflinger";
    static final String SYSTEM_SERVER = "system_server";
    /**
     * SurfaceFlinger's vsync threads, by name, for traces that do not say which process a thread is in:
     * {@code app}/{@code sf} from Android 8.1, {@code appSf} and {@code TimerDispatch} later, and
     * {@code EventThread} before 8.1 (the one thread that sent vsync to apps' Choreographer; on the
     * Android 4.x catapult capture it wakes ndroid.launcher after each display tick of hwc_eventmon).
     */
    private static final Set<String> VSYNC_THREADS = Set.of("app", "appSf", "sf", "TimerDispatch", "EventThread");

    /**
     * The input system's threads (system_server): an app waking them reports that it consumed an
     * event; what they do next is deliver the next events, the next inputs' responses.
     */
    private static final Set<String> INPUT_THREADS = Set.of("InputDispatcher", "InputReader");

    /**
     * The Android runtime's own threads in every app process (names as the kernel's 15-byte comm cuts
     * them): the JIT compiler, the GC, the reference and finalizer daemons, the signal catcher and the
     * profile saver. An app's code wakes them (a hot method queued for compiling, an allocation) but
     * they never hand a result to the app's looper, so none of them posts back to the UI thread.
     * Android 10's {@code ContentCapture} thread is of the same kind: the UI thread hands it view
     * events, it sends them to the content-capture service (binder) and sleeps until its flush timer
     * (Flutter capture: woken by the down at .301355, asleep at .305414 without waking the UI thread,
     * its timer at .701779).
     */
    private static final Pattern RUNTIME = Pattern.compile(
            "Jit thread pool.*|HeapTaskDaemon|ReferenceQueueD.*|FinalizerDaemon|FinalizerWatchd.*"
                    + "|Signal Catcher|Profile Saver|ContentCapture");

    /**
     * The kernel's interrupt and deferred-work threads: threaded interrupt handlers
     * ({@code irq/<n>-<device>}), softirq ({@code ksoftirqd/<cpu>}) and workqueue workers
     * ({@code kworker/…}).
     */
    private static final Pattern KERNEL_INTERRUPT = Pattern.compile(
            "irq/\\d+-.*|ksoftirqd/.*|kworker/.*");

    private final SystemTrace system;
    private final boolean[] vsync;
    /** Named as a vsync thread (not merely in SurfaceFlinger's process, whose binder threads also reply to calls). */
    private final boolean[] vsyncNamed;
    private final boolean[] kernel;
    private final boolean[] input;
    private final boolean[] runtime;
    private final boolean[] app;
    private final String[] processName;

    public SystemThreads(Trace trace) {
        this.system = trace.system();
        Map<Long, String> names = new HashMap<>();
        for (ProcessInfo p : system.processes()) {
            names.putIfAbsent(p.pid(), p.name());
        }
        List<ThreadInfo> threads = system.threads();
        int n = threads.size();
        vsync = new boolean[n];
        vsyncNamed = new boolean[n];
        app = new boolean[n];
        input = new boolean[n];
        runtime = new boolean[n];
        kernel = new boolean[n];
        processName = new String[n];
        for (int t = 0; t < n; t++) {
            ThreadInfo info = threads.get(t);
            String process = info.tgid() < 0 ? "" : names.getOrDefault(info.tgid(), "");
            processName[t] = process;
            boolean sf = process.equals(SURFACEFLINGER) || process.equals("surfaceflinger");
            for (ThreadInfo.Name name : info.names()) {
                vsyncNamed[t] |= VSYNC_THREADS.contains(name.name());
            }
            vsync[t] = sf || vsyncNamed[t];
            app[t] = !sf && !process.equals(SYSTEM_SERVER);
            for (ThreadInfo.Name name : info.names()) {
                kernel[t] |= KERNEL_INTERRUPT.matcher(name.name()).matches();
                input[t] |= INPUT_THREADS.contains(name.name()) && (process.isEmpty() || process.equals(SYSTEM_SERVER));
                runtime[t] |= RUNTIME.matcher(name.name()).matches();
            }
        }
    }

    /** Whether a wakeup by thread {@code t} is a vsync wakeup (SurfaceFlinger's process or vsync threads). */
    public boolean vsync(int t) {
        return t >= 0 && t < vsync.length && vsync[t];
    }

    /** Whether thread {@code t} is one of SurfaceFlinger's vsync threads by name ({@code EventThread}, {@code app}, …). */
    boolean vsyncThread(int t) {
        return t >= 0 && t < vsyncNamed.length && vsyncNamed[t];
    }

    /**
     * Whether thread {@code t} is a kernel interrupt or deferred-work thread ({@code irq/<n>-…},
     * {@code ksoftirqd/…}, {@code kworker/…}). A wakeup of one is the hardware's or the kernel's (a
     * hard interrupt wakes its handler thread on top of whatever task runs, and the kernel names that
     * task as the waker), and a wakeup by one delivers an interrupt: neither is work an app handed off.
     */
    public boolean kernelInterrupt(int t) {
        return t >= 0 && t < kernel.length && kernel[t];
    }

    /**
     * What a kernel interrupt or deferred-work thread named {@code name} delivers, for messages that
     * say what ended a sleep: {@code irq/218-host_sp} is "hardware interrupt 218 (host_sp)",
     * {@code ksoftirqd/1} "a software interrupt on CPU 1", {@code kworker/u:2} "kernel work deferred
     * from an interrupt"; each followed by the thread's name. Null for any other thread.
     */
    public static String interruptSource(String name) {
        if (name == null || !KERNEL_INTERRUPT.matcher(name).matches()) {
            return null;
        }
        if (name.startsWith("irq/")) {
            int dash = name.indexOf('-');
            return "hardware interrupt " + name.substring(4, dash) + " (" + name.substring(dash + 1)
                    + "), delivered by its handler thread " + name;
        }
        if (name.startsWith("ksoftirqd/")) {
            return "a software interrupt on CPU " + name.substring("ksoftirqd/".length()) + " (" + name + ")";
        }
        return "kernel work deferred from an interrupt (" + name + ")";
    }

    /** Whether thread {@code t} is system_server's InputDispatcher or InputReader: never tracked work. */
    public boolean inputSystem(int t) {
        return t >= 0 && t < input.length && input[t];
    }

    /** Whether thread {@code t} is one of the Android runtime's own threads (JIT, GC, finalizer …: {@link #RUNTIME}). */
    boolean runtime(int t) {
        return t >= 0 && t < runtime.length && runtime[t];
    }

    /** Whether thread {@code t} belongs to an app (not SurfaceFlinger, not system_server). */
    boolean app(int t) {
        return t >= 0 && t < app.length && app[t];
    }

    /**
     * Whether thread {@code t} is an app's main thread: its tid is its process's pid (or the trace
     * does not say which process it is in, so the frames it runs decide).
     */
    boolean appMain(int t) {
        if (!app(t)) {
            return false;
        }
        ThreadInfo info = system.threads().get(t);
        return info.tgid() < 0 || info.isProcessMain();
    }

    /** The name of thread {@code t}'s process, empty when unknown. */
    String processName(int t) {
        return processName[t];
    }
}
