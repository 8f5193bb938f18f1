package dev.ura.app.analysis.model;

/**
 * One response to a user input or activity start.
 *
 * @param index      0-based, in order of start
 * @param trigger    the input or activity that started it ({@code onClick}, an activity class)
 * @param thread     index of the thread the trigger ran on
 * @param threadName that thread's name
 * @param startNs    the trigger's begin
 * @param endNs      end of the last fulfilling draw (for an unfinished response: of the last
 *                   fulfilled draw, or the trigger's end when none was)
 * @param finished   false when a request of its tracked work was never fulfilled before the trace ends
 * @param end        the ending event, or {@code null} when no draw fulfilled any request
 * @param setByHand  whether the user set this response by hand (a window or two slice patterns)
 *                   rather than detection finding it
 * @param gesture    the gesture this response's input event belongs to (0, 1, ... in start order:
 *                   input events one thread delivered without an idle gap, a touch from down to
 *                   up), or {@link #NO_GESTURE} when its trigger is not a delivered input event
 */
public record Response(int index, String trigger, int thread, String threadName, long startNs, long endNs,
                       boolean finished, EndEvent end, boolean setByHand, int gesture) {
    /** The gesture of a response whose trigger is no delivered input event (a launch, a click alone). */
    public static final int NO_GESTURE = -1;

    /** A response without a gesture. */
    public Response(int index, String trigger, int thread, String threadName, long startNs, long endNs,
                    boolean finished, EndEvent end, boolean setByHand) {
        this(index, trigger, thread, threadName, startNs, endNs, finished, end, setByHand, NO_GESTURE);
    }

    /** A detected response. */
    public Response(int index, String trigger, int thread, String threadName, long startNs, long endNs,
                    boolean finished, EndEvent end) {
        this(index, trigger, thread, threadName, startNs, endNs, finished, end, false);
    }

    /** This response in gesture {@code g}. */
    public Response withGesture(int g) {
        return new Response(index, trigger, thread, threadName, startNs, endNs, finished, end, setByHand, g);
    }

    public long durationNs() {
        return endNs - startNs;
    }
}
