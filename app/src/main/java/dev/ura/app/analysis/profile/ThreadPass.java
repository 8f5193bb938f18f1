package dev.ura.app.analysis.profile;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * One thread's contribution to a profile: walks the pre-order calls once, keeping the open calls
 * on a stack indexed by depth. Calls outside the scope's window are skipped with their subtree
 * (a child lies inside its parent, so it cannot overlap a window its parent misses).
 */
final class ThreadPass {
    private final CallTable calls;
    private final CallScope scope;
    private final ProfileAnalyzer.Totals totals;
    private final ProfileNode topDownRoot;
    private final ProfileNode bottomUpRoot;
    private final String[] names;
    /** Per method: idle (left out with its subtree), or {@code null} to count every call. */
    private final boolean[] idle;
    private int[] method = new int[64];
    /** Whether the call at each level is the outermost open call of its method (its inclusive time counted). */
    private boolean[] counted = new boolean[64];
    private long[] duration = new long[64];
    private long[] childSum = new long[64];
    private ProfileNode[] node;
    private int top;
    /** Nodes each tree may still create (shared across threads of one analysis). */
    private final int[] topDownBudget;
    private final int[] bottomUpBudget;

    ThreadPass(CallTable calls, CallScope scope, ProfileAnalyzer.Totals totals, ProfileNode topDownRoot,
               ProfileNode bottomUpRoot, String[] names, int[] topDownBudget, int[] bottomUpBudget, boolean[] idle) {
        this.idle = idle;
        this.topDownBudget = topDownBudget;
        this.bottomUpBudget = bottomUpBudget;
        this.calls = calls;
        this.scope = scope;
        this.totals = totals;
        this.topDownRoot = topDownRoot;
        this.bottomUpRoot = bottomUpRoot;
        this.names = names;
        this.node = topDownRoot == null ? null : new ProfileNode[64];
    }

    void run() {
        int n = calls.size();
        for (int i = 0; i < n; i++) {
            long s = calls.start(i);
            long e = calls.end(i);
            if (!scope.overlaps(s, e)) {
                i = calls.subtreeEnd(i);
                continue;
            }
            int d = calls.depth(i);
            while (top > d) {
                pop();
            }
            long clipped = Math.max(0, Math.min(e, scope.toNs()) - Math.max(s, scope.fromNs()));
            if (idle != null && idle[calls.method(i)]) {
                discount(clipped);
                i = calls.subtreeEnd(i);
                continue;
            }
            push(calls.method(i), clipped);
        }
        while (top > 0) {
            pop();
        }
    }

    private void push(int m, long dur) {
        if (top == method.length) {
            int size = top * 2;
            method = Arrays.copyOf(method, size);
            duration = Arrays.copyOf(duration, size);
            childSum = Arrays.copyOf(childSum, size);
            counted = Arrays.copyOf(counted, size);
            if (node != null) {
                node = Arrays.copyOf(node, size);
            }
        }
        totals.calls[m]++;
        totals.sum[m] += dur;
        counted[top] = totals.active[m]++ == 0;
        if (counted[top]) {
            totals.inclusive[m] += dur;
        }
        if (top > 0) {
            childSum[top - 1] += dur;
        }
        method[top] = m;
        duration[top] = dur;
        childSum[top] = 0;
        if (node != null) {
            ProfileNode parent = top == 0 ? topDownRoot : node[top - 1];
            node[top] = parent.child(m, names[m], topDownBudget);
        }
        top++;
    }

    /**
     * Takes an idle call's time off every open call: their durations (so inclusive, min, max and
     * mean), and the child sums of all but the innermost (the idle call was never pushed, so its
     * time is not the innermost's own time either).
     */
    private void discount(long idleNs) {
        for (int level = 0; level < top; level++) {
            int m = method[level];
            duration[level] -= idleNs;
            totals.sum[m] -= idleNs;
            if (counted[level]) {
                totals.inclusive[m] -= idleNs;
            }
            if (level < top - 1) {
                childSum[level] -= idleNs;
            }
        }
    }

    private void pop() {
        top--;
        int m = method[top];
        totals.min[m] = Math.min(totals.min[m], duration[top]);
        totals.max[m] = Math.max(totals.max[m], duration[top]);
        long own = Math.max(0, duration[top] - childSum[top]);
        totals.exclusive[m] += own;
        totals.active[m]--;
        if (node != null) {
            // a truncated node absorbs whole subtrees, so only own time adds up there
            node[top].add(1, node[top].isTruncated() ? own : duration[top], own);
            node[top] = null;
            ProfileNode b = bottomUpRoot.child(m, names[m], bottomUpBudget);
            b.add(1, duration[top], own);
            int deepest = Math.max(0, top - ProfileAnalyzer.BOTTOM_UP_DEPTH);
            for (int level = top - 1; level >= deepest && !b.isTruncated(); level--) {
                b = b.child(method[level], names[method[level]], bottomUpBudget);
                b.add(1, b.isTruncated() ? own : duration[top], own);
            }
        }
    }
}
