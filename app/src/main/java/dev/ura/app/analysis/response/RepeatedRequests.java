package dev.ura.app.analysis.response;

import dev.ura.trace.model.EventTable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rule 7 of "What a response is" ({@code docs/agent-log-v1.md}, "Animations"): a request that
 * repeats one already drawn is not a request of the response. Work that keeps repainting the same
 * view (an animation thread the click started, a loop posting repaints) would otherwise extend the
 * response to its last frame, long after the screen first changed.
 *
 * <p>A unit of work (trigger or dispatch) <em>causes</em> a request by making it, at the request's
 * time, and the unit that handed that work off causes it too, at the hand-off's time. A request for
 * view V repeats when one of its causing units already caused a kept request for V whose draw ended
 * at or before the time it causes this one.
 */
final class RepeatedRequests {
    private record Key(int unit, String view) {
    }

    private RepeatedRequests() {
    }

    /**
     * Which of {@code requests} (sorted by start) repeat an earlier one.
     *
     * @param fulfilledBy the draw that fulfils each request, or -1
     * @param senderOf    the send event linked to a dispatch unit, by dispatch
     */
    static boolean[] of(EventTable events, WorkUnits units, Map<Integer, Integer> senderOf, List<Integer> requests,
            int[] fulfilledBy) {
        boolean[] repeats = new boolean[requests.size()];
        Map<Key, Long> drawnAt = new HashMap<>();
        for (int i = 0; i < requests.size(); i++) {
            int r = requests.get(i);
            String view = events.identity(r);
            if (view == null) {
                continue; // a request without identity is fulfilled by any draw: nothing to repeat
            }
            int maker = units.owner(r);
            Integer send = maker >= 0 ? senderOf.get(maker) : null;
            int handedBy = send != null ? units.owner(send) : -1;
            if (drawnBy(drawnAt, maker, view, events.start(r))
                    || (handedBy >= 0 && drawnBy(drawnAt, handedBy, view, events.start(send)))) {
                repeats[i] = true;
                continue;
            }
            int d = fulfilledBy[i];
            if (d >= 0) {
                long end = events.end(d);
                if (maker >= 0) {
                    drawnAt.merge(new Key(maker, view), end, Math::min);
                }
                if (handedBy >= 0) {
                    drawnAt.merge(new Key(handedBy, view), end, Math::min);
                }
            }
        }
        return repeats;
    }

    private static boolean drawnBy(Map<Key, Long> drawnAt, int unit, String view, long at) {
        if (unit < 0) {
            return false;
        }
        Long end = drawnAt.get(new Key(unit, view));
        return end != null && end <= at;
    }
}
