package dev.ura.app.analysis.response;

import dev.ura.trace.model.EventTable;

import java.util.Arrays;

/** Event indices in start order (stable: equal starts keep table order, which is file order). */
final class EventOrder {
    private EventOrder() {
    }

    static int[] byStart(EventTable events) {
        int n = events.size();
        long[] keys = new long[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            if (i > 0 && events.start(i) < events.start(i - 1)) {
                sorted = false;
            }
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (sorted) {
            return order;
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
            keys[i] = events.start(i);
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(keys[a], keys[b]));
        for (int i = 0; i < n; i++) {
            order[i] = boxed[i];
        }
        return order;
    }

    /**
     * The position in {@code list} (event indices sorted by start) of the first event starting at
     * or after {@code t}; {@code list.length} when there is none.
     */
    static int lowerBound(EventTable events, int[] list, long t) {
        int lo = 0;
        int hi = list.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (events.start(list[mid]) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
