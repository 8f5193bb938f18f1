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
     * The 1-based position of {@code at} among the matches in (start, thread, call) order, the order
     * {@link #step} walks; 0 when {@code at} is {@code null} or does not match.
     */
    static long rank(Trace trace, boolean[] matches, SliceRef at) {
        if (at == null || !matches[trace.threads().get(at.thread()).calls().method(at.call())]) {
            return 0;
        }
        long atStart = trace.threads().get(at.thread()).calls().start(at.call());
        long before = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            CallTable c = trace.threads().get(t).calls();
            for (int i = 0; i < c.size(); i++) {
                if (matches[c.method(i)] && compare(c.start(i), t, i, atStart, at.thread(), at.call()) < 0) {
                    before++;
                }
            }
        }
        return before + 1;
    }

    /**
     * The next (or previous) matching slice after {@code from} in (start, thread, call) order; from
     * {@code null} it is the first (or last). Wraps around; {@code null} when nothing matches.
     */
    static SliceRef step(Trace trace, boolean[] matches, SliceRef from, boolean forward) {
        SliceRef best = find(trace, matches, from, forward);
        return best != null || from == null ? best : find(trace, matches, null, forward);
    }

    private static SliceRef find(Trace trace, boolean[] matches, SliceRef from, boolean forward) {
        long fromStart = from == null ? 0 : trace.threads().get(from.thread()).calls().start(from.call());
        SliceRef best = null;
        long bestStart = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            CallTable c = trace.threads().get(t).calls();
            for (int i = 0; i < c.size(); i++) {
                if (!matches[c.method(i)]) {
                    continue;
                }
                long s = c.start(i);
                if (from != null && compare(s, t, i, fromStart, from.thread(), from.call()) * (forward ? 1 : -1) <= 0) {
                    continue;
                }
                if (best == null || compare(s, t, i, bestStart, best.thread(), best.call()) * (forward ? 1 : -1) < 0) {
                    best = new SliceRef(t, i);
                    bestStart = s;
                }
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
