package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.SegmentColumns;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.Flow;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.List;

/**
 * The edges of a system-response graph between threads: each wakeup (the waker's piece that ends
 * at the wakeup → the wakee's piece that starts there), each binder transaction and each flow
 * whose two ends the graph covers. An end that falls inside a piece (not at its boundary) leaves
 * from the piece before it; the builder's waits make up the difference.
 */
final class CrossEdges {
    /** Adds an edge unless it runs backwards in time. */
    @FunctionalInterface
    interface Sink {
        void depend(int from, int to, LinkKind kind);
    }

    private final Trace trace;
    private final SystemIndexes indexes;
    private final SegmentColumns columns;
    private final int[] first;
    private final Sink sink;

    CrossEdges(Trace trace, SystemIndexes indexes, SegmentColumns columns, int[] first, Sink sink) {
        this.trace = trace;
        this.indexes = indexes;
        this.columns = columns;
        this.first = first;
        this.sink = sink;
    }

    /** Adds wakeup edges, then binder transactions sent in {@code [fromNs, toNs]}, then flows. */
    void add(long fromNs, long toNs) {
        for (int t = 0; t + 1 < first.length; t++) {
            ThreadStateTable states = trace.system().states().get(t);
            for (int v = first[t]; v < first[t + 1]; v++) {
                long at = columns.start[v];
                int waker = wakerAt(states, at);
                if (waker < 0 || waker == t || waker + 1 >= first.length) {
                    continue;
                }
                int u = endingBy(waker, at);
                if (u >= 0 && (columns.end[u] == at || covering(waker, at - 1) >= 0)) {
                    sink.depend(u, v, indexes.isBinderWake(waker, t, at) ? LinkKind.BINDER : LinkKind.WAKEUP);
                }
            }
        }
        List<BinderTransaction> binder = trace.system().binder();
        for (int i = firstSentAtOrAfter(binder, fromNs); i < binder.size() && binder.get(i).sendNs() <= toNs; i++) {
            BinderTransaction b = binder.get(i);
            if (b.received() && valid(b.fromThread()) && valid(b.toThread())) {
                connect(b.fromThread(), b.sendNs(), b.toThread(), b.receiveNs(), LinkKind.BINDER);
            }
        }
        for (Flow f : trace.system().flows()) {
            if (valid(f.fromThread()) && valid(f.toThread()) && f.toNs() >= fromNs && f.fromNs() <= toNs) {
                connect(f.fromThread(), f.fromNs(), f.toThread(), f.toNs(), LinkKind.FLOW);
            }
        }
    }

    private boolean valid(int thread) {
        return thread >= 0 && thread + 1 < first.length;
    }

    /** From the sender's piece ending by {@code at} (when the sender is covered then) to the piece covering {@code to}. */
    private void connect(int fromThread, long at, int toThread, long to, LinkKind kind) {
        int u = endingBy(fromThread, at);
        int v = covering(toThread, to);
        if (u >= 0 && v >= 0 && (columns.end[u] == at || covering(fromThread, at - 1) >= 0)) {
            sink.depend(u, v, kind);
        }
    }

    /** The state before {@code t} on a thread ended at {@code t} by a wakeup from this thread, or -1. */
    static int wakerAt(ThreadStateTable states, long t) {
        int i = states.indexAt(t - 1);
        if (i >= 0) {
            return states.state(i) == ThreadState.SLEEPING && states.end(i) == t ? states.waker(i) : -1;
        }
        return states.size() > 0 && states.start(0) == t && states.state(0).isRunnable() ? states.waker(0) : -1;
    }

    /** The last vertex of {@code thread} ending at or before {@code t}, or -1. */
    private int endingBy(int thread, long t) {
        int lo = first[thread];
        int hi = first[thread + 1] - 1;
        int found = -1;
        while (lo <= hi) {
            int m = (lo + hi) >>> 1;
            if (columns.end[m] <= t) {
                found = m;
                lo = m + 1;
            } else {
                hi = m - 1;
            }
        }
        return found;
    }

    /** The vertex of {@code thread} with {@code start <= t < end}, or -1. */
    private int covering(int thread, long t) {
        int lo = first[thread];
        int hi = first[thread + 1] - 1;
        while (lo <= hi) {
            int m = (lo + hi) >>> 1;
            if (columns.end[m] <= t) {
                lo = m + 1;
            } else if (columns.start[m] > t) {
                hi = m - 1;
            } else {
                return m;
            }
        }
        return -1;
    }

    private static int firstSentAtOrAfter(List<BinderTransaction> binder, long t) {
        int lo = 0;
        int hi = binder.size();
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (binder.get(m).sendNs() < t) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }
}
