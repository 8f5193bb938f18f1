package dev.ura.trace.testing;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

/**
 * The internal consistency every successfully read {@link Trace} must have, whatever the input:
 * calls end no earlier than they start, depths form a valid pre-order, children lie inside their
 * parents, method and thread indices point at existing entries, warnings are printable lines.
 */
public final class TraceInvariants {
    /** More warnings than this means a reader lists every repair of a hostile file one by one. */
    static final int MAX_WARNINGS = 1000;

    private TraceInvariants() {
    }

    /** The first inconsistency found, or {@code null} when the trace is consistent. */
    public static String violation(Trace t) {
        if (t.warnings().size() > MAX_WARNINGS) {
            return t.warnings().size() + " warnings: readers list a bounded number and count the rest";
        }
        for (String w : t.warnings()) {
            if (w.chars().anyMatch(Character::isISOControl)) {
                return "warning with a control character: " + w;
            }
        }
        int methods = t.methods().size();
        for (int ti = 0; ti < t.threads().size(); ti++) {
            ThreadTrack th = t.threads().get(ti);
            CallTable c = th.calls();
            for (int i = 0; i < c.size(); i++) {
                String where = "thread " + th.id() + " call " + i + ": ";
                if (c.start(i) > c.end(i)) {
                    return where + "start " + c.start(i) + " > end " + c.end(i);
                }
                if (c.method(i) < 0 || c.method(i) >= methods) {
                    return where + "method index " + c.method(i) + " outside 0.." + methods;
                }
                int d = c.depth(i);
                int prev = i == 0 ? -1 : c.depth(i - 1);
                if (d < 0 || d > prev + 1) {
                    return where + "depth " + d + " after depth " + prev;
                }
                int p = c.parent(i);
                if (d > 0 && (p < 0 || c.start(p) > c.start(i) || c.end(i) > c.end(p))) {
                    return where + c.start(i) + ".." + c.end(i) + " not inside parent " + p
                            + (p < 0 ? "" : " " + c.start(p) + ".." + c.end(p));
                }
            }
        }
        EventTable e = t.events();
        for (int i = 0; i < e.size(); i++) {
            if (e.thread(i) < 0 || e.thread(i) >= t.threads().size()) {
                return "event " + i + ": thread index " + e.thread(i) + " outside 0.." + t.threads().size();
            }
            if (e.start(i) > e.end(i)) {
                return "event " + i + ": start " + e.start(i) + " > end " + e.end(i);
            }
            int call = e.call(i);
            if (call < -1 || call >= t.threads().get(e.thread(i)).calls().size()) {
                return "event " + i + ": call index " + call + " outside its thread's calls";
            }
        }
        return null;
    }
}
