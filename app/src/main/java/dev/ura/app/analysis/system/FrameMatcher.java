package dev.ura.app.analysis.system;

import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.system.Frame;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Which frames a response's tracked work requested, and the one that ends it
 * (docs/system-responses.md §3): a tracked stretch on an app's main thread requests that thread's
 * first {@code Choreographer#doFrame} starting at or after the stretch, other than one containing
 * the stretch's start; the response ends at the requested frame drawn last.
 */
final class FrameMatcher {
    private final List<Frame> frames;
    /** Per main thread: indices into {@link #frames} of its doFrames, by start. */
    private final int[][] byThread;

    FrameMatcher(List<Frame> frames, SystemThreads threads, int threadCount) {
        this.frames = frames;
        int[] count = new int[threadCount];
        for (Frame f : frames) {
            if (onMain(f, threads, threadCount)) {
                count[f.mainThread()]++;
            }
        }
        byThread = new int[threadCount][];
        for (int t = 0; t < threadCount; t++) {
            byThread[t] = new int[count[t]];
            count[t] = 0;
        }
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            if (onMain(f, threads, threadCount)) {
                byThread[f.mainThread()][count[f.mainThread()]++] = i;
            }
        }
        for (int[] list : byThread) {
            boolean sorted = true;
            for (int k = 1; k < list.length; k++) {
                sorted &= frames.get(list[k - 1]).doFrameStartNs() <= frames.get(list[k]).doFrameStartNs();
            }
            if (!sorted) {
                Integer[] boxed = Arrays.stream(list).boxed().toArray(Integer[]::new);
                Arrays.sort(boxed, (a, b) -> Long.compare(frames.get(a).doFrameStartNs(), frames.get(b).doFrameStartNs()));
                for (int k = 0; k < list.length; k++) {
                    list[k] = boxed[k];
                }
            }
        }
    }

    private static boolean onMain(Frame f, SystemThreads threads, int threadCount) {
        return f.mainThread() >= 0 && f.mainThread() < threadCount && f.doFrameStartNs() >= 0
                && threads.appMain(f.mainThread());
    }

    /** The frames (indices into the trace's frames) that {@code stretches} request, ascending. */
    List<Integer> requested(List<TrackedStretch> stretches) {
        TreeSet<Integer> out = new TreeSet<>();
        for (TrackedStretch s : stretches) {
            int[] list = byThread[s.thread()];
            int k = firstStartingAtOrAfter(list, s.fromNs());
            // An input handled inside a frame's input stage is drawn by the next frame.
            if (k < list.length && contains(frames.get(list[k]), s.fromNs())) {
                k++;
            }
            if (k < list.length) {
                out.add(list[k]);
            }
        }
        return new ArrayList<>(out);
    }

    private int firstStartingAtOrAfter(int[] list, long timeNs) {
        int lo = 0;
        int hi = list.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (frames.get(list[mid]).doFrameStartNs() < timeNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static boolean contains(Frame f, long timeNs) {
        return f.doFrameStartNs() <= timeNs && timeNs < f.doFrameEndNs();
    }

    /** Of {@code requested}, the frame drawn last (the later one on a tie), or -1 when none. */
    int drawnLast(List<Integer> requested) {
        int best = -1;
        for (int i : requested) {
            if (best < 0 || drawnAt(frames.get(i)) >= drawnAt(frames.get(best))) {
                best = i;
            }
        }
        return best;
    }

    /** Whether a RenderThread draw was joined to the frame. */
    static boolean drawn(Frame f) {
        return f.renderThread() >= 0 && f.drawEndNs() >= 0;
    }

    /** "drawn at": the end of the frame's DrawFrame, else of its doFrame. */
    static long drawnAt(Frame f) {
        return drawn(f) ? f.drawEndNs() : f.doFrameEndNs();
    }

    /** The thread the frame ends on: its RenderThread, else its main thread. */
    static int drawThread(Frame f) {
        return drawn(f) ? f.renderThread() : f.mainThread();
    }
}
