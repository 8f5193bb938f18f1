package dev.ura.app.render;

import dev.ura.trace.model.CallTable;

/**
 * The calls of one thread grouped by depth, each group in start order (pre-order keeps it), so
 * the calls visible in a time range at one depth are found with a binary search. Same-depth calls
 * never overlap, so their ends are sorted too. Costs 4 bytes a call, built in one pass.
 */
public final class DepthIndex {
    private final CallTable calls;
    private final int[] order;
    private final int[] offsets;

    private DepthIndex(CallTable calls, int[] order, int[] offsets) {
        this.calls = calls;
        this.order = order;
        this.offsets = offsets;
    }

    /** Builds the index of a call table. */
    public static DepthIndex of(CallTable calls) {
        int depths = calls.maxDepth() + 1;
        int[] offsets = new int[depths + 1];
        int n = calls.size();
        for (int i = 0; i < n; i++) {
            offsets[calls.depth(i) + 1]++;
        }
        for (int d = 0; d < depths; d++) {
            offsets[d + 1] += offsets[d];
        }
        int[] fill = java.util.Arrays.copyOf(offsets, depths);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[fill[calls.depth(i)]++] = i;
        }
        return new DepthIndex(calls, order, offsets);
    }

    public CallTable calls() {
        return calls;
    }

    /** Number of depths (maximum depth + 1; 0 for an empty thread). */
    public int depthCount() {
        return offsets.length - 1;
    }

    /** First position of depth {@code d}. */
    public int from(int d) {
        return offsets[d];
    }

    /** One past the last position of depth {@code d}. */
    public int to(int d) {
        return offsets[d + 1];
    }

    /** The call index at a position. */
    public int call(int position) {
        return order[position];
    }

    /**
     * The caller of {@code call}, or -1 for a top-level call: the last call one level up that comes
     * before it in pre-order, found by a binary search of that depth (the call table's own parent
     * column is a pass over every call of the thread, which the window must not make on the EDT
     * to show one slice's stack).
     */
    public int parent(int call) {
        int d = calls.depth(call);
        if (d == 0) {
            return -1;
        }
        int lo = from(d - 1);
        int hi = to(d - 1);
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (order[mid] < call) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo == from(d - 1) ? -1 : order[lo - 1];
    }

    /**
     * The first position in {@code [lo, to(d))} whose call ends at or after {@code ns}, or
     * {@code to(d)} when none does. {@code lo} must lie within depth {@code d}.
     */
    public int firstEndingAtOrAfter(int d, int lo, long ns) {
        int limit = to(d);
        // gallop first: the answer is usually a few calls ahead when folding pixel by pixel, and
        // nearby probes stay in cache where a plain binary search would jump across the array
        int step = 1;
        int hi = lo;
        while (hi < limit && calls.end(order[hi]) < ns) {
            lo = hi + 1;
            hi = lo + step;
            step <<= 1;
        }
        hi = Math.min(hi, limit);
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (calls.end(order[mid]) < ns) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
