package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.MethodEventDeriver;
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
 *
 * <p>In an agent log a missing identity is a bad line, with these meanings (docs/agent-log-v1.md,
 * "What ura does with imperfect logs"): a fulfilment without one fulfils every request of its
 * family pending when it starts (it is taken for a frame that draws everything); a request
 * without one is fulfilled by the next fulfilment of its family on its own thread, else on any
 * thread, and is no request at all when none follows ({@link #isOptional}), so it can never
 * leave a finished response unfinished.
 */
final class FulfilmentIndex {
    private final EventTable events;
    private final boolean agentLog;
    private final Map<Long, int[]> byKey = new HashMap<>();
    private final Map<Long, int[]> byThread = new HashMap<>();
    private final Map<Integer, long[]> drawStartsByThread = new HashMap<>();
    /** DRAW events (frames) by thread, in start order. */
    private final Map<Integer, int[]> framesByThread = new HashMap<>();

    /**
     * @param order    the events in start order
     * @param agentLog whether the events were read from an agent log (identities expected)
     */
    FulfilmentIndex(EventTable events, int[] order, boolean agentLog) {
        this.events = events;
        this.agentLog = agentLog;
        Map<Long, List<Integer>> lists = new HashMap<>();
        Map<Long, List<Integer>> threadLists = new HashMap<>();
        Map<Integer, List<Long>> starts = new HashMap<>();
        for (int e : order) {
            EventKind k = events.kind(e);
            if (k.isFulfilment()) {
                lists.computeIfAbsent(key(k, events.identityId(e)), x -> new ArrayList<>()).add(e);
                threadLists.computeIfAbsent(key(k, events.thread(e)), x -> new ArrayList<>()).add(e);
                lists.computeIfAbsent(anyKey(k), x -> new ArrayList<>()).add(e);
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
        threadLists.forEach((k, l) -> byThread.put(k, l.stream().mapToInt(Integer::intValue).toArray()));
        starts.forEach((t, l) -> drawStartsByThread.put(t, l.stream().mapToLong(Long::longValue).toArray()));
    }

    /**
     * The fulfilling event of request {@code r}, or -1 when none follows it; with {@code drawnOnly},
     * the first that really drew: a traversal standing in for an unsampled draw
     * ({@link MethodEventDeriver#STAND_IN_DRAW}) is passed over.
     */
    int fulfilmentOf(int r, boolean drawnOnly) {
        int d = fulfilmentOf(r);
        if (!drawnOnly || d < 0 || !isStandIn(d)) {
            return d;
        }
        int[] list = byKey.get(key(EventKind.DRAW, events.identityId(r)));
        return firstDrawn(list, EventOrder.lowerBound(events, list, events.start(d)));
    }

    private boolean isStandIn(int e) {
        return MethodEventDeriver.STAND_IN_DRAW.equals(events.detail(e));
    }

    /** The first event of {@code list} from position {@code from} on that is no stand-in, or -1. */
    private int firstDrawn(int[] list, int from) {
        for (int k = from; list != null && k < list.length; k++) {
            if (!isStandIn(list[k])) {
                return list[k];
            }
        }
        return -1;
    }

    /** The fulfilling event of request {@code r}, or -1 when none follows it. */
    int fulfilmentOf(int r) {
        EventKind fulfilment = fulfilmentKind(events.kind(r));
        if (fulfilment == null) {
            return -1;
        }
        long t = events.start(r);
        int id = events.identityId(r);
        if (!agentLog) {
            return firstAtOrAfter(byKey.get(key(fulfilment, id)), t);
        }
        if (id >= 0) {
            return earlier(firstAtOrAfter(byKey.get(key(fulfilment, id)), t),
                    firstAtOrAfter(byKey.get(key(fulfilment, -1)), t));
        }
        int own = firstAtOrAfter(byThread.get(key(fulfilment, events.thread(r))), t);
        return own >= 0 ? own : firstAtOrAfter(byKey.get(anyKey(fulfilment)), t);
    }

    /** Whether request {@code r} counts only when something fulfils it (an agent-log request without identity). */
    boolean isOptional(int r) {
        return agentLog && events.identityId(r) < 0;
    }

    private static EventKind fulfilmentKind(EventKind request) {
        return switch (request) {
            case INVALIDATE -> EventKind.DRAW;
            case PAGE_START -> EventKind.PAGE_FINISH;
            case REQUEST_RENDER -> EventKind.DRAW_FRAME;
            default -> null;
        };
    }

    private int earlier(int a, int b) {
        if (a < 0 || b < 0) {
            return Math.max(a, b);
        }
        return events.start(b) < events.start(a) ? b : a;
    }

    private int firstAtOrAfter(int[] list, long t) {
        if (list == null) {
            return -1;
        }
        int lo = EventOrder.lowerBound(events, list, t);
        return lo < list.length ? list[lo] : -1;
    }

    /**
     * The first DRAW on {@code thread} that starts at or after {@code t}, or -1; with
     * {@code drawnOnly}, the first that is no stand-in traversal.
     */
    int firstFrameAfter(int thread, long t, boolean drawnOnly) {
        int[] list = framesByThread.get(thread);
        if (list == null) {
            return -1;
        }
        int lo = EventOrder.lowerBound(events, list, t);
        if (drawnOnly) {
            return firstDrawn(list, lo);
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

    /** The key of every fulfilment of a kind, whatever its identity (ordinals above the kinds'). */
    private static long anyKey(EventKind kind) {
        return ((long) (kind.ordinal() + 64) << 32);
    }
}
