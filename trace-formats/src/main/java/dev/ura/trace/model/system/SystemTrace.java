package dev.ura.trace.model.system;

import java.util.List;
import java.util.Optional;

/**
 * The system-trace part of a {@link dev.ura.trace.model.Trace}: empty ({@link #none()}) for
 * method traces and agent logs. Lists indexed by thread are parallel to
 * {@code Trace.threads()}. Immutable; collections are unmodifiable.
 *
 * @param processes    processes seen, by first appearance
 * @param threads      kernel identity and names of each thread (parallel to {@code Trace.threads()})
 * @param states       scheduler states of each thread (parallel; empty tables when not recorded)
 * @param wakeups      kernel wakeups in time order
 * @param binder       binder transactions and replies in send order
 * @param flows        explicit hand-offs (TrackEvent flows)
 * @param frames       app frames (doFrame + DrawFrame + presentation), by start
 * @param timeline     raw FrameTimeline entries (empty when SurfaceFlinger's data source was off)
 * @param asyncSlices  process-scoped async slices and track instants, by start
 * @param instants     thread instants, by time
 * @param counters     counter tracks
 * @param clocks       MONOTONIC ↔ BOOTTIME snapshots
 * @param kernelRelease {@code uname -r} when the trace says, else empty
 * @param firstEventNs  time of the earliest event the reader accepted (every ftrace event line, every
 *                      timed packet), {@code Long.MAX_VALUE} when none: the trace's extent also
 *                      covers events that made no slice or state
 * @param lastEventNs   time of the latest such event, {@code Long.MIN_VALUE} when none
 */
public record SystemTrace(List<ProcessInfo> processes, List<ThreadInfo> threads, List<ThreadStateTable> states,
                          WakeupTable wakeups, List<BinderTransaction> binder, List<Flow> flows,
                          List<Frame> frames, List<TimelineFrame> timeline, List<AsyncSlice> asyncSlices,
                          List<ThreadInstant> instants, List<CounterTrack> counters, ClockSnapshots clocks,
                          String kernelRelease, long firstEventNs, long lastEventNs) {

    private static final SystemTrace NONE = new SystemTrace(List.of(), List.of(), List.of(), WakeupTable.empty(),
            List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), ClockSnapshots.none(), "");

    /** A system trace whose extent is that of its slices and states (no separate event times). */
    public SystemTrace(List<ProcessInfo> processes, List<ThreadInfo> threads, List<ThreadStateTable> states,
                       WakeupTable wakeups, List<BinderTransaction> binder, List<Flow> flows,
                       List<Frame> frames, List<TimelineFrame> timeline, List<AsyncSlice> asyncSlices,
                       List<ThreadInstant> instants, List<CounterTrack> counters, ClockSnapshots clocks,
                       String kernelRelease) {
        this(processes, threads, states, wakeups, binder, flows, frames, timeline, asyncSlices, instants, counters,
                clocks, kernelRelease, Long.MAX_VALUE, Long.MIN_VALUE);
    }

    public SystemTrace {
        processes = List.copyOf(processes);
        threads = List.copyOf(threads);
        states = List.copyOf(states);
        binder = List.copyOf(binder);
        flows = List.copyOf(flows);
        frames = List.copyOf(frames);
        timeline = List.copyOf(timeline);
        asyncSlices = List.copyOf(asyncSlices);
        instants = List.copyOf(instants);
        counters = List.copyOf(counters);
        kernelRelease = kernelRelease == null ? "" : kernelRelease;
        if (states.size() != threads.size()) {
            throw new IllegalArgumentException("one state table per thread: " + states.size() + " != " + threads.size());
        }
    }

    /** The empty part of traces that are not system traces. */
    public static SystemTrace none() {
        return NONE;
    }

    /** Whether this trace came from a system trace (it has threads with kernel identities). */
    public boolean present() {
        return !threads.isEmpty();
    }

    /** The process with this pid, if seen. */
    public Optional<ProcessInfo> process(long pid) {
        return processes.stream().filter(p -> p.pid() == pid).findFirst();
    }

    /** Index of the thread with kernel id {@code tid}, or -1. */
    public int threadIndex(long tid) {
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).tid() == tid) {
                return i;
            }
        }
        return -1;
    }
}
