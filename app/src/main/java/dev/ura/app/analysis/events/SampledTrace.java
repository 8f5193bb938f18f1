package dev.ura.app.analysis.events;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;


/**
 * Whether a method trace was written by a sampling profiler (ART's {@code startMethodTracingSampling},
 * Android Studio's "sample Java methods"): the file format is the same as an instrumented trace's,
 * but calls begin and end only at sampling instants, so short calls are missing. Seen in the
 * times: a sampled thread's distinct call starts are a sampling interval apart (100 µs and
 * more), while an instrumented thread always has starts a few µs apart (a call enters and its
 * first callee enters), even on a coarse clock.
 */
public final class SampledTrace {
    /** Distinct boundaries closer than this are never a sampling interval apart, ns. */
    static final long MIN_INTERVAL_NS = 50_000L;
    /** Fewer distinct call starts than this say nothing (a 10 ms sampler gives ~20 in a 200 ms trace). */
    static final int MIN_BOUNDARIES = 10;
    /** Only this many calls of the busiest thread are looked at (pre-order, from the start). */
    static final int MAX_CALLS_LOOKED_AT = 200_000;

    private SampledTrace() {
    }

    /**
     * Whether the trace is an Android method trace whose busiest thread has at least
     * {@value #MIN_BOUNDARIES} distinct call starts and at least 90 % of the gaps between them
     * are {@value #MIN_INTERVAL_NS} ns or more.
     */
    public static boolean isSampled(Trace trace) {
        if (!"android-trace".equals(trace.metadata().format())) {
            return false;
        }
        ThreadTrack busiest = null;
        for (ThreadTrack t : trace.threads()) {
            if (busiest == null || t.calls().size() > busiest.calls().size()) {
                busiest = t;
            }
        }
        if (busiest == null) {
            return false;
        }
        // Calls are in pre-order, so their starts never decrease: gaps between distinct starts
        // need no sort. The first calls are enough to tell.
        CallTable calls = busiest.calls();
        int n = Math.min(calls.size(), MAX_CALLS_LOOKED_AT);
        int distinct = 0;
        int close = 0;
        for (int i = 1; i < n; i++) {
            long gap = calls.start(i) - calls.start(i - 1);
            if (gap == 0) {
                continue;
            }
            distinct++;
            if (gap < MIN_INTERVAL_NS) {
                close++;
            }
        }
        return distinct + 1 >= MIN_BOUNDARIES && close * 10 <= distinct;
    }
}
