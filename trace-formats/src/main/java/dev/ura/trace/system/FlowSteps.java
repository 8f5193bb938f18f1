package dev.ura.trace.system;

import dev.ura.trace.model.system.Flow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The points of flows (Perfetto flow events) as read, joined into the flows' arrows at the end. */
final class FlowSteps {
    /** id, thread, ts, terminating (1/0), arrival. */
    private final List<long[]> steps = new ArrayList<>();

    void add(long id, int thread, long ts, boolean terminating) {
        steps.add(new long[] {id, thread, ts, terminating ? 1 : 0, steps.size()});
    }

    /** Each flow's consecutive points in time order (ties in arrival order) as arrows; a terminating point ends it. */
    List<Flow> flows() {
        List<long[]> sorted = new ArrayList<>(steps);
        sorted.sort((a, b) -> a[2] != b[2] ? Long.compare(a[2], b[2]) : Long.compare(a[4], b[4]));
        Map<Long, long[]> open = new HashMap<>();
        List<Flow> out = new ArrayList<>();
        for (long[] st : sorted) {
            long[] from = open.remove(st[0]);
            if (from != null) {
                out.add(new Flow(st[0], (int) from[1], from[2], (int) st[1], st[2]));
            }
            if (st[3] == 0) {
                open.put(st[0], st);
            }
        }
        return out;
    }
}
