package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.util.Locale;

/**
 * Finds slices by part of a method name (case-insensitive) and steps through them in time order
 * across threads (ties broken by thread, then call index). Headless.
 */
public final class SliceSearch {
    private SliceSearch() {
    }

    /** Per method index, whether its full name contains {@code query}; {@code null} for a blank query. */
    static boolean[] matches(MethodTable methods, String query) {
        String q = query.trim().toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            return null;
        }
        boolean[] m = new boolean[methods.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = methods.get(i).fullName().toLowerCase(Locale.ROOT).contains(q);
        }
        return m;
    }

    /** Number of calls whose method matches. */
    static long count(Trace trace, boolean[] matches) {
        long n = 0;
        for (var t : trace.threads()) {
            CallTable c = t.calls();
            for (int i = 0; i < c.size(); i++) {
                if (matches[c.method(i)]) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * The matching calls of each thread, in call order: a thread's calls are in pre-order, so by
     * start (a caller before its callees), and each search step is a binary search per thread
     * instead of a scan of every call. Built once per query.
     */
    record Hits(int[][] byThread) {
        static Hits of(Trace trace, boolean[] matches) {
            int[][] by = new int[trace.threads().size()][];
            for (int t = 0; t < by.length; t++) {
                CallTable c = trace.threads().get(t).calls();
                int n = 0;
                for (int i = 0; i < c.size(); i++) {
                    if (matches[c.method(i)]) {
                        n++;
                    }
                }
                int[] hits = new int[n];
                int k = 0;
                for (int i = 0; i < c.size() && k < n; i++) {
                    if (matches[c.method(i)]) {
                        hits[k++] = i;
                    }
                }
                by[t] = hits;
            }
            return new Hits(by);
        }

        /** How many of thread {@code t}'s hits come before {@code (start, thread, call)} in step order. */
        int before(Trace trace, int t, long start, int thread, int call) {
            CallTable c = trace.threads().get(t).calls();
            int[] h = byThread[t];
            int lo = 0;
            int hi = h.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (compare(c.start(h[mid]), t, h[mid], start, thread, call) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * The 1-based position of {@code at} among the matches in (start, thread, call) order, the order
     * {@link #step} walks; 0 when {@code at} is {@code null} or does not match.
     */
    static long rank(Trace trace, boolean[] matches, SliceRef at) {
        return rank(trace, matches, Hits.of(trace, matches), at);
    }

    static long rank(Trace trace, boolean[] matches, Hits hits, SliceRef at) {
        if (at == null || !matches[trace.threads().get(at.thread()).calls().method(at.call())]) {
            return 0;
        }
        long atStart = trace.threads().get(at.thread()).calls().start(at.call());
        long before = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            before += hits.before(trace, t, atStart, at.thread(), at.call());
        }
        return before + 1;
    }

    /**
     * The next (or previous) matching slice after {@code from} in (start, thread, call) order; from
     * {@code null} it is the first (or last). Wraps around; {@code null} when nothing matches.
     */
    static SliceRef step(Trace trace, boolean[] matches, SliceRef from, boolean forward) {
        return step(trace, Hits.of(trace, matches), from, forward);
    }

    static SliceRef step(Trace trace, Hits hits, SliceRef from, boolean forward) {
        SliceRef best = find(trace, hits, from, forward);
        return best != null || from == null ? best : find(trace, hits, null, forward);
    }

    private static SliceRef find(Trace trace, Hits hits, SliceRef from, boolean forward) {
        long fromStart = from == null ? 0 : trace.threads().get(from.thread()).calls().start(from.call());
        SliceRef best = null;
        long bestStart = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            int[] h = hits.byThread()[t];
            if (h.length == 0) {
                continue;
            }
            int k;
            if (from == null) {
                k = forward ? 0 : h.length - 1;
            } else {
                // first hit after `from` (forward), or last hit before it (backward)
                int lo = hits.before(trace, t, fromStart, from.thread(), from.call());
                if (forward) {
                    k = lo;
                    if (k < h.length && t == from.thread() && h[k] == from.call()) {
                        k++;
                    }
                } else {
                    k = lo - 1;
                }
            }
            if (k < 0 || k >= h.length) {
                continue;
            }
            long s = trace.threads().get(t).calls().start(h[k]);
            if (best == null || compare(s, t, h[k], bestStart, best.thread(), best.call()) * (forward ? 1 : -1) < 0) {
                best = new SliceRef(t, h[k]);
                bestStart = s;
            }
        }
        return best;
    }

    private static int compare(long s1, int t1, int c1, long s2, int t2, int c2) {
        if (s1 != s2) {
            return Long.compare(s1, s2);
        }
        if (t1 != t2) {
            return Integer.compare(t1, t2);
        }
        return Integer.compare(c1, c2);
    }
}
