package dev.ura.app.analysis.profile;

import dev.ura.trace.android.CallVisitor;
import dev.ura.trace.android.MethodTraceScan;

import java.util.Arrays;

/**
 * One thread's share of a {@link StreamingProfile}: {@link ThreadPass}'s rules applied as calls
 * open and close instead of over a finished table. A call's duration is its span minus the idle
 * calls anywhere below it (not inside another idle call); its exclusive time is that minus its
 * direct children's durations; its inclusive time counts when no call of the same method is open
 * around it.
 *
 * <p>Synthetic callers (exits read with an empty stack) enclose every call of the thread so far.
 * When one is added, the calls so far gain an outer call of its method, so their inclusive time
 * for that method no longer counts; an idle one takes them out altogether, its whole span becoming
 * idle time for the callers added later. The callers' own rows are added at the end, outermost
 * first, as the table puts them in front.
 */
final class StreamingThreadTotals implements CallVisitor {
    /**
     * Per method, one cache line of longs in {@link #totals}: calls, sum of durations, inclusive,
     * exclusive, min, max, and how many calls of it are open (the recursion guard). Interleaved
     * because each call touches all of them, and threads × methods outgrow the CPU caches.
     */
    private static final int STRIDE = 8;
    private static final int CALLS = 0;
    private static final int SUM = 1;
    private static final int INCLUSIVE = 2;
    private static final int EXCLUSIVE = 3;
    private static final int MIN = 4;
    private static final int MAX = 5;
    private static final int ACTIVE = 6;
    /** Idle synthetic callers each clear the thread's totals; more than this is not a real trace. */
    private static final int MAX_IDLE_CALLERS = 64;

    private final StreamingProfile owner;
    private long[] totals = new long[0];
    /** Methods {@link #totals} has room for. */
    private int methods;

    /** Bytes per stack level: an int, three longs and a boolean. */
    private static final int BYTES_PER_LEVEL = 29;
    private static final int INITIAL_LEVELS = 64;

    // Open calls, by stack level
    private int[] method = new int[INITIAL_LEVELS];
    private long[] start = new long[INITIAL_LEVELS];
    private long[] childSum = new long[INITIAL_LEVELS];
    private long[] idleBelow = new long[INITIAL_LEVELS];
    private boolean[] counted = new boolean[INITIAL_LEVELS];
    private int top;
    /** Stack level of the outermost open idle call, or -1: calls above it are left out. */
    private int idleLevel = -1;

    /** Idle time of the top-level calls so far (or an idle synthetic caller's span): its callers lose it. */
    private long regionIdle;
    /** Durations of the top-level calls (and the synthetic caller) a new synthetic caller directly encloses. */
    private long groupChildren;
    private int[] callerMethod = new int[4];
    private long[] callerDuration = new long[4];
    private long[] callerChildren = new long[4];
    private int callers;
    private int idleCallers;

    StreamingThreadTotals(StreamingProfile owner) {
        this.owner = owner;
        owner.allocated((long) INITIAL_LEVELS * BYTES_PER_LEVEL); // a file of many one-record threads counts too
    }

    @Override
    public void enter(int m, long startNs) {
        if (top == method.length) {
            growStack();
        }
        method[top] = m;
        start[top] = startNs;
        childSum[top] = 0;
        idleBelow[top] = 0;
        if (idleLevel < 0) {
            if (owner.isIdle(m)) {
                idleLevel = top;
            } else {
                ensure(m);
                counted[top] = totals[m * STRIDE + ACTIVE]++ == 0;
            }
        }
        top++;
    }

    @Override
    public void exit(long endNs) {
        int f = --top;
        if (idleLevel >= 0) {
            if (f == idleLevel) {
                idleLevel = -1;
                addIdle(f, endNs - start[f]);
            }
            return;
        }
        int m = method[f];
        long dur = endNs - start[f] - idleBelow[f];
        record(m, dur, childSum[f], counted[f]);
        totals[m * STRIDE + ACTIVE]--;
        if (f > 0) {
            childSum[f - 1] += dur;
            idleBelow[f - 1] += idleBelow[f];
        } else {
            groupChildren += dur;
            regionIdle += idleBelow[f];
        }
    }

