package dev.ura.app.analysis.profile;

import dev.ura.app.analysis.graph.SliceCuts;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.HashMap;
import java.util.Map;

/**
 * System traces: how long each slice name's own code ran on a CPU inside a window — the
 * scheduler's running time cut at slice boundaries and given to the innermost slice, as the
 * critical path names its cpu pieces. A slice's wall self time also counts the time its thread
 * slept or waited for a CPU inside it (a lock, a binder call, the disk), which is not work.
 */
public final class SliceRunningTime {
    private SliceRunningTime() {
    }

    /** Running ns per innermost slice name within {@code [fromNs, toNs)}, over all threads (running outside any slice is left out). */
    public static Map<String, Long> byName(Trace trace, long fromNs, long toNs) {
        Map<String, Long> out = new HashMap<>();
        var states = trace.system().states();
        for (int t = 0; t < states.size() && t < trace.threads().size(); t++) {
            ThreadStateTable st = states.get(t);
            var calls = trace.threads().get(t).calls();
            if (st.size() == 0 || calls.size() == 0) {
                continue;
            }
            SliceCuts cuts = new SliceCuts(calls);
            for (int i = st.firstEndingAfter(fromNs); i < st.size() && st.start(i) < toNs; i++) {
                if (st.state(i) != ThreadState.RUNNING) {
                    continue;
                }
                long from = Math.max(fromNs, st.start(i));
                long p = Math.min(toNs, st.end(i));
                while (p > from) {
                    int inner = cuts.innermostAt(p - 1);
                    long q = Math.max(from, cuts.previousBoundary(inner, p));
                    if (inner >= 0) {
                        out.merge(trace.methods().get(calls.method(inner)).fullName(), p - q, Long::sum);
                    }
                    p = q;
                }
            }
        }
        return out;
    }
}
