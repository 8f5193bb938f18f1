package dev.ura.trace.testing;

import java.util.List;
import java.util.Map;

/**
 * What a scripted system-trace scenario must read as, worked out by hand from the scenario's
 * timeline and docs/system-responses.md. Every time is in µs after {@link SystemScenarios#BASE_NS}
 * (convert with {@link SystemScenarios#t}); -1 means "none".
 *
 * @param name             scenario name (used in test names and file names)
 * @param processNames     pid → name as the protobuf process dump gives it (package / binary)
 * @param processComms     pid → name the text forms give it (its main thread's last comm), for
 *                         processes whose main thread is in the trace
 * @param threads          pid → its threads' tids
 * @param threadNames      tid → the thread's last name
 * @param sliceCounts      tid → number of thread slices (atrace B/E pairs)
 * @param frames           the app frames, in start order
 * @param responses        how many responses the trace has
 * @param startUs          response start with a clock snapshot (protobuf)
 * @param startNoClockUs   response start without one (text, HTML): the trigger slice's start
 * @param vsyncId          the frame that ends the response
 * @param drawnAtUs        "drawn at": the end of that frame's DrawFrames
 * @param onScreenAtUs     "on screen at" (protobuf with FrameTimeline); text forms have none
 * @param stretches        the response's tracked work (docs/system-responses.md §2), the same in
 *                         every form; the critical path's window-start rule (§4) depends on it
 * @param path             the critical path's per-thread totals with the protobuf start
 * @param pathNoClock      the same from {@code startNoClockUs} (text forms)
 */
public record ScenarioTruth(String name, Map<Long, String> processNames, Map<Long, String> processComms,
                            Map<Long, List<Long>> threads, Map<Long, String> threadNames,
                            Map<Long, Integer> sliceCounts, List<FrameTruth> frames, int responses,
                            long startUs, long startNoClockUs, long vsyncId, long drawnAtUs, long onScreenAtUs,
                            List<Stretch> stretches, List<PathTotal> path, List<PathTotal> pathNoClock) {

    /**
     * One app frame.
     *
     * @param vsyncId      id in {@code Choreographer#doFrame <id>} / {@code DrawFrames <id>}
     * @param pid          the app
     * @param doFrameStartUs start of the doFrame slice
     * @param doFrameEndUs end of it
     * @param drawEndUs    end of RenderThread's DrawFrames: drawn at
     * @param presentUs    FrameTimeline present time: on screen at
     */
    public record FrameTruth(long vsyncId, long pid, long doFrameStartUs, long doFrameEndUs, long drawEndUs,
                             long presentUs) {
    }

    /** A tracked stretch: {@code tid} from {@code fromUs} to {@code toUs}. */
    public record Stretch(long tid, long fromUs, long toUs) {
    }

    /**
     * The critical path's time on one thread, by category (docs/system-responses.md §4).
     *
     * @param tid        the thread
     * @param cpuUs      running
     * @param runnableUs waiting for a CPU
     * @param ioUs       uninterruptible sleep
     * @param waitUs     sleeps ended by an interrupt, a vsync or nothing recorded
     * @param otherUs    before the thread's first recorded state (no waker to follow)
     */
    public record PathTotal(long tid, long cpuUs, long runnableUs, long ioUs, long waitUs, long otherUs) {
        public long totalUs() {
            return cpuUs + runnableUs + ioUs + waitUs + otherUs;
        }
    }

    public ScenarioTruth {
        processNames = Map.copyOf(processNames);
        processComms = Map.copyOf(processComms);
        threads = Map.copyOf(threads);
        threadNames = Map.copyOf(threadNames);
        sliceCounts = Map.copyOf(sliceCounts);
        frames = List.copyOf(frames);
        stretches = List.copyOf(stretches);
        path = List.copyOf(path);
        pathNoClock = List.copyOf(pathNoClock);
        check(path, drawnAtUs - startUs);
        check(pathNoClock, drawnAtUs - startNoClockUs);
    }

    /** The pieces of a path cover the response exactly once: a typo in a hand-written total shows here. */
    private static void check(List<PathTotal> path, long durationUs) {
        long sum = path.stream().mapToLong(PathTotal::totalUs).sum();
        if (sum != durationUs) {
            throw new IllegalStateException("path totals " + sum + " µs != response " + durationUs + " µs");
        }
    }

    /** The response start on the trace clock, ns: with the clock snapshot or without. */
    public long startNs(boolean clockSnapshot) {
        return SystemScenarios.t(clockSnapshot ? startUs : startNoClockUs);
    }

    /** The path totals for a form with or without a clock snapshot. */
    public List<PathTotal> path(boolean clockSnapshot) {
        return clockSnapshot ? path : pathNoClock;
    }
}