    private void addIdle(int level, long idleNs) {
        if (level > 0) {
            idleBelow[level - 1] += idleNs;
        } else {
            regionIdle += idleNs;
        }
    }

    @Override
    public void syntheticCaller(int m, long startNs, long endNs) {
        long span = endNs - startNs;
        if (owner.isIdle(m)) {
            if (++idleCallers > MAX_IDLE_CALLERS) {
                throw new MethodTraceScan.Abandon("more than " + MAX_IDLE_CALLERS + " idle synthetic callers");
            }
            // the whole thread so far is inside an idle call: none of it counts (no call is open)
            Arrays.fill(totals, 0);
            for (int i = MIN; i < totals.length; i += STRIDE) {
                totals[i] = Long.MAX_VALUE;
            }
            callers = 0;
            regionIdle = span;
            groupChildren = 0;
            return;
        }
        long dur = span - regionIdle;
        if (callers == callerMethod.length) {
            int n = callers * 2;
            callerMethod = Arrays.copyOf(callerMethod, n);
            callerDuration = Arrays.copyOf(callerDuration, n);
            callerChildren = Arrays.copyOf(callerChildren, n);
        }
        callerMethod[callers] = m;
        callerDuration[callers] = dur;
        callerChildren[callers] = groupChildren;
        callers++;
        ensure(m);
        totals[m * STRIDE + INCLUSIVE] = 0; // every call so far of this method is now inside this caller
        groupChildren = dur;
    }

    @Override
    public void end() {
        for (int i = callers - 1; i >= 0; i--) {
            int m = callerMethod[i];
            record(m, callerDuration[i], callerChildren[i], totals[m * STRIDE + ACTIVE]++ == 0);
        }
        for (int i = 0; i < callers; i++) {
            totals[callerMethod[i] * STRIDE + ACTIVE]--;
        }
    }

    private void record(int m, long dur, long children, boolean outermost) {
        long[] t = totals;
        int at = m * STRIDE;
        t[at + CALLS]++;
        t[at + SUM] += dur;
        if (outermost) {
            t[at + INCLUSIVE] += dur;
        }
        t[at + EXCLUSIVE] += Math.max(0, dur - children);
        t[at + MIN] = Math.min(t[at + MIN], dur);
        t[at + MAX] = Math.max(t[at + MAX], dur);
    }

    /** Adds this thread's totals to a profile's. */
    void addTo(ProfileAnalyzer.Totals sums) {
        for (int m = 0; m < methods; m++) {
            int at = m * STRIDE;
            if (totals[at + CALLS] == 0) {
                continue;
            }
            sums.calls[m] += totals[at + CALLS];
            sums.sum[m] += totals[at + SUM];
            sums.inclusive[m] += totals[at + INCLUSIVE];
            sums.exclusive[m] += totals[at + EXCLUSIVE];
            sums.min[m] = Math.min(sums.min[m], totals[at + MIN]);
            sums.max[m] = Math.max(sums.max[m], totals[at + MAX]);
        }
    }

    private void ensure(int m) {
        if (m < methods) {
            return;
        }
        int n = Math.max(m + 1, Math.max(owner.knownMethods(), methods + (methods >> 1)));
        owner.allocated((long) (n - methods) * STRIDE * Long.BYTES);
        totals = Arrays.copyOf(totals, n * STRIDE);
        for (int i = methods * STRIDE + MIN; i < totals.length; i += STRIDE) {
            totals[i] = Long.MAX_VALUE;
        }
        methods = n;
    }

    private void growStack() {
        int n = top * 2;
        owner.allocated((long) (n - top) * BYTES_PER_LEVEL);
        method = Arrays.copyOf(method, n);
        start = Arrays.copyOf(start, n);
        childSum = Arrays.copyOf(childSum, n);
        idleBelow = Arrays.copyOf(idleBelow, n);
        counted = Arrays.copyOf(counted, n);
    }
}
