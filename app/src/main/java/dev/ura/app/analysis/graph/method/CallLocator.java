package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.SliceCuts;
import dev.ura.trace.model.CallTable;

/**
 * Finds the call a stretch of one thread's time lies in, and the call worth naming it after.
 * Relies on the pre-order of {@link CallTable}: starts never decrease with the index, so the
 * last call starting at or before a time, followed up its parents, is the deepest call there.
 */
final class CallLocator {
    /** The caller's own time between two parts joins a neighbour only when shorter than this, ns. */
    static final long SLIVER_NS = 100_000L;
    /** A child shorter than this never gets a part of its own, ns. */
    static final long MIN_PART_NS = 500_000L;
    /** ...nor one shorter than this share of the stretch being cut (so a stretch has at most ~50 parts a level). */
    static final int PARTS_PER_STRETCH = 50;

    private final CallTable calls;
    private final MethodLabels methods;
    private final int[] subtreeEnd;

    CallLocator(CallTable calls, MethodLabels methods) {
        this.calls = calls;
        this.methods = methods;
        this.subtreeEnd = calls.subtreeEnds();
    }

    /** The calls this locator searches. */
    CallTable calls() {
        return calls;
    }

    /** The last call of the subtree of {@code call} (inclusive). */
    int subtreeEnd(int call) {
        return subtreeEnd[call];
    }

    /** Whether {@code ancestor} encloses {@code call} (a call does not enclose itself). */
    boolean encloses(int ancestor, int call) {
        return ancestor >= 0 && ancestor < call && subtreeEnd[ancestor] >= call;
    }

    /**
     * Cuts {@code [a, b]} into parts that each lie in one call and are named after it, so that
     * different methods never share a name: starting from the deepest call containing the stretch,
     * every child that covers at least {@link #MIN_PART_NS} (half the stretch for a shorter one) and
     * 1/{@value #PARTS_PER_STRETCH} of the stretch is cut out and cut again the same way; the time
     * between such children (the call's own time and its short callees) stays with the call, unless
     * it is shorter than that too and than {@link #SLIVER_NS}: then it joins the neighbouring part. A part is named after the deepest app method
     * among the calls it lies in below the starting call, else its deepest call; consecutive parts
     * with the same name call are one part. A part inside an idle method
     * ({@link dev.ura.app.analysis.events.IdleMethods}) says so: it is a wait, not work.
     */
    Parts split(long a, long b) {
        Parts out = new Parts();
        if (b <= a) {
            out.add(a, b, meaningful(a, b));
            return out;
        }
        int outer = innermostContaining(a, b);
        long min = Math.max((b - a) / PARTS_PER_STRETCH, Math.min(MIN_PART_NS, (b - a) / 2));
        boolean idle = false;
        for (int c = outer; c >= 0 && !idle; c = calls.parent(c)) {
            idle = isIdle(c);
        }
        descend(outer, a, b, min, outer >= 0 && isApp(outer) ? outer : -1, idle, out);
        return out;
    }

    /** @param idle whether {@code call} lies in an idle method (it then cannot be work, whatever it calls) */
    private void descend(int call, long a, long b, long min, int app, boolean idle, Parts out) {
        out.idle = idle;
        int name = app >= 0 ? app : call;
        long cursor = a;
        boolean cut = false;
        int last = call < 0 ? calls.size() - 1 : subtreeEnd[call];
        for (int k = firstChildAtOrBefore(call, a); k >= 0 && k <= last && calls.start(k) < b; k = subtreeEnd[k] + 1) {
            long s = Math.max(a, calls.start(k));
            long e = Math.min(b, calls.end(k));
            if (e - s < min) {
                continue;
            }
            // Own time too short to show (under the table's 0.1 ms) joins the neighbouring part
            // instead of becoming a sliver; anything longer is the caller's, where it happened.
            if (s - cursor > Math.min(min, SLIVER_NS)) {
                out.add(cursor, s, name);
            } else if (cut) {
                out.extendLast(s);
            } else {
                s = cursor;
            }
            descend(k, s, e, min, isApp(k) ? k : app, idle || isIdle(k), out);
            out.idle = idle;
            cursor = e;
            cut = true;
        }
        if (!cut || b - cursor > Math.min(min, SLIVER_NS)) {
            out.add(cursor, b, name);
        } else {
            out.extendLast(b);
        }
    }

