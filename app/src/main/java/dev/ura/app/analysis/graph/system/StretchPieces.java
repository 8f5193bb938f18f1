package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;

import java.util.ArrayList;
import java.util.List;

/**
 * The pieces of the tracked stretches that the critical path does not cover, named as on the path.
 * A sleep ended by a thread the graph covers gives no piece (the wakeup edge decides when the
 * thread goes on); running time is also cut where the thread wakes a covered thread or sends a
 * binder transaction, so those edges leave from the piece that ends there.
 */
final class StretchPieces {
    private final Trace trace;
    private final PieceNamer namer;
    private final ThreadSpans covered;

    StretchPieces(Trace trace, PieceNamer namer, ThreadSpans covered) {
        this.trace = trace;
        this.namer = namer;
        this.covered = covered;
    }

    /** Appends the off-walk pieces of {@code stretches} (walk spans in {@code onWalk}) to {@code out}. */
    void add(List<TrackedStretch> stretches, ThreadSpans onWalk, List<StatePiece> out) {
        int threads = trace.threads().size();
        ThreadSpans tracked = new ThreadSpans(threads);
        boolean[] any = new boolean[threads];
        for (TrackedStretch s : stretches) {
            if (s.thread() >= 0 && s.thread() < threads) {
                tracked.add(s.thread(), s.fromNs(), s.toNs());
                any[s.thread()] = true;
            }
        }
        for (int t = 0; t < threads; t++) {
            if (!any[t]) {
                continue;
            }
            long[] spans = tracked.of(t);
            for (int k = 0; k < spans.length; k += 2) {
                long[] parts = onWalk.outside(t, spans[k], spans[k + 1]);
                for (int j = 0; j < parts.length; j += 2) {
                    part(t, parts[j], parts[j + 1], out);
                }
            }
        }
    }

    /** The pieces of {@code thread} over {@code [from, to)}, in time order. */
    private void part(int thread, long from, long to, List<StatePiece> out) {
        ThreadStateTable states = trace.system().states().get(thread);
        long at = from;
        for (int i = states.firstEndingAfter(from); i < states.size() && states.start(i) < to; i++) {
            if (states.start(i) > at) {
                out.add(new StatePiece(thread, at, states.start(i), Category.OTHER, "unknown", -1, null));
            }
            long lo = Math.max(at, states.start(i));
            long hi = Math.min(to, states.end(i));
            at = hi;
            if (hi <= lo || wokenByCovered(states, i, thread, hi)) {
                continue;
            }
            List<StatePiece> piece = new ArrayList<>();
            namer.backward(thread, i, lo, hi, namer.waitName(thread, states, i), piece);
            for (int k = piece.size() - 1; k >= 0; k--) {
                StatePiece p = piece.get(k);
                if (p.category() == Category.CPU) {
                    cut(p, out);
                } else {
                    out.add(p);
                }
            }
        }
        if (at < to) {
            out.add(new StatePiece(thread, at, to, Category.OTHER, "unknown", -1, null));
        }
    }

    /** Whether state {@code i} is a sleep ending at {@code hi} by a wakeup from a running thread the graph covers. */
    private boolean wokenByCovered(ThreadStateTable states, int i, int thread, long hi) {
        if (states.state(i) != ThreadState.SLEEPING || states.end(i) != hi) {
            return false;
        }
        int waker = states.waker(i);
        if (waker < 0 || waker == thread || waker >= trace.threads().size() || !covered.contains(waker, hi - 1)) {
            return false;
        }
        ThreadStateTable ws = trace.system().states().get(waker);
        int k = ws.indexAt(hi - 1);
        return k >= 0 && ws.state(k) == ThreadState.RUNNING;
    }

    /** Splits a running piece where its thread wakes a covered thread or sends binder. */
    private void cut(StatePiece p, List<StatePiece> out) {
        WakeupTable w = trace.system().wakeups();
        long at = p.startNs();
        for (int k = w.firstAtOrAfter(p.startNs() + 1); k < w.size() && w.time(k) < p.endNs(); k++) {
            int wakee = w.wakee(k);
            if (w.waker(k) == p.thread() && !w.fromInterrupt(k) && wakee >= 0 && wakee < trace.threads().size()
                    && covered.contains(wakee, w.time(k)) && w.time(k) > at) {
                out.add(new StatePiece(p.thread(), at, w.time(k), p.category(), p.name(), p.call(), null));
                at = w.time(k);
            }
        }
        out.add(new StatePiece(p.thread(), at, p.endNs(), p.category(), p.name(), p.call(), null));
    }
}
