package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToLongFunction;

/**
 * The buffers a process queues from its own GL thread when no RenderThread draws for it
 * (docs/system-responses.md §3, "a process that draws without DrawFrame"). Flutter on Android takes
 * its vsync from a {@code Choreographer} frame callback, so the engine's frame begins in a doFrame's
 * animation stage; the Dart UI thread ({@code 1.ui}) builds it and the raster thread ({@code 1.gpu},
 * later {@code 1.raster}) draws it between a {@code dequeueBuffer} and an {@code eglSwapBuffers…}
 * (which queues the buffer). The engine's threads write no slice of their own, and its task runners
 * wake each other through timers (interrupt-context wakeups, no waker), so only the buffer shows
 * which frame came next.
 */
final class BufferFrames {
    private static final String SWAP = "eglSwapBuffers";
    private static final String DEQUEUE = "dequeueBuffer";

    /**
     * One queued buffer.
     *
     * @param thread       the thread that swapped it
     * @param frameStartNs when its drawing began: its first {@code dequeueBuffer} after the thread's
     *                     previous swap, else the swap's own start
     * @param startNs      the swap's start
     * @param endNs        the swap's end ("drawn at")
     */
    record Swap(int thread, long frameStartNs, long startNs, long endNs) {
    }

    /** Per process: its swaps on threads other than its UI threads, by frame start. */
    private final Map<Long, List<Swap>> byProcess = new HashMap<>();

    /**
     * @param pids       the processes to look at (they run doFrames and no DrawFrame)
     * @param uiThreads  threads that run frames: never the buffer thread (before RenderThread the UI
     *                   thread swaps inside its own traversal)
     * @param pidOf      the process of a thread index
     */
    BufferFrames(Trace trace, Set<Long> pids, Set<Integer> uiThreads, IntToLongFunction pidOf) {
        if (pids.isEmpty()) {
            return;
        }
        MethodTable methods = trace.methods();
        for (int t = 0; t < trace.threads().size(); t++) {
            long pid = pidOf.applyAsLong(t);
            if (!pids.contains(pid) || uiThreads.contains(t)) {
                continue;
            }
            CallTable c = trace.threads().get(t).calls();
            long dequeued = -1;
            long coveredTo = Long.MIN_VALUE;
            for (int i = 0; i < c.size(); i++) {
                String name = methods.get(c.method(i)).name();
                if (name.equals(DEQUEUE) && dequeued < 0 && c.start(i) >= coveredTo) { // not one inside a swap
                    dequeued = c.start(i);
                } else if (name.startsWith(SWAP) && c.start(i) >= coveredTo) {
                    coveredTo = c.end(i);
                    long frameStart = dequeued >= 0 ? dequeued : c.start(i);
                    byProcess.computeIfAbsent(pid, k -> new ArrayList<>())
                            .add(new Swap(t, frameStart, c.start(i), c.end(i)));
                    dequeued = -1;
                }
            }
        }
        byProcess.values().forEach(l -> l.sort(Comparator.comparingLong(Swap::frameStartNs)));
    }

    /**
     * The first buffer of process {@code pid} whose drawing began at or after {@code fromNs} and
     * before {@code beforeNs} (the next doFrame of the same UI thread: a buffer begun later is that
     * doFrame's), or null.
     */
    Swap first(long pid, long fromNs, long beforeNs) {
        List<Swap> list = byProcess.get(pid);
        if (list == null) {
            return null;
        }
        int lo = 0;
        int hi = list.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (list.get(mid).frameStartNs() < fromNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < list.size() && list.get(lo).frameStartNs() < beforeNs ? list.get(lo) : null;
    }
}
