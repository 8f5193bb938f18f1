package dev.ura.app.analysis.breakdown;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * Accumulates per-method inclusive and exclusive time of one thread's calls clipped to a set of
 * disjoint, sorted intervals. Visits only the calls that can overlap them (the ancestors of the
 * first, then calls in pre-order until the last interval ends), in O(calls visited · log intervals).
 */
final class IntervalMethodTimes {
    private final long[] from;
    private final long[] to;
    private final long[] coveredBefore;

    /** @param starts interval starts, sorted; @param ends matching ends (disjoint intervals) */
    IntervalMethodTimes(long[] starts, long[] ends) {
        this.from = starts;
        this.to = ends;
        this.coveredBefore = new long[starts.length + 1];
        for (int i = 0; i < starts.length; i++) {
            coveredBefore[i + 1] = coveredBefore[i] + (ends[i] - starts[i]);
        }
    }

    /** Adds the thread's calls into the per-method arrays (indexed by method). */
    void accumulate(CallTable calls, long[] callCount, long[] inclusive, long[] exclusive, int[] active) {
        if (from.length == 0 || calls.size() == 0) {
            return;
        }
        long spanStart = from[0];
        long spanEnd = to[to.length - 1];
        int first = lastStartingAtOrBefore(calls, spanStart);
        int[] ancestors = new int[first < 0 ? 0 : calls.depth(first) + 1];
        int n = 0;
        for (int c = first; c >= 0; c = calls.parent(c)) {
            ancestors[n++] = c;
        }
        int[] stack = new int[calls.maxDepth() + 2];
        int top = 0;
        for (int k = n - 1; k >= 0; k--) {
            top = visit(calls, ancestors[k], stack, top, callCount, inclusive, exclusive, active);
        }
        for (int c = Math.max(0, first + 1); c < calls.size() && calls.start(c) < spanEnd; c++) {
            top = visit(calls, c, stack, top, callCount, inclusive, exclusive, active);
        }
        while (top > 0) {
            active[calls.method(stack[--top])]--;
        }
    }

    private int visit(CallTable calls, int c, int[] stack, int top, long[] callCount, long[] inclusive,
                      long[] exclusive, int[] active) {
        while (top > 0 && calls.depth(stack[top - 1]) >= calls.depth(c)) {
            active[calls.method(stack[--top])]--;
        }
        long ov = covered(calls.start(c), calls.end(c));
        int m = calls.method(c);
        if (ov > 0) {
            callCount[m]++;
            if (active[m] == 0) {
                inclusive[m] += ov;
            }
            exclusive[m] += ov;
            if (top > 0) {
                exclusive[calls.method(stack[top - 1])] -= ov;
            }
        }
        active[m]++;
        stack[top++] = c;
        return top;
    }

    /** Length of the intervals' union within {@code [a, b]}. */
    long covered(long a, long b) {
        return b <= a ? 0 : coveredUpTo(b) - coveredUpTo(a);
    }

    private long coveredUpTo(long t) {
        int i = Arrays.binarySearch(to, t);
        int k = i >= 0 ? i + 1 : -i - 1;
        // intervals 0..k-1 end at or before t; interval k may contain t
        long c = coveredBefore[k];
        if (k < from.length && from[k] < t) {
            c += t - from[k];
        }
        return c;
    }

    private static int lastStartingAtOrBefore(CallTable calls, long t) {
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
