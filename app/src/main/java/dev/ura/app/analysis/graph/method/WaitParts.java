package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.WaitPart;
import dev.ura.app.analysis.model.Category;

import java.util.ArrayList;
import java.util.List;

/**
 * What a thread did while a piece waited to run on it. Waiting for a busy thread is not the same
 * as waiting for nothing: time the thread spent running other work (a frame, another message, an
 * ad callback) is {@code queued} behind that work and named after it; time inside the piece's own
 * enclosing work before it (a frame's measure and layout before its draw) is that work
 * ({@code draw} for a draw, else {@code cpu}); the rest (idle in the loop, parked, or no calls)
 * is {@code wait}.
 */
final class WaitParts {
    /** Parts shorter than this join the part before them (loop bookkeeping between messages), ns. */
    static final long MIN_PART_NS = 20_000L;

    private final CallLocator locator;
    private final int piece;
    private final boolean draw;
    private final long from;
    private final List<WaitPart> parts = new ArrayList<>();

    private WaitParts(CallLocator locator, int piece, boolean draw, long from) {
        this.locator = locator;
        this.from = from;
        this.piece = piece;
        this.draw = draw;
    }

    /**
     * The parts of {@code [from, to]}, a wait that ends when {@code pieceCall} starts; empty when
     * nothing is known of the thread's calls (the whole stretch is then a plain wait).
     *
     * @param waitName the name of a plain-wait part
     */
    static List<WaitPart> of(CallLocator locator, long from, long to, int pieceCall, boolean draw, String waitName) {
        if (locator == null || pieceCall < 0 || pieceCall >= locator.calls().size() || to <= from) {
            return List.of();
        }
        WaitParts w = new WaitParts(locator, pieceCall, draw, from);
        w.visit(-1, from, to, false);
        return w.withWaits(from, to, waitName);
    }

    /**
     * Looks at the children of {@code call} within {@code [a, b]}. Inside the piece's own enclosing
     * work ({@code own}), that work's own time between its children counts as that work too.
     */
    private void visit(int call, long a, long b, boolean own) {
        long cursor = a;
        for (int k : locator.childrenOverlapping(call, a, b)) {
            long s = Math.max(a, locator.calls().start(k));
            long e = Math.min(b, locator.calls().end(k));
            if (e <= s || k == piece) {
                continue;
            }
            if (own && s > cursor) {
                addOwn(cursor, s, call);
            }
            cursor = Math.max(cursor, e);
            if (locator.isIdle(k)) {
                continue;
            }
            if (locator.encloses(k, piece)) {
                // An enclosing call that began before the wait is the thread's loop, whatever its name.
                visit(k, s, e, own || (!locator.isLoop(k) && locator.calls().start(k) >= from));
            } else if (locator.isLoop(k)) {
                visit(k, s, e, own);
            } else {
                int named = locator.meaningful(s, e);
                if (own) {
                    parts.add(new WaitPart(s, e, ownCategory(), named, named < 0 ? null : locator.name(named)));
                } else {
                    parts.add(new WaitPart(s, e, Category.QUEUED, named, named < 0 ? null : locator.name(named)));
                }
            }
        }
        if (own && cursor < b) {
            addOwn(cursor, b, call);
        }
    }

    private void addOwn(long s, long e, int call) {
        parts.add(new WaitPart(s, e, ownCategory(), call, call < 0 ? null : locator.name(call)));
    }

    private Category ownCategory() {
        return draw ? Category.DRAW : Category.CPU;
    }

    /** The parts found, the gaps between them as waits, slivers joined to the part before. */
    private List<WaitPart> withWaits(long from, long to, String waitName) {
        if (parts.isEmpty()) {
            return List.of();
        }
        List<WaitPart> out = new ArrayList<>();
        long cursor = from;
        for (WaitPart p : parts) {
            if (p.startNs() > cursor) {
                append(out, new WaitPart(cursor, p.startNs(), Category.WAIT, -1, waitName));
            }
            append(out, p);
            cursor = p.endNs();
        }
        if (cursor < to) {
            append(out, new WaitPart(cursor, to, Category.WAIT, -1, waitName));
        }
        return List.copyOf(out);
    }

    private static void append(List<WaitPart> out, WaitPart p) {
        if (!out.isEmpty()) {
            WaitPart last = out.get(out.size() - 1);
            boolean same = last.category() == p.category() && last.call() == p.call();
            if (same || p.endNs() - p.startNs() < MIN_PART_NS) {
                out.set(out.size() - 1, new WaitPart(last.startNs(), p.endNs(), last.category(), last.call(), last.name()));
                return;
            }
            if (last.endNs() - last.startNs() < MIN_PART_NS) {
                out.set(out.size() - 1, new WaitPart(last.startNs(), p.endNs(), p.category(), p.call(), p.name()));
                return;
            }
        }
        out.add(p);
    }
}
