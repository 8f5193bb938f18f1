package dev.ura.app.analysis.model;

import java.util.List;

/**
 * The response that stands for a trace's first user action, the one a series of runs of the same
 * scenario is measured by: response 0, unless response 0 is one input event of a gesture (a tap's
 * down, then its up and click), in which case the gesture's slowest response, the wait the user
 * felt. Without it, a tap's down, whose pressed-state redraw barely changes between builds, would
 * stand for the whole tap in {@code regress}, the Runs window and {@code diff}.
 */
public final class FirstAction {
    private FirstAction() {
    }

    /** Index of the response of the first user action, or -1 when there is no response. */
    public static int index(List<Response> responses) {
        if (responses.isEmpty()) {
            return -1;
        }
        Response first = responses.get(0);
        if (first.gesture() == Response.NO_GESTURE) {
            return 0;
        }
        int best = 0;
        for (int i = 1; i < responses.size(); i++) {
            Response r = responses.get(i);
            if (r.gesture() == first.gesture() && r.thread() == first.thread()
                    && r.durationNs() > responses.get(best).durationNs()) {
                best = i;
            }
        }
        return best;
    }
}
