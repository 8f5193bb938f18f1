package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.ThreadInfo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The frames that can end a response, per UI thread (docs/system-responses.md §3). A UI thread is
 * an app thread that runs frames: {@code Choreographer#doFrame} (joined by the reader with its
 * RenderThread's {@code DrawFrame}), or, on a thread that runs no doFrame (Android ≤ 4.3, before
 * Choreographer was traced), {@code performTraversals}. Whatever the thread's id: a JVM app's UI
 * thread is not its process's first thread.
 *
 * <p>For each frame: where its input and animation stages end (the traversal's start: work done
 * before it is drawn by this frame), whether it drew anything (a joined {@code DrawFrame}, or a
 * {@code draw} / {@code eglSwapBuffers} inside it — a doFrame that only handled input or ran an
 * animation callback that changed nothing drew nothing), and when it was drawn.
 */
final class UiFrames {
    private static final String DO_FRAME = "Choreographer#doFrame";
    private static final String PERFORM_TRAVERSALS = "performTraversals";
    private static final String SWAP = "eglSwapBuffers";
    private static final String DRAW = "draw";
    private static final String ANIMATION = "animation";

    /**
     * One frame of a UI thread.
     *
     * @param thread      the UI thread
     * @param startNs     start of its doFrame (or performTraversals)
     * @param endNs       its end
     * @param stagesEndNs where its input and animation stages end: the start of its traversal
     *                    ({@code traversal}, {@code performTraversals}, {@code measure}, {@code layout}
     *                    or {@code draw}), else its end
     * @param drew        whether it drew anything
     * @param drawThread  the thread its drawn-at is on (RenderThread, else the UI thread)
     * @param drawStartNs start of the slice that ends it ({@code DrawFrame}, {@code eglSwapBuffers}, {@code draw}, the frame)
     * @param drawnAtNs   "drawn at": the end of that slice
     * @param vsyncId     the frame's vsync id, -1 when none
     * @param presentNs   FrameTimeline's present time, -1 when unknown or dropped
     * @param expectedNs  frames known from FrameTimeline alone: the surface frame's expected start, else -1
     * @param fromBuffer  whether its draw is inferred from the next buffer its process queued on its
     *                    own GL thread ({@link BufferFrames}), not from a DrawFrame or a swap inside it
     */
    record UiFrame(int thread, long startNs, long endNs, long stagesEndNs, boolean drew, int drawThread,
                   long drawStartNs, long drawnAtNs, long vsyncId, long presentNs, long expectedNs,
                   boolean fromBuffer) {
        /** The same frame drawn by {@code swap}. */
        UiFrame drawnBy(BufferFrames.Swap swap) {
            return new UiFrame(thread, startNs, endNs, stagesEndNs, true, swap.thread(), swap.startNs(), swap.endNs(),
                    vsyncId, presentNs, expectedNs, true);
        }
    }

    private final List<UiFrame> frames = new ArrayList<>();
    /** Per thread: indices into {@link #frames} of its drawing frames, by start. */
    private final Map<Integer, int[]> drawing = new HashMap<>();
    /** Per thread: indices into {@link #frames} of all its frames, drawing or not, by start. */
    private final Map<Integer, int[]> everyFrame = new HashMap<>();
    /** The threads that run frames (drawing or not). */
    private final Set<Integer> uiThreads = new HashSet<>();
    /** The UI threads whose frames are known from FrameTimeline alone (no doFrame slice). */
    private final Set<Integer> timelineOnly = new HashSet<>();
    /** The UI threads whose frames are bare {@code performTraversals} (Android ≤ 4.3: no doFrame slice): their frames, by start. */
    private final Map<Integer, List<UiFrame>> traversalsOnly = new HashMap<>();
    /** Per process: its UI thread (the one running most frames). */
    private final Map<Long, Integer> uiOfProcess = new HashMap<>();
    private final Trace trace;