    /** The child of {@code call} (a top-level call for -1) that is the last to start at or before {@code t}, else its first child, else -1. */
    private int firstChildAtOrBefore(int call, long t) {
        int lo = call + 1;
        int hi = call < 0 ? calls.size() - 1 : subtreeEnd[call];
        if (lo > hi) {
            return -1;
        }
        int found = -1;
        int l = lo;
        int h = hi;
        while (l <= h) {
            int m = (l + h) >>> 1;
            if (calls.start(m) <= t) {
                found = m;
                l = m + 1;
            } else {
                h = m - 1;
            }
        }
        if (found < 0) {
            return lo;
        }
        int depth = call < 0 ? 0 : calls.depth(call) + 1;
        while (calls.depth(found) > depth) {
            found = calls.parent(found);
        }
        return found;
    }

    /** Parts of a stretch, left to right: {@code [start(k), end(k)]} named after {@code call(k)} (-1: none). */
    static final class Parts {
        private long[] start = new long[4];
        private long[] end = new long[4];
        private int[] call = new int[4];
        private boolean[] idleAt = new boolean[4];
        private int count;
        /** Whether parts added now lie in an idle method. */
        private boolean idle;

        void add(long from, long to, int c) {
            if (count > 0 && call[count - 1] == c && idleAt[count - 1] == idle && end[count - 1] == from) {
                end[count - 1] = to;
                return;
            }
            if (count == start.length) {
                start = java.util.Arrays.copyOf(start, count * 2);
                end = java.util.Arrays.copyOf(end, count * 2);
                call = java.util.Arrays.copyOf(call, count * 2);
                idleAt = java.util.Arrays.copyOf(idleAt, count * 2);
            }
            start[count] = from;
            end[count] = to;
            call[count] = c;
            idleAt[count] = idle;
            count++;
        }

        /** Whether part {@code k} lies in an idle method (parked, sleeping, polling): a wait, not work. */
        boolean idle(int k) {
            return idleAt[k];
        }

        void extendLast(long to) {
            end[count - 1] = to;
        }

        int count() {
            return count;
        }

        long start(int k) {
            return start[k];
        }

        long end(int k) {
            return end[k];
        }

        int call(int k) {
            return call[k];
        }
    }

    /** The deepest call containing all of {@code [a, b]}, or -1. */
    int innermostContaining(long a, long b) {
        int i = SliceCuts.lastStartingAtOrBefore(calls, a);
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
        int deepest = SliceCuts.lastStartingAtOrBefore(calls, mid);
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

    /** Whether the thread waits in the call's method (see {@link dev.ura.app.analysis.events.IdleMethods}). */
    boolean isIdle(int call) {
        return methods.isIdle(calls.method(call));
    }

    /** Whether the call's method only runs its thread's loop. */
    boolean isLoop(int call) {
        return methods.isLoop(calls.method(call));
    }

    /** The children of {@code call} (top-level calls for -1) overlapping {@code (a, b)}, in order. */
    int[] childrenOverlapping(int call, long a, long b) {
        int[] out = new int[4];
        int n = 0;
        int last = call < 0 ? calls.size() - 1 : subtreeEnd[call];
        for (int k = firstChildAtOrBefore(call, a); k >= 0 && k <= last && calls.start(k) < b; k = subtreeEnd[k] + 1) {
            if (calls.end(k) > a) {
                if (n == out.length) {
                    out = java.util.Arrays.copyOf(out, n * 2);
                }
                out[n++] = k;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Whether the call runs app code. */
    boolean isApp(int call) {
        return methods.isApp(calls.method(call));
    }
}
