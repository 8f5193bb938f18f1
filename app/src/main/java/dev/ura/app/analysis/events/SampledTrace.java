package dev.ura.app.analysis.events;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.Arrays;

/**
 * Whether a method trace was written by a sampling profiler (ART's {@code startMethodTracingSampling},
 * Android Studio's "sample Java methods"): the file format is the same as an instrumented trace's,
 * but calls begin and end only at sampling instants, so short calls are missing. Seen in the
 * times: a sampled thread's distinct call boundaries are a sampling interval apart (100 µs and
 * more), while an instrumented thread always has boundaries a few µs apart (a call returns and
 * the next one enters), even on a coarse clock.
 */
public final class SampledTrace {
    /** Distinct boundaries closer than this are never a sampling interval apart, ns. */
    static final long MIN_INTERVAL_NS = 50_000L;
    /** Fewer distinct boundaries than this say nothing. */
    static final int MIN_BOUNDARIES = 50;

    private SampledTrace() {
    }

    /**
     * Whether the trace is an Android method trace whose busiest thread has at least
     * {@value #MIN_BOUNDARIES} distinct call boundaries and at least 90 % of the gaps between them
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
        CallTable calls = busiest.calls();
        int n = calls.size();
        long[] times = new long[2 * n];
        for (int i = 0; i < n; i++) {
            times[2 * i] = calls.start(i);
            times[2 * i + 1] = calls.end(i);
        }
        Arrays.sort(times);
        int distinct = 0;
        int close = 0;
        for (int i = 1; i < times.length; i++) {
            long gap = times[i] - times[i - 1];
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
