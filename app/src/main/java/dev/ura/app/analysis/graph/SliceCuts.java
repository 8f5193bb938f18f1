package dev.ura.app.analysis.graph;

import dev.ura.trace.model.CallTable;

/**
 * Slice lookups on one thread's call table for cutting its running time at slice boundaries:
 * the innermost slice at an instant, and where, going back in time, the innermost slice next
 * changes. Calls are in pre-order (parents first, siblings by start), so both are a binary search
 * and a walk up the parents.
 */
public final class SliceCuts {
    private final CallTable calls;

    /** @param calls one thread's calls (slices) */
    public SliceCuts(CallTable calls) {
        this.calls = calls;
    }

    CallTable calls() {
        return calls;
    }

    /** The deepest call with {@code start <= t < end}, or -1. */
    public int innermostAt(long t) {
        int c = lastStartingAtOrBefore(t);
        while (c >= 0 && calls.end(c) <= t) {
            c = calls.parent(c);
        }
        return c;
    }

    /** The deepest call containing all of {@code [a, b)} ({@code a < b}), or -1. */
    public int innermostOver(long a, long b) {
        int c = innermostAt(b - 1);
        while (c >= 0 && calls.start(c) > a) {
            c = calls.parent(c);
        }
        return c;
    }

    /**
     * Going back from {@code t} (exclusive) with {@code inner = innermostAt(t - 1)}: the latest
     * time before {@code t} where the innermost slice changes (the start of {@code inner}, or the
     * end of its last child that ended before {@code t}), or {@code Long.MIN_VALUE} when none.
     */
    public long previousBoundary(int inner, long t) {
        long bound = inner >= 0 ? calls.start(inner) : Long.MIN_VALUE;
        // The last call starting before t; its ancestor just under `inner` is the last child of
        // `inner` (a top-level call when inner is -1) that started before t, and it ended by t.
        int k = lastStartingAtOrBefore(t - 1);
        while (k >= 0 && k != inner && calls.parent(k) != inner) {
            k = calls.parent(k);
        }
        if (k >= 0 && k != inner && calls.end(k) < t) {
            bound = Math.max(bound, calls.end(k));
        }
        return bound;
    }

    private int lastStartingAtOrBefore(long t) {
        return lastStartingAtOrBefore(calls, t);
    }

    /** The last call (in pre-order) starting at or before {@code t}, or -1: a binary search over starts. */
    public static int lastStartingAtOrBefore(CallTable calls, long t) {
        int lo = 0;
        int hi = calls.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int m = (lo + hi) >>> 1;
            if (calls.start(m) <= t) {
                found = m;
                lo = m + 1;
            } else {
                hi = m - 1;
            }
        }
        return found;
    }
}
