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
    /** Accumulator bytes per method: six longs and an int. */
    private static final int BYTES_PER_METHOD = 52;
    /** Idle synthetic callers each clear the thread's totals; more than this is not a real trace. */
    private static final int MAX_IDLE_CALLERS = 64;

    private final StreamingProfile owner;
    private long[] calls = new long[0];
    private long[] sum = new long[0];
    private long[] inclusive = new long[0];
    private long[] exclusive = new long[0];
    private long[] min = new long[0];
    private long[] max = new long[0];
    private int[] active = new int[0];

    private int[] method = new int[64];
    private long[] start = new long[64];
    private long[] childSum = new long[64];
    private long[] idleBelow = new long[64];
    private boolean[] counted = new boolean[64];
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
                counted[top] = active[m]++ == 0;
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
        active[m]--;
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
            // the whole thread so far is inside an idle call: none of it counts
            Arrays.fill(calls, 0);
            Arrays.fill(sum, 0);
            Arrays.fill(inclusive, 0);
            Arrays.fill(exclusive, 0);
            Arrays.fill(min, Long.MAX_VALUE);
            Arrays.fill(max, 0);
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
        inclusive[m] = 0; // every call so far of this method is now inside this caller
        groupChildren = dur;
    }

    @Override
    public void end() {
        for (int i = callers - 1; i >= 0; i--) {
            int m = callerMethod[i];
            record(m, callerDuration[i], callerChildren[i], active[m]++ == 0);
        }
        for (int i = 0; i < callers; i++) {
            active[callerMethod[i]]--;
        }
    }

    private void record(int m, long dur, long children, boolean outermost) {
        calls[m]++;
        sum[m] += dur;
        if (outermost) {
            inclusive[m] += dur;
        }
        exclusive[m] += Math.max(0, dur - children);
        min[m] = Math.min(min[m], dur);
        max[m] = Math.max(max[m], dur);
    }

    /** Adds this thread's totals to a profile's. */
    void addTo(ProfileAnalyzer.Totals totals) {
        for (int m = 0; m < calls.length; m++) {
            if (calls[m] == 0) {
                continue;
            }
            totals.calls[m] += calls[m];
            totals.sum[m] += sum[m];
            totals.inclusive[m] += inclusive[m];
            totals.exclusive[m] += exclusive[m];
            totals.min[m] = Math.min(totals.min[m], min[m]);
            totals.max[m] = Math.max(totals.max[m], max[m]);
        }
    }

    private void ensure(int m) {
        if (m < calls.length) {
            return;
        }
        int old = calls.length;
        int n = Math.max(m + 1, Math.max(64, old + (old >> 1)));
        owner.allocated((long) (n - old) * BYTES_PER_METHOD);
        calls = Arrays.copyOf(calls, n);
        sum = Arrays.copyOf(sum, n);
        inclusive = Arrays.copyOf(inclusive, n);
        exclusive = Arrays.copyOf(exclusive, n);
        min = Arrays.copyOf(min, n);
        Arrays.fill(min, old, n, Long.MAX_VALUE);
        max = Arrays.copyOf(max, n);
        active = Arrays.copyOf(active, n);
    }

    private void growStack() {
        int n = top * 2;
        owner.allocated((long) (n - top) * 33);
        method = Arrays.copyOf(method, n);
        start = Arrays.copyOf(start, n);
        childSum = Arrays.copyOf(childSum, n);
        idleBelow = Arrays.copyOf(idleBelow, n);
        counted = Arrays.copyOf(counted, n);
    }
}