    UiFrames(Trace trace, SystemThreads threads) {
        this.trace = trace;
        MethodTable methods = trace.methods();
        int n = trace.threads().size();
        boolean[] hasDoFrame = new boolean[n];
        Set<Long> withDrawFrame = new HashSet<>();
        for (Frame f : trace.system().frames()) {
            int t = f.mainThread();
            if (t >= 0 && t < n && f.doFrameStartNs() >= 0 && threads.app(t)) {
                hasDoFrame[t] = true;
                frames.add(fromDoFrame(f));
                if (FrameMatcher.drawn(f)) {
                    withDrawFrame.add(pidOf(t));
                }
            }
        }
        for (int t = 0; t < n; t++) {
            if (!hasDoFrame[t] && threads.app(t)) {
                addTraversals(t, methods);
            }
        }
        frames.sort(Comparator.comparingLong(UiFrame::startNs).thenComparingInt(UiFrame::thread));
        drawFromBuffers(withDrawFrame);
        Map<Integer, List<Integer>> byThread = new HashMap<>();
        Map<Integer, List<Integer>> anyByThread = new HashMap<>();
        Map<Integer, Integer> count = new HashMap<>();
        for (int i = 0; i < frames.size(); i++) {
            UiFrame f = frames.get(i);
            count.merge(f.thread(), 1, Integer::sum);
            uiThreads.add(f.thread());
            anyByThread.computeIfAbsent(f.thread(), k -> new ArrayList<>()).add(i);
            if (f.drew()) {
                byThread.computeIfAbsent(f.thread(), k -> new ArrayList<>()).add(i);
            }
        }
        byThread.forEach((t, list) -> drawing.put(t, list.stream().mapToInt(Integer::intValue).toArray()));
        anyByThread.forEach((t, list) -> everyFrame.put(t, list.stream().mapToInt(Integer::intValue).toArray()));
        Map<Long, Integer> best = new HashMap<>();
        count.forEach((t, c) -> {
            long pid = pidOf(t);
            Integer known = uiOfProcess.get(pid);
            if (known == null || c > best.get(pid)) {
                uiOfProcess.put(pid, t);
                best.put(pid, c);
            }
        });
    }

    /** The process of thread {@code t}: its tgid, else (the trace never said) its own tid. */
    long pidOf(int t) {
        ThreadInfo info = trace.system().threads().get(t);
        return info.tgid() >= 0 ? info.tgid() : info.tid();
    }

    /** Whether thread {@code t} runs frames. */
    boolean uiThread(int t) {
        return uiThreads.contains(t);
    }

    /** The UI thread of process {@code pid}: the thread running most of its frames, else its main thread (tid = pid), else -1. */
    int uiThreadOf(long pid) {
        Integer t = uiOfProcess.get(pid);
        return t != null ? t : trace.system().threadIndex(pid);
    }

    List<UiFrame> all() {
        return frames;
    }

    UiFrame get(int i) {
        return frames.get(i);
    }

    /**
     * The first frame of thread {@code t} that draws work done on it from {@code fromNs}: the
     * first drawing frame starting at or after it, or the drawing frame it lies in when it lies in
     * that frame's input or animation stage; -1 when none.
     */
    int firstDrawing(int t, long fromNs) {
        return firstDrawing(t, fromNs, false);
    }

