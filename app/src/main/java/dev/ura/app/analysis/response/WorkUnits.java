package dev.ura.app.analysis.response;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.Arrays;

/**
 * The units of work response detection follows: trigger intervals ({@code USER_INPUT},
 * {@code START_ACTIVITY}) and dispatches ({@code DISPATCH_MSG}), and for every event the innermost
 * unit of its thread it happens in (its owner).
 *
 * <p>Events derived from a method trace know their call, so ownership follows the call tree
 * (robust to the equal timestamps of sampled traces); agent-log events are placed by time: an
 * event belongs to the innermost unit whose interval contains its start, both ends inclusive; at
 * equal times the order of the log's lines decides (an event written before a unit's "B" at the
 * same time is not in that unit).
 */
public final class WorkUnits {
    private final EventTable events;
    private final int[] owner;
    private final int[] ownedFrom;
    private final int[] owned;

    private WorkUnits(EventTable events, int[] owner) {
        this.events = events;
        this.owner = owner;
        int n = events.size();
        ownedFrom = new int[n + 2];
        for (int e = 0; e < n; e++) {
            if (owner[e] >= 0) {
                ownedFrom[owner[e] + 2]++;
            }
        }
        for (int u = 0; u < n; u++) {
            ownedFrom[u + 2] += ownedFrom[u + 1];
        }
        owned = new int[ownedFrom[n + 1]];
        for (int e = 0; e < n; e++) {
            if (owner[e] >= 0) {
                owned[ownedFrom[owner[e] + 1]++] = e;
            }
        }
    }

    /**
     * Finds the owners of {@code events}.
     *
     * @param byCallTree whether the events point at their calls in {@code trace} (derived events)
     */
    public static WorkUnits of(Trace trace, EventTable events, boolean byCallTree) {
        int[] owner = new int[events.size()];
        Arrays.fill(owner, -1);
        if (byCallTree) {
            ownByCallTree(trace, events, owner);
        } else {
            ownByTime(trace.threads().size(), events, owner);
        }
        return new WorkUnits(events, owner);
    }

    /** Whether event {@code e} is a unit of work (a trigger or a dispatch). */
    public static boolean isUnit(EventTable events, int e) {
        EventKind k = events.kind(e);
        return k.isTrigger() || k == EventKind.DISPATCH_MSG;
    }

    /** Whether event {@code e} of this table is a unit of work. */
    public boolean isUnit(int e) {
        return isUnit(events, e);
    }

    /** The innermost unit event {@code e} happens in (for a unit: the unit around it), or -1. */
    public int owner(int e) {
        return owner[e];
    }

    /** Number of events unit {@code u} owns directly. */
    public int ownedCount(int u) {
        return ownedFrom[u + 1] - ownedFrom[u];
    }

    /** The {@code k}-th event unit {@code u} owns directly, in event order. */
    public int owned(int u, int k) {
        return owned[ownedFrom[u] + k];
    }

    /**
     * An event's owner is the first unit event (in table order) at the innermost call that has one
     * among its call and that call's callers; a unit's own call counts only for a later unit at the
     * same call. Found in one pass over each thread's calls in pre-order with a stack of the unit
     * calls enclosing the current one, so nothing the size of the call table is allocated (a
     * per-call array, and the parent column a walk up the callers needs, would be 8 bytes a call).
     */
    private static void ownByCallTree(Trace trace, EventTable events, int[] owner) {
        int threads = trace.threads().size();
        int[] count = new int[threads];
        boolean[] hasUnit = new boolean[threads];
        for (int e = 0; e < events.size(); e++) {
            if (events.call(e) >= 0) {
                count[events.thread(e)]++;
                hasUnit[events.thread(e)] |= isUnit(events, e);
            }
        }
        long[][] byCall = new long[threads][];
        for (int e = 0; e < events.size(); e++) {
            int t = events.thread(e);
            if (events.call(e) >= 0 && hasUnit[t]) {
                if (byCall[t] == null) {
                    byCall[t] = new long[count[t]];
                    count[t] = 0;
                }
                byCall[t][count[t]++] = (long) events.call(e) << 32 | e;
            }
        }
        for (int t = 0; t < threads; t++) {
            if (byCall[t] != null) {
                Arrays.sort(byCall[t]);
                ownInThread(trace.threads().get(t).calls(), events, byCall[t], owner);
            }
        }
    }

    /** @param keys this thread's events with a call, as {@code call << 32 | event}, sorted */
    private static void ownInThread(CallTable calls, EventTable events, long[] keys, int[] owner) {
        int[] unitDepth = new int[calls.maxDepth() + 2];
        int[] unitEvent = new int[unitDepth.length];
        int top = 0;
        int k = 0;
        for (int i = 0; i < calls.size() && k < keys.length; i++) {
            int d = calls.depth(i);
            while (top > 0 && unitDepth[top - 1] >= d) {
                top--; // that unit call's subtree ended before call i
            }
            int enclosing = top > 0 ? unitEvent[top - 1] : -1;
            int group = k;
            int unitHere = -1;
            while (k < keys.length && (int) (keys[k] >>> 32) == i) {
                int e = (int) keys[k++];
                if (unitHere < 0 && isUnit(events, e)) {
                    unitHere = e;
                }
            }
            for (int q = group; q < k; q++) {
                int e = (int) keys[q];
                owner[e] = e == unitHere || unitHere < 0 ? enclosing : unitHere;
            }
            if (unitHere >= 0) {
                unitDepth[top] = d;
                unitEvent[top++] = unitHere;
            }
        }
    }

    /** Whether open unit {@code u} is over when {@code e} starts (back-to-back units do not nest). */
    private static boolean endsBefore(EventTable events, int u, int e) {
        long end = events.end(u);
        long start = events.start(e);
        return end < start || end == start && isUnit(events, e) && events.end(e) > end;
    }

    private static void ownByTime(int threads, EventTable events, int[] owner) {
        int n = events.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // Per thread in time order; at equal starts in table order, which is the order the log
        // wrote them in (an interval is added at its "B"): a send written before a "B" at the same
        // time happens before that unit, one written after it happens inside it.
        Arrays.sort(order, (a, b) -> {
            int c = Integer.compare(events.thread(a), events.thread(b));
            if (c != 0) {
                return c;
            }
            c = Long.compare(events.start(a), events.start(b));
            return c != 0 ? c : Integer.compare(a, b);
        });
        int[] stack = new int[Math.max(1, n)];
        int top = -1;
        int thread = -1;
        for (int k = 0; k < n; k++) {
            int e = order[k];
            if (events.thread(e) != thread) {
                thread = events.thread(e);
                top = -1;
            }
            while (top >= 0 && endsBefore(events, stack[top], e)) {
                top--;
            }
            owner[e] = top >= 0 ? stack[top] : -1;
            if (isUnit(events, e)) {
                stack[++top] = e;
            }
        }
    }
}
