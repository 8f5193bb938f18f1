package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * The critical path through wakeups of docs/system-responses.md §4: walked back from the end on
 * the drawing thread to the response start, one thread at a time, so the pieces tile
 * {@code [start, end]} exactly. A sleep ended by another thread's wakeup at <i>w</i> moves the walk
 * to the waker at <i>w</i>: a <i>window</i> over the sleep (never below the window it was entered
 * from: windows nest). At the window's start the walk returns to the thread that slept, unless the
 * thread it is on was in tracked work just before: then that thread did the response's work while
 * the sleeper did its own, and the sleeper waited for it, so the window <i>extends</i>: the walk
 * stays on the waker's side (following its own wakers as usual) down to the first instant at which
 * the thread it is on is not in tracked work just before, and no hand-off from tracked work ends
 * there, and only then returns to the sleeper.
 *
 * <p>Each step is a binary search in one thread's state table or tracked spans (and, for a runnable
 * wait, in the per-CPU index), so the walk costs O(pieces × log states), whatever the size of the
 * trace. Iterative: a long chain of wakers cannot overflow the stack.
 */
final class SystemWalk {
    private final Trace trace;
    private final SystemIndexes indexes;
    private final PieceNamer namer;

    /**
     * A window being walked: return to {@code thread} (the sleeper) at its start. {@code bottom} is
     * the window's start, the later of the sleep's start and the enclosing window's start (or the
     * response start); once {@code extended}, the window reaches below it (see the class comment).
     */
    private static final class Frame {
        final int thread;
        final long bottom;
        final LinkKind kind;
        boolean extended;

        Frame(int thread, long bottom, LinkKind kind) {
            this.thread = thread;
            this.bottom = bottom;
            this.kind = kind;
        }
    }

    SystemWalk(Trace trace, SystemIndexes indexes, PieceNamer namer) {
        this.trace = trace;
        this.indexes = indexes;
        this.namer = namer;
    }

    /**
     * The pieces from {@code startNs} to {@code endNs} in time order, ending on {@code endThread};
     * each piece's {@code in} says how the path came into it from the piece before.
     *
     * @param tracked the response's tracked stretches (sleeps inside them included): a window
     *                extends below its start while the walk is on a thread in tracked work
     */
    List<StatePiece> walk(int endThread, long startNs, long endNs, ThreadSpans tracked) {
        List<StatePiece> out = new ArrayList<>();
        // every window being walked, innermost first
        Deque<Frame> frames = new ArrayDeque<>();
        // the windows not extended, innermost first: the innermost one's bottom is the walk's floor
        Deque<Frame> open = new ArrayDeque<>();
        int t = endThread;
        long now = endNs;
        LinkKind pending = null;
        boolean popped = false;
        // Wakers followed since the last piece: each move goes to a thread running at a later
        // wakeup, so more moves than threads at one instant means data that contradicts itself.
        int follows = 0;
        while (true) {
            long floor = open.isEmpty() ? startNs : open.peek().bottom;
            Frame top = frames.peek();
            if (top != null && top.extended && now > startNs && !inWork(t, now, tracked)) {
                // The waker's side leaves the response's work: the sleeper's own time is next.
                frames.pop();
                t = top.thread;
                pending = pending == null ? top.kind : pending;
                popped = true;
                continue;
            }
            if (now <= floor) {
                if (open.isEmpty()) {
                    break;
                }
                Frame f = open.peek();
                if (inWork(t, now, tracked)) {
                    // The thread the walk is on did the response's work before the sleep: the
                    // sleeper waited for that work, not for its own; the window extends.
                    open.pop();
                    f.extended = true;
                    continue;
                }
                // Not extended, so no extended window lies inside it (that would have returned above).
                frames.pop();
                open.pop();
                t = f.thread;
                // Windows ending together: the path enters the innermost one's waker.
                pending = pending == null ? f.kind : pending;
                popped = true;
                continue;
            }
            if (top != null && top.extended) {
                // Pieces stop where the thread's tracked work starts, so the check above runs there.
                floor = Math.max(floor, tracked.spanStart(t, now - 1));
            }
            ThreadStateTable states = trace.system().states().get(t);
            int i = states.indexAt(now - 1);
            int size = out.size();
            if (i < 0) {
                int first = states.size() > 0 && states.start(0) >= now ? 0 : -1;
                int waker = first == 0 && now == states.start(0) && states.state(0).isRunnable()
                        && follows < trace.threads().size() ? followable(states.waker(0), t, now) : -1;
                if (waker >= 0) {
                    // A thread's first state is the runnable after a wakeup (created, or first seen):
                    // as a sleep of unknown start ended by that wakeup.
                    LinkKind kind = kind(waker, t, now);
                    follows++;
                    push(frames, open, new Frame(t, floor(open, startNs), kind));
                    t = waker;
                    pending = kind;
                    continue;
                }
                long from = Math.max(floor, gapStart(states, now));
                out.add(new StatePiece(t, from, now, Category.OTHER, "unknown", -1, null));
            } else if (states.state(i) == ThreadState.SLEEPING && follows < trace.threads().size()
                    && followable(states.waker(i), t, states.end(i)) >= 0) {
                // Usually now is the wakeup; after a window returned below its sleep the walk can be
                // inside a sleep: the part after now was walked already, the waker's time before now is next.
                LinkKind kind = kind(states.waker(i), t, states.end(i));
                follows++;
                push(frames, open, new Frame(t, Math.max(floor(open, startNs), states.start(i)), kind));
                t = states.waker(i);
                pending = kind;
                continue;
            } else {
                long from = Math.max(floor, states.start(i));
                namer.backward(t, i, from, now, namer.waitName(t, states, i), out);
            }
            // The piece before in time comes in to the last piece of the previous step.
            link(out, size, pending, popped);
            pending = null;
            popped = false;
            follows = 0;
            now = out.get(out.size() - 1).startNs();
        }
        Collections.reverse(out);
        return joined(out);
    }

