package dev.ura.app.analysis.profile;

import dev.ura.trace.model.CallTable;

/**
 * The self time of one slice, as the details panel and tooltips show it: its duration minus the
 * durations of its direct callees (never below 0). Aggregates over many calls (profiles, call
 * graphs, statistics) come from {@link ProfileAnalyzer}, which applies the same rule per call.
 */
public final class SliceSelfTime {
    private SliceSelfTime() {
    }

    /** Self time in ns of call {@code call} of {@code calls}. */
    public static long of(CallTable calls, int call) {
        long self = calls.duration(call);
        int depth = calls.depth(call);
        int end = calls.subtreeEnd(call);
        for (int j = call + 1; j <= end; j++) {
            if (calls.depth(j) == depth + 1) {
                self -= calls.duration(j);
            }
        }
        return Math.max(0, self);
    }
}
