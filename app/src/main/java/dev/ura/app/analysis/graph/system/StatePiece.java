package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;

/**
 * One piece of a thread's time on a system trace: a running stretch under one innermost slice, a
 * runnable wait, an I/O sleep, a wait, or time before the thread's first state.
 *
 * @param thread   thread index
 * @param startNs  start, ns
 * @param endNs    end, ns (after the start)
 * @param category {@code cpu}, {@code runnable}, {@code io}, {@code wait} or {@code other}
 * @param name     the innermost slice, or what the thread waited for
 * @param call     the innermost slice containing the piece (index into the thread's calls), or -1
 * @param in       on the walk: how the path came into this piece from the one before it in time
 *                 ({@code null} for the first and for pieces off the walk)
 * @param windowStart on the walk: the first piece of a waker's window (the path came to it from
 *                 the thread that fell asleep, not from anything this piece waited for)
 */
record StatePiece(int thread, long startNs, long endNs, Category category, String name, int call, LinkKind in,
                  boolean windowStart) {

    StatePiece(int thread, long startNs, long endNs, Category category, String name, int call, LinkKind in) {
        this(thread, startNs, endNs, category, name, call, in, false);
    }

    StatePiece withIn(LinkKind kind, boolean atWindowStart) {
        return new StatePiece(thread, startNs, endNs, category, name, call, kind, atWindowStart);
    }
}
