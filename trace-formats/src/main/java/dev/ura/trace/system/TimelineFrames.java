package dev.ura.trace.system;

import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.TimelineFrame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Frames of processes that wrote no frame slices but whose frames SurfaceFlinger's FrameTimeline
 * recorded (app-only atrace, as in captures made with only the app's categories): one
 * {@link Frame.Source#FRAME_TIMELINE} frame per (process, vsync token) of the actual surface
 * frames. Processes with any {@code doFrame}/{@code DrawFrame} frame keep only those: their slices
 * say more (which thread did what), and mixing both would count a frame twice where a token is
 * missing from a slice name.
 */
final class TimelineFrames {
    private TimelineFrames() {
    }

    /**
     * @param joined   frames from slices
     * @param timeline FrameTimeline entries
     * @param tids     kernel tid of each thread index (to find each process's main thread, tid = pid)
     * @return the frames from slices and the FrameTimeline-only ones, by start
     */
    static List<Frame> add(List<Frame> joined, List<TimelineFrame> timeline, long[] tids) {
        if (timeline.isEmpty()) {
            return joined;
        }
        Set<Long> withSlices = new HashSet<>();
        joined.forEach(f -> withSlices.add(f.pid()));
        Map<Long, TimelineFrame> display = new HashMap<>();
        Map<String, TimelineFrame> surface = new LinkedHashMap<>();
        for (TimelineFrame f : timeline) {
            if (f.display()) {
                display.putIfAbsent(f.token(), f);
            } else if (!withSlices.contains(f.pid()) && f.endNs() >= 0) {
                // Several layers / buffers of one token: the first one shown stands for the frame.
                surface.merge(f.pid() + ":" + f.token(), f, (a, b) -> a.presentType() == 4 ? b : a);
            }
        }
        if (surface.isEmpty()) {
            return joined;
        }
        Map<Long, Integer> threadOf = new HashMap<>();
        for (int t = 0; t < tids.length; t++) {
            threadOf.putIfAbsent(tids[t], t);
        }
        List<Frame> out = new ArrayList<>(joined);
        for (TimelineFrame f : surface.values()) {
            TimelineFrame d = display.get(f.displayToken());
            long present = f.presentType() != 4 && d != null && d.endNs() >= 0 ? d.endNs() : -1;
            out.add(new Frame(f.token(), f.pid(), threadOf.getOrDefault(f.pid(), -1), f.startNs(), f.endNs(), -1,
                    f.startNs(), f.endNs(), present, f.presentType(), f.jankType(), Frame.Source.FRAME_TIMELINE,
                    f.expectedStartNs()));
        }
        out.sort(Comparator.comparingLong(f -> f.doFrameStartNs() >= 0 ? f.doFrameStartNs() : f.drawStartNs()));
        return out;
    }

    /** The process with the most FrameTimeline-only frames whose main thread is in the trace, else -1. */
    static int mainThreadOfBusiest(List<Frame> frames) {
        Map<Integer, Integer> count = new HashMap<>();
        for (Frame f : frames) {
            if (f.fromTimeline() && f.mainThread() >= 0) {
                count.merge(f.mainThread(), 1, Integer::sum);
            }
        }
        return count.entrySet().stream().max(Map.Entry.<Integer, Integer>comparingByValue()
                .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).map(Map.Entry::getKey).orElse(-1);
    }
}
