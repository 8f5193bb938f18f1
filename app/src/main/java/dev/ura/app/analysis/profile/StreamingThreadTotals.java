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
 *
 * <p>The sums go to a {@link MethodSums} of this thread's own or one shared by every thread. Shared
 * sums cannot take back one thread's calls: when a synthetic caller needs that (this thread already
 * added inclusive time of the caller's method, or any call before an idle caller), the scan is
 * abandoned and {@link StreamingProfile#needsThreadSums()} says to scan again with sums per thread.
 */
final class StreamingThreadTotals implements CallVisitor {
    /** Idle synthetic callers each clear the thread's totals; more than this is not a real trace. */
    private static final int MAX_IDLE_CALLERS = 64;

    private final StreamingProfile owner;
    private final MethodSums sums;
    private final boolean shared;
    /** Open calls of each method on this thread (the recursion guard), by method index. */
    private int[] active = new int[0];
    /** Shared sums only: the methods this thread added inclusive time to, one bit each. */
    private long[] inclusiveAdded = new long[0];
    /** Shared sums only: whether this thread recorded any call. */
    private boolean recorded;

    /** Bytes per stack level: an int, three longs and a boolean. */
    private static final int BYTES_PER_LEVEL = 29;
    private static final int INITIAL_LEVELS = 256;

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

    /** @param sums this thread's own sums, or the sums shared by every thread ({@code shared}) */
    StreamingThreadTotals(StreamingProfile owner, MethodSums sums, boolean shared) {
        this.owner = owner;
        this.sums = sums;
        this.shared = shared;
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
                if (m >= active.length) {
                    ensure(m);
                }
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
            // the whole thread so far is inside an idle call: none of it counts (no call is open)
            if (shared && recorded) {
                throw owner.threadSumsNeeded();
            }
            if (!shared) {
                sums.clear();
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
        // every call so far of this method is now inside this caller: its inclusive time no longer counts
        if (!shared) {
            sums.clearInclusive(m);
        } else if ((inclusiveAdded[m >>> 6] & (1L << m)) != 0) {
            throw owner.threadSumsNeeded();
        }
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
        if (shared) {
            recorded = true;
            if (outermost) {
                inclusiveAdded[m >>> 6] |= 1L << m;
            }
        }
        sums.record(m, dur, children, outermost);
    }

    /** Adds this thread's own sums to a profile's. */
    void addTo(ProfileAnalyzer.Totals totals) {
        if (shared) {
            throw new IllegalStateException("shared sums are added once, by the profile");
        }
        sums.addTo(totals);
    }

    /** Makes room for method {@code m} in the recursion guard and the sums. */
    private void ensure(int m) {
        if (m < active.length) {
            return;
        }
        int n = Math.max(m + 1, Math.max(owner.knownMethods(), active.length + (active.length >> 1)));
        owner.allocated((long) (n - active.length) * Integer.BYTES + (long) sums.growTo(n) * MethodSums.BYTES_PER_METHOD);
        active = Arrays.copyOf(active, n);
        if (shared) {
            inclusiveAdded = Arrays.copyOf(inclusiveAdded, (n + 63) >>> 6);
        }
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
