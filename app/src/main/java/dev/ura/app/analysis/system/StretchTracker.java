package dev.ura.app.analysis.system;

import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.Flow;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tracked work of one response (docs/system-responses.md §2): from the trigger stretch, the
 * stretches opened by wakeups, binder transactions and flows made inside tracked stretches, each
 * lasting until its thread falls into a sleep that no tracked thread and no interrupt ends.
 *
 * <p>Whether a sleep ends a stretch depends on whether its waker was tracked at the wake, which may
 * depend on stretches found later; so stretches only ever grow (an end at a sleep another thread
 * ended is re-examined whenever that thread's tracked time grows) and new ones are added until
 * nothing changes: the least fixpoint, which is what following the hand-offs in time order finds. A thread is never tracked twice at once: a stretch
 * that grows over a later one of its thread absorbs it.
 */
final class StretchTracker {
    /** A bound on one response's stretches, so that a hostile trace cannot make the search unbounded. */
    static final int MAX_STRETCHES = 100_000;

    /**
     * A stretch and the hand-off that opened it.
     *
     * @param stretch      the stretch
     * @param sourceThread the thread that made the hand-off (-1 for the trigger)
     * @param sourceNs     when it was made: the wakeup, the binder send, the flow's source
     * @param ref          index of the wakeup, binder transaction or flow in the trace (-1 for the trigger)
     */
    record Opened(TrackedStretch stretch, int sourceThread, long sourceNs, int ref) {
    }

    /** The stretches in order of start, and whether the bound cut the search short. */
    record Result(List<Opened> stretches, boolean capped) {
    }

    /** A stretch while the search runs. */
    private static final class Open {
        final int thread;
        final long from;
        final Cause cause;
        final int causeThread;
        final long sourceNs;
        final int ref;
        /** Trigger stretches and sync binder calls end where they were told to, whatever the thread does. */
        final boolean fixed;
        /** Sleeps that start before this do not end the stretch (a sync call absorbed into it). */
        long holdUntil;
        long to;
        /** Index of the sleep that ended it when a thread that may yet become tracked woke it, else -1. */
        int blocking = -1;
        /** Where the search for its end resumes. */
        int cursor = -1;
        long scannedTo;
        boolean removed;

        Open(int thread, long from, Cause cause, int causeThread, long sourceNs, int ref, boolean fixed, long end) {
            this.thread = thread;
            this.from = from;
            this.cause = cause;
            this.causeThread = causeThread;
            this.sourceNs = sourceNs;
            this.ref = ref;
            this.fixed = fixed;
            this.holdUntil = end;
            this.to = end;
            this.scannedTo = from - 1;
        }
    }

    private final Handoffs handoffs;
    private final SystemThreads threads;
    private final SystemTrace system;
    private final long traceEndNs;
    private final int maxStretches;
    private final Map<Integer, TreeMap<Long, Open>> byThread = new HashMap<>();
    private final List<Open> all = new ArrayList<>();
    /** Stretches whose hand-offs have not been looked at up to their end. */
    private final ArrayDeque<Open> toScan = new ArrayDeque<>();
    /** Threads whose tracked time grew: sleeps they ended may no longer end a stretch. */
    private final ArrayDeque<Integer> grownThreads = new ArrayDeque<>();
    /** By thread: the stretches that ended at a sleep that thread ended (while it was not tracked). */
    private final Map<Integer, List<Open>> waiting = new HashMap<>();
    private boolean capped;

    StretchTracker(Handoffs handoffs, SystemThreads threads, long traceEndNs) {
        this(handoffs, threads, traceEndNs, MAX_STRETCHES);
    }

    StretchTracker(Handoffs handoffs, SystemThreads threads, long traceEndNs, int maxStretches) {
        this.handoffs = handoffs;
        this.threads = threads;
        this.system = handoffs.system();
        this.traceEndNs = traceEndNs;
        this.maxStretches = maxStretches;
    }

    /** The tracked work that follows from a trigger stretch on {@code thread} over [{@code fromNs}, {@code toNs}]. */
    Result track(int thread, long fromNs, long toNs) {
        return run(new Open(thread, fromNs, Cause.TRIGGER, -1, fromNs, -1, true, Math.max(fromNs, toNs)));
    }

    /**
     * The tracked work that follows from a trigger stretch on {@code thread} that starts at
     * {@code fromNs} and ends as a stretch opened by a hand-off does (rule 5): a response set by
     * hand, whose window says where the user's wait starts but not which work on the thread is its.
     */
    Result trackFrom(int thread, long fromNs) {
        return run(new Open(thread, fromNs, Cause.TRIGGER, -1, fromNs, -1, false, fromNs));
    }

    private Result run(Open trigger) {
        byThread.clear();
        all.clear();
        capped = false;
        toScan.clear();
        grownThreads.clear();
        waiting.clear();
        insert(trigger);
        // Worklists, not passes over everything: a long chain of hand-offs costs its length, not its square.
        while (!toScan.isEmpty() || !grownThreads.isEmpty()) {
            if (!grownThreads.isEmpty()) {
                recheckWaitersOn(grownThreads.poll());
                continue;
            }
            Open s = toScan.poll();
            if (!s.removed && s.scannedTo < s.to) {
                long after = s.scannedTo;
                s.scannedTo = s.to;
                scan(s, after, s.to);
            }
        }
        List<Opened> out = new ArrayList<>();
        for (Open s : all) {
            if (!s.removed) {
                out.add(new Opened(new TrackedStretch(s.thread, s.from, s.to, s.cause, s.causeThread),
                        s.cause == Cause.TRIGGER ? -1 : s.causeThread, s.sourceNs, s.ref));
            }
        }
        out.sort(Comparator.comparingLong((Opened o) -> o.stretch().fromNs()).thenComparingInt(o -> o.stretch().thread()));
        return new Result(out, capped);
    }

    /** {@code s} was added or grew: its new time is to be scanned, and what waited on its thread re-examined. */
    private void grew(Open s) {
        toScan.add(s);
        grownThreads.add(s.thread);
    }

    /** Continues the stretches that ended at a sleep {@code thread} ended, now that it is tracked at the wakeup. */
    private void recheckWaitersOn(int thread) {
        List<Open> list = waiting.remove(thread);
        if (list == null) {
            return;
        }
        List<Open> still = new ArrayList<>();
        for (Open o : list) {
            if (o.removed || o.blocking < 0 || system.states().get(o.thread).waker(o.blocking) != thread) {
                continue; // stale: absorbed, or it moved on to another sleep since
            }
            if (wakerTracked(o.thread, o.blocking)) {
                o.cursor = o.blocking + 1;
                resolve(o);
                absorbFollowing(o);
                grew(o);
            } else {
                still.add(o);
            }
        }
        waiting.computeIfAbsent(thread, k -> new ArrayList<>()).addAll(still);
    }

    /** Opens what the hand-offs made by {@code s}'s thread in ({@code after}, {@code to}] reach; true when any was. */
    private boolean scan(Open s, long after, long to) {
        boolean added = false;
        WakeupTable w = system.wakeups();
        int[] wakes = handoffs.wakeups(s.thread);
        for (int k = firstAfter(wakes, after, w::time); k < wakes.length && w.time(wakes[k]) <= to; k++) {
            int i = wakes[k];
            added |= open(w.wakee(i), w.time(i), Cause.WAKEUP, s.thread, w.time(i), i, -1);
        }
        List<BinderTransaction> tx = system.binder();
        int[] sent = handoffs.binder(s.thread);
        for (int k = firstAfter(sent, after, i -> tx.get(i).sendNs()); k < sent.length && tx.get(sent[k]).sendNs() <= to; k++) {
            int i = sent[k];
            BinderTransaction b = tx.get(i);
            added |= open(b.toThread(), b.receiveNs(), Cause.BINDER, s.thread, b.sendNs(), i, handoffs.replySentNs(i));
        }
        List<Flow> fs = system.flows();
        int[] flows = handoffs.flows(s.thread);
        for (int k = firstAfter(flows, after, i -> fs.get(i).fromNs()); k < flows.length && fs.get(flows[k]).fromNs() <= to; k++) {
            Flow f = fs.get(flows[k]);
            added |= open(f.toThread(), f.toNs(), Cause.FLOW, s.thread, f.fromNs(), flows[k], -1);
        }
        return added;
    }

    private interface Time {
        long of(int i);
    }

    private static int firstAfter(int[] list, long after, Time time) {
        int lo = 0;
        int hi = list.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time.of(list[mid]) <= after) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Rules 2–4: tracks {@code thread} from {@code fromNs} unless it is already tracked then. A sync
     * binder call ({@code replyNs} ≥ 0) tracks its receiver until the reply is sent, even when the
     * receiver was already tracked.
     */
    private boolean open(int thread, long fromNs, Cause cause, int causeThread, long sourceNs, int ref, long replyNs) {
        Open cover = covering(thread, fromNs);
        if (cover != null) {
            if (replyNs > cover.holdUntil && !cover.fixed) {
                cover.holdUntil = replyNs;
                if (cover.to < replyNs) {
                    resolve(cover);
                    absorbFollowing(cover);
                    grew(cover);
                    return true;
                }
            }
            return false;
        }
        if (all.size() >= maxStretches) {
            capped = true;
            return false;
        }
        boolean fixed = replyNs >= fromNs;
        insert(new Open(thread, fromNs, cause, causeThread, sourceNs, ref, fixed, fixed ? replyNs : fromNs));
        return true;
    }

    private void insert(Open s) {
        Open same = byThread.computeIfAbsent(s.thread, k -> new TreeMap<>()).put(s.from, s);
        if (same != null) {
            // Only an empty stretch can start where a new one does: the new one replaces it.
            same.removed = true;
            s.holdUntil = Math.max(s.holdUntil, same.to);
        }
        all.add(s);
        resolve(s);
        absorbFollowing(s);
        grew(s);
    }

    /** Merges into {@code s} the later stretches of its thread that it now reaches. */
    private void absorbFollowing(Open s) {
        TreeMap<Long, Open> mine = byThread.get(s.thread);
        boolean again = true;
        while (again) {
            again = false;
            Map.Entry<Long, Open> next = mine.higherEntry(s.from);
            if (next != null && next.getValue().from < s.to) {
                Open q = next.getValue();
                mine.remove(q.from);
                q.removed = true;
                if (q.to > s.to) {
                    // Never shrink what was tracked: what q's thread did up to q's end stays tracked.
                    s.holdUntil = Math.max(s.holdUntil, q.to);
                    resolve(s);
                }
                again = true;
            }
        }
    }

    /** The stretch of {@code thread} that {@code timeNs} lies in (from inclusive, to exclusive), or null. */
    private Open covering(int thread, long timeNs) {
        TreeMap<Long, Open> mine = byThread.get(thread);
        Map.Entry<Long, Open> e = mine == null ? null : mine.floorEntry(timeNs);
        return e != null && timeNs < e.getValue().to ? e.getValue() : null;
    }

    /**
     * Whether {@code thread} runs inside a tracked stretch at {@code timeNs}, its end included: a
     * thread that wakes another and then sleeps does both at the end of its stretch.
     */
    private boolean trackedAt(int thread, long timeNs) {
        TreeMap<Long, Open> mine = byThread.get(thread);
        Map.Entry<Long, Open> e = mine == null ? null : mine.floorEntry(timeNs);
        return e != null && timeNs <= e.getValue().to;
    }

    private boolean wakerTracked(int thread, int sleep) {
        ThreadStateTable st = system.states().get(thread);
        return trackedAt(st.waker(sleep), st.end(sleep));
    }

    /**
     * Rule 5: the end of a stretch opened by a hand-off is its thread's next sleep ({@code S}) that
     * neither a tracked thread nor an interrupt ends, else the end of the thread's recorded states
     * (its exit), else the end of the trace.
     */
    private void resolve(Open s) {
        s.blocking = -1;
        if (s.fixed) {
            s.to = s.holdUntil;
            return;
        }
        ThreadStateTable st = system.states().get(s.thread);
        if (s.cursor < 0) {
            s.cursor = st.firstEndingAfter(s.from);
        }
        for (int i = s.cursor; i < st.size(); i++) {
            if (st.state(i) != ThreadState.SLEEPING || st.start(i) < s.from || st.start(i) < s.holdUntil) {
                continue;
            }
            int waker = st.waker(i);
            if (waker == ThreadStateTable.WAKER_INTERRUPT || threads.kernelInterrupt(waker)) {
                continue; // an interrupt, delivered in irq context or by the kernel's interrupt threads
            }
            boolean byThread = waker >= 0 && !threads.vsync(waker);
            if (byThread && trackedAt(waker, st.end(i))) {
                continue;
            }
            s.to = st.start(i);
            s.cursor = i;
            if (byThread) {
                s.blocking = i;
                waiting.computeIfAbsent(waker, k -> new ArrayList<>()).add(s);
            }
            return;
        }
        s.cursor = st.size();
        long end = st.size() > 0 ? st.end(st.size() - 1) : traceEndNs;
        s.to = Math.max(Math.max(s.from, s.holdUntil), end);
    }
}
