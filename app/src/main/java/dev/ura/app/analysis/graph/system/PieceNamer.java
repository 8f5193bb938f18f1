package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.SliceCuts;
import dev.ura.app.analysis.model.Category;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.List;

/**
 * Cuts one state interval (or the part of it inside a window) of a thread into {@link StatePiece}s
 * as docs/system-responses.md §4 names them: running time cut at slice boundaries and named after
 * the innermost slice; a runnable wait naming the thread that held the CPU the thread next ran on;
 * an uninterruptible sleep as I/O; any other sleep as a wait.
 */
final class PieceNamer {
    /** The name of a sleep a vsync wakeup ended. */
    static final String VSYNC = "vsync";
    /** The name of a sleep the input system ended by delivering an event: the gesture's next one. */
    static final String NEXT_INPUT = "next input event";
    private final Trace trace;
    private final SystemIndexes indexes;
    private final SliceCuts[] cuts;
    /** When this response's input reached the app (its trigger slice starts); {@code Long.MAX_VALUE} when none. */
    private final long deliveredNs;

    /**
     * @param deliveredNs when the response's input reached the app: a wakeup by the input system
     *                    after it delivers a later event (see {@link #laterInput})
     */
    PieceNamer(Trace trace, SystemIndexes indexes, long deliveredNs) {
        this.trace = trace;
        this.indexes = indexes;
        this.cuts = new SliceCuts[trace.threads().size()];
        this.deliveredNs = deliveredNs;
    }

    /**
     * Whether {@code waker}'s wakeup of {@code wakee} at {@code w} delivers a later input event than
     * the response's own: the input system (InputReader, InputDispatcher) waking another thread
     * after the response's input reached the app. The wakee slept until the user's finger moved
     * again; what the input system did before (InputReader sleeping until the touch hardware
     * fired) is no work of this response (docs/system-responses.md §4).
     */
    boolean laterInput(int waker, int wakee, long w) {
        return w > deliveredNs && indexes.isInputWaker(waker) && !indexes.isInputWaker(wakee);
    }

    SliceCuts cuts(int thread) {
        SliceCuts c = cuts[thread];
        if (c == null) {
            c = new SliceCuts(trace.threads().get(thread).calls());
            cuts[thread] = c;
        }
        return c;
    }

    /**
     * Appends the pieces of state {@code i} of {@code thread} over {@code [from, to)} to
     * {@code out}, latest first. A sleep becomes one {@code wait} piece named {@code waitName}.
     */
    void backward(int thread, int i, long from, long to, String waitName, List<StatePiece> out) {
        ThreadStateTable states = trace.system().states().get(thread);
        ThreadState s = states.state(i);
        SliceCuts c = cuts(thread);
        if (s == ThreadState.RUNNING) {
            long p = to;
            while (p > from) {
                int inner = c.innermostAt(p - 1);
                long q = Math.max(from, c.previousBoundary(inner, p));
                out.add(new StatePiece(thread, q, p, Category.CPU, inner < 0 ? "running" : sliceName(inner, thread),
                        inner, null));
                p = q;
            }
            return;
        }
        int call = c.innermostOver(from, to);
        if (s.isRunnable()) {
            out.add(new StatePiece(thread, from, to, Category.RUNNABLE, runnableName(states, i), call, null));
        } else if (s == ThreadState.UNINTERRUPTIBLE) {
            String f = states.blockedFunction(i);
            out.add(new StatePiece(thread, from, to, Category.IO, f != null ? f : "block I/O", call, null));
        } else if (s == ThreadState.SLEEPING) {
            out.add(new StatePiece(thread, from, to, Category.WAIT, waitName, call, null));
        } else {
            out.add(new StatePiece(thread, from, to, Category.OTHER, "unknown (" + s.letter() + ")", call, null));
        }
    }

    /**
     * What a sleep not followed to a waker waited for: vsync, the user's next input event (the input
     * system woke an app: see {@link SystemWalk}), the blocking function, or just sleeping.
     */
    String waitName(int thread, ThreadStateTable states, int i) {
        int waker = states.waker(i);
        if (waker >= 0 && indexes.isVsyncWaker(waker)) {
            return VSYNC;
        }
        if (waker >= 0 && laterInput(waker, thread, states.end(i))) {
            return NEXT_INPUT;
        }
        String f = states.blockedFunction(i);
        return f != null ? f : "sleeping";
    }

    /**
     * "waiting for CPU n (held by name tid)": the CPU the thread ran on next, and who ran there for
     * the longest part of the whole wait (not only of the part on the path, so every piece of one
     * wait names the same holder).
     */
    private String runnableName(ThreadStateTable states, int i) {
        int cpu = i + 1 < states.size() && states.state(i + 1) == ThreadState.RUNNING && states.cpu(i + 1) >= 0
                ? states.cpu(i + 1) : states.cpu(i);
        if (cpu < 0) {
            return "waiting for a CPU";
        }
        int holder = indexes.cpuRuns().holder(cpu, states.start(i), states.end(i));
        if (holder < 0) {
            return "waiting for CPU " + cpu;
        }
        return "waiting for CPU " + cpu + " (held by " + threadLabel(holder) + ")";
    }

    /** A thread's name and kernel id, e.g. {@code surfaceflinger 500}. */
    String threadLabel(int thread) {
        String name = trace.threads().get(thread).name();
        return thread < trace.system().threads().size()
                ? name + " " + trace.system().threads().get(thread).tid() : name;
    }

    private String sliceName(int call, int thread) {
        return trace.methods().get(trace.threads().get(thread).calls().method(call)).fullName();
    }
}