    private static long floor(Deque<Frame> open, long startNs) {
        return open.isEmpty() ? startNs : open.peek().bottom;
    }

    private static void push(Deque<Frame> frames, Deque<Frame> open, Frame f) {
        frames.push(f);
        open.push(f);
    }

    /**
     * Whether {@code thread}'s time just before {@code now} is the response's work: it is in a
     * tracked stretch, or asleep until a wakeup at {@code now} by a thread in tracked work that the
     * walk follows (the hand-off that began its tracked work).
     */
    private boolean inWork(int thread, long now, ThreadSpans tracked) {
        if (tracked.contains(thread, now - 1)) {
            return true;
        }
        ThreadStateTable states = trace.system().states().get(thread);
        int i = states.indexAt(now - 1);
        int waker;
        if (i >= 0) {
            boolean woken = states.state(i) == ThreadState.SLEEPING && states.end(i) == now;
            waker = woken ? followable(states.waker(i), thread, now) : -1;
        } else {
            // before its first state, made runnable at now (created, or first seen)
            boolean woken = states.size() > 0 && states.start(0) == now && states.state(0).isRunnable();
            waker = woken ? followable(states.waker(0), thread, now) : -1;
        }
        return waker >= 0 && tracked.contains(waker, now - 1);
    }

    /**
     * A window that returned below its sleep, then the same thread again, leaves a cut: the same state under the same slice on one
     * thread in two pieces. They are one piece.
     */
    private static List<StatePiece> joined(List<StatePiece> pieces) {
        List<StatePiece> out = new ArrayList<>(pieces.size());
        for (StatePiece p : pieces) {
            StatePiece last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.thread() == p.thread() && last.endNs() == p.startNs()
                    && last.category() == p.category() && last.call() == p.call() && last.name().equals(p.name())
                    && p.in() == LinkKind.PROGRAM_ORDER && !p.windowStart()) {
                out.set(out.size() - 1, new StatePiece(last.thread(), last.startNs(), p.endNs(), last.category(),
                        last.name(), last.call(), last.in(), last.windowStart()));
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** The earliest time of the gap in {@code states} that ends at {@code now} (the end of the state before it). */
    private static long gapStart(ThreadStateTable states, long now) {
        int k = states.firstEndingAfter(now - 1) - 1;
        while (k >= 0 && states.end(k) > now) {
            k--;
        }
        return k >= 0 ? states.end(k) : Long.MIN_VALUE;
    }

    /**
     * The waker when the walk follows it: a thread other than the sleeper, not the display's vsync,
     * not an interrupt, not the input system delivering a later event than the response's own (the
     * gesture's next one: the sleep before it waited for the user's finger, and
     * following it would book InputReader's wait for the touch hardware to this input), and running
     * just before the wakeup (a wakeup is made by a running thread; anything else is data the walk
     * cannot trust, and following it could loop). -1 otherwise.
     */
    private int followable(int waker, int sleeper, long w) {
        if (waker < 0 || waker == sleeper || waker >= trace.threads().size() || indexes.isVsyncWaker(waker)
                || indexes.isInterruptWaker(waker) || namer.laterInput(waker, sleeper, w)) {
            return -1;
        }
        ThreadStateTable ws = trace.system().states().get(waker);
        int k = ws.indexAt(w - 1);
        return k >= 0 && ws.state(k) == ThreadState.RUNNING ? waker : -1;
    }

    private LinkKind kind(int waker, int wakee, long w) {
        return indexes.isBinderWake(waker, wakee, w) ? LinkKind.BINDER : LinkKind.WAKEUP;
    }

    /**
     * Pieces were added latest first; the first one added in a step follows (in time) the last
     * piece of the step before, through {@code pending} when the walk changed thread there (and,
     * when it returned from a window, that last piece starts the window).
     */
    private static void link(List<StatePiece> out, int firstOfStep, LinkKind pending, boolean windowStart) {
        if (firstOfStep > 0 && out.size() > firstOfStep) {
            StatePiece later = out.get(firstOfStep - 1);
            // Back on the same thread (a window extended, then the same waker again): program order.
            boolean same = out.get(firstOfStep).thread() == later.thread();
            out.set(firstOfStep - 1, same ? later.withIn(LinkKind.PROGRAM_ORDER, false)
                    : later.withIn(pending != null ? pending : LinkKind.PROGRAM_ORDER, windowStart));
        }
        for (int k = firstOfStep; k + 1 < out.size(); k++) {
            out.set(k, out.get(k).withIn(LinkKind.PROGRAM_ORDER, false));
        }
    }
}
