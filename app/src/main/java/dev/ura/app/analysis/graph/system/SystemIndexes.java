package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.app.analysis.system.SystemThreads;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.SystemTrace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every system-response graph of one trace needs from the whole trace, derived once: who ran
 * on each CPU (see {@link CpuRunIndex}), which threads make vsync wakeups, and the binder
 * transactions by sender and send time. Safe to share between threads.
 */
final class SystemIndexes {
    private final Trace trace;
    private final SystemThreads threads;
    /** Binder transactions (indices into {@code binder()}) keyed by sender thread and send time. */
    private final Map<Sent, int[]> binderBySend = new HashMap<>();
    private volatile CpuRunIndex cpuRuns;
    private volatile Optional<FrameCadence> rhythm;

    SystemIndexes(Trace trace) {
        this.trace = trace;
        SystemTrace sys = trace.system();
        this.threads = new SystemThreads(trace);
        List<BinderTransaction> binder = sys.binder();
        for (int i = 0; i < binder.size(); i++) {
            BinderTransaction b = binder.get(i);
            binderBySend.merge(new Sent(b.fromThread(), b.sendNs()), new int[] {i}, SystemIndexes::concat);
        }
    }

    /** Whether these indexes were derived from {@code other}. */
    boolean covers(Trace other) {
        return other == trace;
    }

    Trace trace() {
        return trace;
    }

    /** The CPU index, built on first use (it reads every thread's states once). */
    CpuRunIndex cpuRuns() {
        CpuRunIndex c = cpuRuns;
        if (c == null) {
            c = new CpuRunIndex(trace.system().states());
            cpuRuns = c;
        }
        return c;
    }

    /**
     * The display's rhythm (see {@link VsyncRhythm}), found on first use; empty when not visible.
     */
    Optional<FrameCadence> vsyncCadence() {
        Optional<FrameCadence> c = rhythm;
        if (c == null) {
            c = VsyncRhythm.detect(trace.system().wakeups(), this::isVsyncWaker);
            rhythm = c;
        }
        return c;
    }

    /** Whether a wakeup by this thread delivers an interrupt (a kernel interrupt or deferred-work thread). */
    boolean isInterruptWaker(int thread) {
        return threads.kernelInterrupt(thread);
    }

    /**
     * Whether this thread is the input system's InputReader or InputDispatcher: its wakeup of an app
     * delivers an input event, and inside a response that is a later event of the gesture.
     */
    boolean isInputWaker(int thread) {
        return threads.inputSystem(thread);
    }

    /** Whether a wakeup by this thread is the display's rhythm (SurfaceFlinger's process or a vsync thread). */
    boolean isVsyncWaker(int thread) {
        return threads.vsync(thread);
    }

    /** Whether {@code waker} sent a binder transaction or reply to {@code wakee} at exactly {@code timeNs}. */
    boolean isBinderWake(int waker, int wakee, long timeNs) {
        int[] sent = binderBySend.get(new Sent(waker, timeNs));
        if (sent != null) {
            for (int i : sent) {
                if (trace.system().binder().get(i).toThread() == wakee) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Binder transactions sent by {@code thread} at {@code timeNs} (indices into {@code binder()}), or none. */
    int[] binderSentAt(int thread, long timeNs) {
        int[] sent = binderBySend.get(new Sent(thread, timeNs));
        return sent == null ? new int[0] : sent;
    }

    private record Sent(int thread, long timeNs) {
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
