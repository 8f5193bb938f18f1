package dev.ura.app.analysis.system;

import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.Flow;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.WakeupTable;

import java.util.Arrays;
import java.util.List;

/**
 * The hand-offs that can open a tracked stretch (docs/system-responses.md §2 rules 2–4), indexed by
 * the thread that makes them, each list in time order: wakeups made by a thread (not from
 * interrupt context, not vsync, not of the input system's threads), binder transactions it sent that were received, and flows from
 * it. Built once per analysis; the tracker only looks at the hand-offs of tracked threads.
 */
final class Handoffs {
    private final SystemTrace system;
    private final int[][] wakeups;
    private final int[][] binder;
    private final int[][] flows;
    /** For a sync call (index into binder): when its reply was sent, -1 when none was seen. */
    private final long[] replySentNs;

    Handoffs(SystemTrace system, SystemThreads threads) {
        this.system = system;
        int n = system.threads().size();
        WakeupTable w = system.wakeups();
        int[] count = new int[n];
        for (int i = 0; i < w.size(); i++) {
            if (followed(w, i, n, threads)) {
                count[w.waker(i)]++;
            }
        }
        wakeups = alloc(count);
        for (int i = 0; i < w.size(); i++) {
            if (followed(w, i, n, threads)) {
                wakeups[w.waker(i)][count[w.waker(i)]++] = i;
            }
        }
        List<BinderTransaction> tx = system.binder();
        replySentNs = new long[tx.size()];
        Arrays.fill(replySentNs, -1);
        count = new int[n];
        for (int i = 0; i < tx.size(); i++) {
            BinderTransaction b = tx.get(i);
            if (b.reply() && b.replyTo() >= 0 && b.replyTo() < tx.size() && replySentNs[b.replyTo()] < 0) {
                replySentNs[b.replyTo()] = b.sendNs();
            }
            if (received(b, n)) {
                count[b.fromThread()]++;
            }
        }
        binder = alloc(count);
        for (int i = 0; i < tx.size(); i++) {
            BinderTransaction b = tx.get(i);
            if (received(b, n)) {
                binder[b.fromThread()][count[b.fromThread()]++] = i;
            }
        }
        sortBy(binder, i -> tx.get(i).sendNs());
        List<Flow> fs = system.flows();
        count = new int[n];
        for (Flow f : fs) {
            if (valid(f, n)) {
                count[f.fromThread()]++;
            }
        }
        flows = alloc(count);
        for (int i = 0; i < fs.size(); i++) {
            Flow f = fs.get(i);
            if (valid(f, n)) {
                flows[f.fromThread()][count[f.fromThread()]++] = i;
            }
        }
        sortBy(flows, i -> fs.get(i).fromNs());
    }

    private static boolean followed(WakeupTable w, int i, int n, SystemThreads threads) {
        int waker = w.waker(i);
        int wakee = w.wakee(i);
        return waker >= 0 && waker < n && wakee >= 0 && wakee < n && waker != wakee && !w.fromInterrupt(i)
                && !threads.vsync(waker) && !threads.inputSystem(wakee)
                && !threads.kernelInterrupt(waker) && !threads.kernelInterrupt(wakee);
    }

    private static boolean received(BinderTransaction b, int n) {
        return b.received() && b.fromThread() >= 0 && b.fromThread() < n && b.toThread() < n
                && b.toThread() != b.fromThread() && b.receiveNs() >= b.sendNs();
    }

    private static boolean valid(Flow f, int n) {
        return f.fromThread() >= 0 && f.fromThread() < n && f.toThread() >= 0 && f.toThread() < n
                && f.toNs() >= f.fromNs();
    }

    private static int[][] alloc(int[] count) {
        int[][] out = new int[count.length][];
        for (int t = 0; t < count.length; t++) {
            out[t] = new int[count[t]];
            count[t] = 0;
        }
        return out;
    }

    private interface Key {
        long of(int i);
    }

    /** Sorts each thread's list by its time (insertion order kept for equal times). */
    private static void sortBy(int[][] lists, Key key) {
        for (int[] l : lists) {
            boolean sorted = true;
            for (int k = 1; k < l.length && sorted; k++) {
                sorted = key.of(l[k - 1]) <= key.of(l[k]);
            }
            if (!sorted) {
                Integer[] boxed = Arrays.stream(l).boxed().toArray(Integer[]::new);
                Arrays.sort(boxed, (a, b) -> Long.compare(key.of(a), key.of(b)));
                for (int k = 0; k < l.length; k++) {
                    l[k] = boxed[k];
                }
            }
        }
    }

    SystemTrace system() {
        return system;
    }

    /** Wakeups (indices into the wakeup table) made by thread {@code t}, by time. */
    int[] wakeups(int t) {
        return wakeups[t];
    }

    /** Received binder transactions and replies (indices into the binder list) sent by thread {@code t}, by send time. */
    int[] binder(int t) {
        return binder[t];
    }

    /** Flows (indices into the flow list) from thread {@code t}, by source time. */
    int[] flows(int t) {
        return flows[t];
    }

    /** When the reply to sync call {@code i} was sent, -1 for one-way calls, replies, and calls never answered. */
    long replySentNs(int i) {
        BinderTransaction b = system.binder().get(i);
        return b.reply() || b.oneway() ? -1 : replySentNs[i];
    }
}
