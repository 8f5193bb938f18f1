package dev.ura.app.analysis.graph;

import dev.ura.trace.model.CallTable;

/**
 * Finds the call a stretch of one thread's time lies in, and the call worth naming it after.
 * Relies on the pre-order of {@link CallTable}: starts never decrease with the index, so the
 * last call starting at or before a time, followed up its parents, is the deepest call there.
 */
final class CallLocator {
    private final CallTable calls;
    private final MethodLabels methods;

    CallLocator(CallTable calls, MethodLabels methods) {
        this.calls = calls;
        this.methods = methods;
    }

    /** The deepest call containing all of {@code [a, b]}, or -1. */
    int innermostContaining(long a, long b) {
        int i = lastStartingAtOrBefore(a);
        while (i >= 0 && calls.end(i) < b) {
            i = calls.parent(i);
        }
        return i;
    }

    /**
     * The call to name {@code [a, b]} after: starting from the deepest call containing it, follow
     * the calls at its midpoint while each covers at least half of it (only such a call can), and
     * take the deepest app method met, else the deepest call met; -1 when no call contains it.
     */
    int meaningful(long a, long b) {
        int outer = innermostContaining(a, b);
        if (outer < 0 || b <= a) {
            return outer;
        }
        long mid = a + (b - a) / 2;
        int deepest = lastStartingAtOrBefore(mid);
        while (deepest >= 0 && calls.end(deepest) < mid) {
            deepest = calls.parent(deepest);
        }
        int[] chain = new int[Math.max(1, calls.depth(deepest) - calls.depth(outer) + 1)];
        int n = 0;
        for (int c = deepest; c >= 0 && c != outer && calls.depth(c) > calls.depth(outer); c = calls.parent(c)) {
            chain[n++] = c;
        }
        int best = outer;
        int bestApp = isApp(outer) ? outer : -1;
        for (int k = n - 1; k >= 0; k--) {
            int c = chain[k];
            long overlap = Math.min(b, calls.end(c)) - Math.max(a, calls.start(c));
            if (overlap * 2 < b - a) {
                break;
            }
            best = c;
            if (isApp(c)) {
                bestApp = c;
            }
        }
        return bestApp >= 0 ? bestApp : best;
    }

    /** {@code pkg.Class.method} (or {@code KIND:name} for agent-log intervals) of a call. */
    String name(int call) {
        return methods.name(calls.method(call));
    }

    private boolean isApp(int call) {
        return methods.isApp(calls.method(call));
    }

    private int lastStartingAtOrBefore(long t) {
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
