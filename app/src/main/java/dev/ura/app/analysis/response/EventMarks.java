package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.EventSet;

import java.util.Arrays;

/**
 * Marks events as seen while one response's tracked work is followed. One stamp array over all
 * events is shared by every response of a trace (a new generation per walk), so a walk costs what
 * it visits: a bit set per response over all events made detection quadratic in the trace and
 * each response as big as the trace.
 */
final class EventMarks {
    private final int[] stamp;
    private int generation;

    EventMarks(int events) {
        stamp = new int[events];
    }

    /** An empty set of marks for one walk; marks of earlier walks do not show in it. */
    Walk walk() {
        generation++;
        return new Walk(generation);
    }

    /** The events one walk marked, in the order it marked them. */
    final class Walk {
        private final int id;
        private int[] marked = new int[8];
        private int size;

        private Walk(int id) {
            this.id = id;
        }

        boolean get(int event) {
            return stamp[event] == id;
        }

        void set(int event) {
            if (stamp[event] != id) {
                stamp[event] = id;
                if (size == marked.length) {
                    marked = Arrays.copyOf(marked, size * 2);
                }
                marked[size++] = event;
            }
        }

        /** What this walk marked. */
        EventSet toEventSet() {
            return EventSet.of(Arrays.copyOf(marked, size));
        }
    }
}
