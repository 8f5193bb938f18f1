package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.MethodEventDeriver;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.EventTable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Groups the input events a thread delivers into gestures, and joins a posted click to the input
 * event it came from.
 *
 * <p>A method trace records no {@code MotionEvent} action, so down, move and up cannot be told
 * apart. What it does show is timing: while a finger is on the screen the view system delivers an
 * event at least every frame it moves, and a tap's down and up come within a tap's length. So input
 * events one thread delivers less than {@link #GAP_NS} after the previous one ended are one
 * gesture; a longer pause starts a new one. The gap is Android's double-tap timeout
 * ({@code ViewConfiguration.DOUBLE_TAP_TIMEOUT}, 300 ms): Android itself still treats a touch that
 * follows within it as part of the same gesture. A finger resting still for longer (a long press
 * before a drag) therefore splits into two gestures.
 *
 * <p>{@code View.onTouchEvent} runs {@code performClick} after the up event by posting it
 * ({@code View$PerformClick}), so the click runs as a message of its own just after the input
 * event; such a click joins the response of the input event its thread delivered last, when it
 * starts within the same gap after it (a click run inside the input event is part of it anyway).
 */
final class Gestures {
    /** Input events further apart than this (end of one to start of the next) are separate gestures, ns. */
    static final long GAP_NS = 300_000_000L;

    private Gestures() {
    }

    /**
     * The response a click joins: the latest response in {@code found} whose trigger is an input event
     * on the click's thread, when the click starts at most {@link #GAP_NS} after that event ends;
     * else null.
     */
    static <T> T inputBefore(EventTable events, List<T> found, Function<T, List<Integer>> roots, int click) {
        int thread = events.thread(click);
        for (int i = found.size() - 1; i >= 0; i--) {
            int trigger = roots.apply(found.get(i)).get(0);
            if (events.thread(trigger) != thread || !isInputEvent(events, trigger)) {
                continue;
            }
            long gap = events.start(click) - events.end(trigger);
            return gap >= 0 && gap <= GAP_NS ? found.get(i) : null;
        }
        return null;
    }

    /**
     * The gesture of each response in {@code found} (start order): 0, 1, ... by the first input event
     * of each gesture, {@link Response#NO_GESTURE} for a response whose trigger is no input event.
     */
    static <T> int[] number(EventTable events, List<T> found, Function<T, List<Integer>> roots) {
        int[] gesture = new int[found.size()];
        Map<Integer, long[]> lastByThread = new HashMap<>();
        int next = 0;
        for (int i = 0; i < found.size(); i++) {
            int trigger = roots.apply(found.get(i)).get(0);
            if (!isInputEvent(events, trigger)) {
                gesture[i] = Response.NO_GESTURE;
                continue;
            }
            long[] last = lastByThread.get(events.thread(trigger));
            if (last != null && events.start(trigger) - last[0] <= GAP_NS) {
                gesture[i] = (int) last[1];
            } else {
                gesture[i] = next++;
            }
            lastByThread.put(events.thread(trigger), new long[] {events.end(trigger), gesture[i]});
        }
        return gesture;
    }

    static boolean isInputEvent(EventTable events, int e) {
        return MethodEventDeriver.INPUT_EVENT.equals(events.detail(e));
    }
}
