package dev.ura.app.analysis.system;

import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.Trace;

import java.util.List;

/**
 * The tracked-work search of docs/system-responses.md §2 from any trigger stretch, for one trace:
 * what response detection runs per trigger, open to tools that set the trigger themselves (the
 * {@code bench sysresponses} workload). The hand-off index is built once, here.
 */
public final class TrackedWork {
    private final StretchTracker tracker;

    public TrackedWork(Trace trace) {
        SystemThreads threads = new SystemThreads(trace);
        tracker = new StretchTracker(new Handoffs(trace.system(), threads), threads, trace.lastTimeNs());
    }

    /** The stretches that follow from a trigger stretch on {@code thread} over [{@code fromNs}, {@code toNs}], by start. */
    public List<TrackedStretch> from(int thread, long fromNs, long toNs) {
        return tracker.track(thread, fromNs, toNs).stretches().stream().map(StretchTracker.Opened::stretch).toList();
    }
}