    /** As {@link #firstDrawing(int, long)}; with {@code startingOnly}, only a frame starting at or after {@code fromNs}. */
    int firstDrawing(int t, long fromNs, boolean startingOnly) {
        int[] list = drawing.get(t);
        if (list == null) {
            return -1;
        }
        int lo = 0;
        int hi = list.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (frames.get(list[mid]).startNs() < fromNs || (!startingOnly && frames.get(list[mid]).startNs() == fromNs)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // lo: first frame starting after fromNs; the one before may contain it in its early stages.
        if (lo > 0 && !startingOnly) {
            UiFrame prev = frames.get(list[lo - 1]);
            if (fromNs < prev.stagesEndNs() || prev.startNs() == fromNs || beforeItsSync(prev, fromNs)) {
                return list[lo - 1];
            }
        }
        return lo < list.length ? list[lo] : -1;
    }

    /**
     * Whether the doFrame that would have drawn what work on thread {@code t} over [{@code fromNs},
     * {@code toNs}] asked for drew nothing, so the work asked for no frame (docs/system-responses.md
     * §3). Choreographer runs a vsync's input, animation and traversal callbacks in one doFrame, and
     * a traversal (or animation callback) posted without delay is due at once: one asked for in a
     * doFrame's input or animation stage runs in that doFrame's traversal, and one asked for outside
     * any doFrame runs in the next doFrame. That doFrame is the one whose input or animation stage
     * holds the work, else the first one starting at or after its end. Only for doFrames (Android 4.4
     * and later): not for bare {@code performTraversals} ({@link VsyncDoFrames} decides those) or
     * frames known from FrameTimeline alone. False when it cannot be said: no doFrame after the work,
     * or a doFrame starting while the work still runs (a busy looper that ran frames inside it).
     */
    boolean drewNothingFor(int t, long fromNs, long toNs) {
        int[] list = everyFrame.get(t);
        if (list == null || timelineOnly.contains(t) || traversalsOnly.containsKey(t)) {
            return false;
        }
        int lo = 0;
        int hi = list.length;
        while (lo < hi) { // first frame starting after fromNs
            int mid = (lo + hi) >>> 1;
            if (frames.get(list[mid]).startNs() <= fromNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo > 0) {
            UiFrame holding = frames.get(list[lo - 1]);
            if (fromNs < holding.stagesEndNs()) {
                return toNs <= holding.stagesEndNs() && !holding.drew();
            }
        }
        if (lo == list.length) {
            return false;
        }
        UiFrame next = frames.get(list[lo]);
        return next.startNs() >= toNs && !next.drew();
    }

    /**
     * Whether work resumed at {@code fromNs} is still the doFrame's own traversal, before RenderThread
     * took the frame: the UI thread woken inside its doFrame, after the traversal began and before the
     * frame's DrawFrame starts (a draw that waited for the GC or a lock goes on drawing this frame).
     */
    private static boolean beforeItsSync(UiFrame f, long fromNs) {
        return f.drawThread() != f.thread() && fromNs >= f.stagesEndNs() && fromNs < f.endNs()
                && fromNs < f.drawStartNs();
    }

    private UiFrame fromDoFrame(Frame f) {
        int t = f.mainThread();
        CallTable c = trace.threads().get(t).calls();
        int call = callAt(trace, c, f.doFrameStartNs(), DO_FRAME);
        boolean joined = FrameMatcher.drawn(f);
        long present = f.dropped() ? -1 : f.presentNs();
        if (call < 0) {
            // A frame known from FrameTimeline without its doFrame slice: a buffer the app queued, so
            // it drew; which work it shows is TimelineDraws' to say. No stage is known, so nothing
            // counts as done in its input stage.
            timelineOnly.add(t);
            return new UiFrame(t, f.doFrameStartNs(), f.doFrameEndNs(), f.doFrameStartNs(), true,
                    FrameMatcher.drawThread(f), joined ? f.drawStartNs() : f.doFrameStartNs(), FrameMatcher.drawnAt(f),
                    f.vsyncId(), present, f.expectedStartNs(), false);
        }
        Inside in = inside(c, call);
        boolean drew = joined || in.draw >= 0 || in.swap >= 0;
        int drawThread = joined ? f.renderThread() : t;
        long drawStart;
        long drawnAt;
        if (joined) {
            drawStart = f.drawStartNs();
            drawnAt = f.drawEndNs();
        } else if (in.swap >= 0) {
            drawStart = c.start(in.swap);
            drawnAt = c.end(in.swap);
        } else if (in.draw >= 0) {
            drawStart = c.start(in.draw);
            drawnAt = c.end(in.draw);
        } else {
            drawStart = c.start(call);
            drawnAt = c.end(call);
        }
        return new UiFrame(t, c.start(call), c.end(call), in.stagesEnd, drew, drawThread, drawStart, drawnAt,
                f.vsyncId(), present, -1, false);
    }

    /**
     * A doFrame that only ran animation callbacks (no traversal, no draw), in a process none of whose
     * doFrames RenderThread drew, is drawn by the first buffer the process's own GL thread began at or
     * after the doFrame's start and before the UI thread's next doFrame ({@link BufferFrames}: Flutter
     * begins its frame in that callback). Apps drawn by RenderThread are never looked at.
     */
    private void drawFromBuffers(Set<Long> withDrawFrame) {
        Set<Long> pids = new HashSet<>();
        Set<Integer> frameThreads = new HashSet<>();
        List<Integer> animatedOnly = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            UiFrame f = frames.get(i);
            frameThreads.add(f.thread());
            long pid = pidOf(f.thread());
            if (!f.drew() && f.stagesEndNs() == f.endNs() && !withDrawFrame.contains(pid)
                    && !timelineOnly.contains(f.thread()) && !traversalsOnly.containsKey(f.thread())
                    && animatedOnly(f)) {
                animatedOnly.add(i);
                pids.add(pid);
            }
        }
        if (animatedOnly.isEmpty()) {
            return;
        }
        BufferFrames buffers = new BufferFrames(trace, pids, frameThreads, this::pidOf);
        for (int i : animatedOnly) {
            UiFrame f = frames.get(i);
            long next = Long.MAX_VALUE;
            for (int j = i + 1; j < frames.size(); j++) {
                if (frames.get(j).thread() == f.thread()) {
                    next = frames.get(j).startNs();
                    break;
                }
            }
            BufferFrames.Swap swap = buffers.first(pidOf(f.thread()), f.startNs(), next);
            if (swap != null) {
                frames.set(i, f.drawnBy(swap));
            }
        }
    }

    /** Whether doFrame {@code f} ran an {@code animation} stage. */
    private boolean animatedOnly(UiFrame f) {
        CallTable c = trace.threads().get(f.thread()).calls();
        int call = callAt(trace, c, f.startNs(), DO_FRAME);
        return call >= 0 && inside(c, call).animation();
    }

    /** Whether thread {@code t}'s frames are known from FrameTimeline alone (app-only tracing, no doFrame slice). */
    boolean timelineOnly(int t) {
        return timelineOnly.contains(t);
    }

    /** Whether thread {@code t}'s frames are bare {@code performTraversals} (Android ≤ 4.3, no doFrame slice). */
    boolean traversalsOnly(int t) {
        return traversalsOnly.containsKey(t);
    }

    /**
     * Whether thread {@code t}'s frames are bare {@code performTraversals} and one of them, drawing
     * or not, runs within [{@code fromNs}, {@code toNs}).
     */
    boolean traversalBetween(int t, long fromNs, long toNs) {
        List<UiFrame> list = traversalsOnly.get(t);
        if (list == null) {
            return false;
        }
        int lo = 0;
        int hi = list.size();
        while (lo < hi) { // first frame starting at or after toNs
            int mid = (lo + hi) >>> 1;
            if (list.get(mid).startNs() < toNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // Outermost traversals do not overlap: only the last one starting before toNs can reach fromNs.
        return lo > 0 && list.get(lo - 1).endNs() > fromNs;
    }

    /** Pre-Choreographer frames: each outermost {@code performTraversals} of thread {@code t}. */
    private void addTraversals(int t, MethodTable methods) {
        CallTable c = trace.threads().get(t).calls();
        long coveredTo = Long.MIN_VALUE;
        int before = frames.size();
        for (int i = 0; i < c.size(); i++) {
            if (c.start(i) < coveredTo || !methods.get(c.method(i)).name().equals(PERFORM_TRAVERSALS)) {
                continue;
            }
            coveredTo = c.end(i);
            Inside in = inside(c, i);
            int last = in.swap >= 0 ? in.swap : in.draw >= 0 ? in.draw : i;
            frames.add(new UiFrame(t, c.start(i), c.end(i), c.start(i), in.swap >= 0 || in.draw >= 0, t,
                    c.start(last), c.end(last), -1, -1, -1, false));
        }
        if (frames.size() > before) {
            traversalsOnly.put(t, List.copyOf(frames.subList(before, frames.size())));
        }
    }

    /** What a frame slice contains: its last draw and buffer swap, and where its traversal starts. */
    private record Inside(int draw, int swap, long stagesEnd, boolean animation) {
    }

    private Inside inside(CallTable c, int call) {
        int last = c.subtreeEnd(call); // inclusive
        int draw = -1;
        int swap = -1;
        long stagesEnd = c.end(call);
        boolean animation = false;
        for (int i = call + 1; i <= last; i++) {
            String name = trace.methods().get(c.method(i)).name();
            animation |= name.equals(ANIMATION);
            if (name.equals(SWAP)) {
                swap = i;
            } else if (name.equals(DRAW)) {
                draw = i;
            }
            if (stagesEnd == c.end(call) && (name.equals("traversal") || name.equals(PERFORM_TRAVERSALS)
                    || name.equals("measure") || name.equals("layout") || name.equals(DRAW))) {
                stagesEnd = c.start(i);
            }
        }
        return new Inside(draw, swap, stagesEnd, animation);
    }

    /**
     * The outermost call of {@code c} (a thread of {@code trace}) starting at {@code startNs} whose
     * name starts with {@code prefix}, or -1.
     */
    static int callAt(Trace trace, CallTable c, long startNs, String prefix) {
        int lo = 0;
        int hi = c.size();
        while (lo < hi) { // calls are in pre-order, so their starts never decrease
            int mid = (lo + hi) >>> 1;
            if (c.start(mid) < startNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < c.size() && c.start(i) == startNs; i++) {
            if (trace.methods().get(c.method(i)).name().startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}
