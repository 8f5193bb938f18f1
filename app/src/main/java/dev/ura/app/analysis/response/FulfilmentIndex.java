package dev.ura.app.analysis.response;

import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the draw that fulfils a screen-update request: the first fulfilment of the request's
 * family ({@code INVALIDATE → DRAW}, {@code PAGE_START → PAGE_FINISH},
 * {@code REQUEST_RENDER → DRAW_FRAME}) with the same identity that starts at or after the
 * request. Derived events have no identity; for them "no identity" matches "no identity", which is
 * the rules' "one frame draws every pending view".
 */
final class FulfilmentIndex {
    private final EventTable events;
    private final Map<Long, int[]> byKey = new HashMap<>();
    private final Map<Integer, long[]> drawStartsByThread = new HashMap<>();
    /** DRAW events (frames) by thread, in start order. */
    private final Map<Integer, int[]> framesByThread = new HashMap<>();

    FulfilmentIndex(EventTable events, int[] order) {
        this.events = events;
        Map<Long, List<Integer>> lists = new HashMap<>();
        Map<Integer, List<Long>> starts = new HashMap<>();
        for (int e : order) {
            EventKind k = events.kind(e);
            if (k.isFulfilment()) {
                lists.computeIfAbsent(key(k, events.identityId(e)), x -> new ArrayList<>()).add(e);
                starts.computeIfAbsent(events.thread(e), x -> new ArrayList<>()).add(events.start(e));
            }
        }
        Map<Integer, List<Integer>> frames = new HashMap<>();
        for (int e : order) {
            if (events.kind(e) == EventKind.DRAW) {
                frames.computeIfAbsent(events.thread(e), x -> new ArrayList<>()).add(e);
            }
        }
        frames.forEach((t, l) -> framesByThread.put(t, l.stream().mapToInt(Integer::intValue).toArray()));
        lists.forEach((k, l) -> byKey.put(k, l.stream().mapToInt(Integer::intValue).toArray()));
        starts.forEach((t, l) -> drawStartsByThread.put(t, l.stream().mapToLong(Long::longValue).toArray()));
    }

    /** The fulfilling event of request {@code r}, or -1 when none follows it. */
    int fulfilmentOf(int r) {
        EventKind fulfilment = switch (events.kind(r)) {
            case INVALIDATE -> EventKind.DRAW;
            case PAGE_START -> EventKind.PAGE_FINISH;
            case REQUEST_RENDER -> EventKind.DRAW_FRAME;
            default -> null;
        };
        if (fulfilment == null) {
            return -1;
        }
        int[] list = byKey.get(key(fulfilment, events.identityId(r)));
        if (list == null) {
            return -1;
        }
        long t = events.start(r);
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
        return lo < list.length ? list[lo] : -1;
    }

    /** The first DRAW on {@code thread} that starts at or after {@code t}, or -1. */
    int firstFrameAfter(int thread, long t) {
        int[] list = framesByThread.get(thread);
        if (list == null) {
            return -1;
        }
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
        return lo < list.length ? list[lo] : -1;
    }

    /** Whether any fulfilment starts on {@code thread} in {@code (from, to]}. */
    boolean drawnBetween(int thread, long from, long to) {
        long[] starts = drawStartsByThread.get(thread);
        if (starts == null) {
            return false;
        }
        int lo = 0;
        int hi = starts.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < starts.length && starts[lo] <= to;
    }

    private static long key(EventKind kind, int identity) {
        return ((long) kind.ordinal() << 32) | (identity & 0xFFFF_FFFFL);
    }
}
