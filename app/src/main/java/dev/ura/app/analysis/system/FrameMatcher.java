package dev.ura.app.analysis.system;

import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which frames a response's tracked work requested, and the one that ends it
 * (docs/system-responses.md §3): a tracked stretch on a UI thread requests the first frame of that
 * thread that draws it — the frame whose input or animation stage it starts in, else the first
 * drawing frame that starts after it — unless the doFrame that would have drawn it drew nothing
 * ({@link UiFrames#drewNothingFor}); the response ends at the requested frame drawn last.
 */
final class FrameMatcher {
    /** Why a response has no ending frame. */
    enum Unfinished {
        /** Finished: a frame ends it. */
        NONE(null),
        /** No tracked stretch ran on a thread that draws. */
        NO_FRAME("its tracked work requested no frame"),
        /** Work on a UI thread after the trace's last frame there: the frame that would draw it is not in the trace. */
        AFTER_LAST_FRAME("its work posts back to the UI thread after the last frame of the trace"),
        /**
         * No frame followed the handling: the doFrame whose input or animation stage it ran in (or
         * the next one) drew nothing; with FrameTimeline alone, no doFrame ran within a frame of
         * the handling's end; on Android ≤ 4.3, the vsync's doFrame it ran in (or the next one) went
         * idle without a traversal ({@link VsyncDoFrames}).
         */
        NOT_REQUESTED("its handling requested no frame: the UI thread drew nothing within a frame of it"),
        /**
         * The app draws on a thread of its own and its UI thread never draws ({@link OwnDrawThreads}: a
         * game): the touch was handed to that thread, but no recorded hand-off says which of its frames
         * showed it.
         */
        OWN_DRAW_THREAD("its app draws on a thread of its own, which no recorded hand-off links to the input: "
                + "the trace does not show which of that thread's frames showed it");

        private final String reason;

        Unfinished(String reason) {
            this.reason = reason;
        }

        /** One line, for the report; null when finished. */
        String reason() {
            return reason;
        }
    }

    /**
     * @param frames     the requested frames (indices into {@link UiFrames#all()}), ascending
     * @param end        the one drawn last, -1 when unfinished
     * @param unfinished why there is no end
     * @param postBack   whether a post-back to an awake UI thread (no wakeup recorded) added a request
     */
    record Requests(List<Integer> frames, int end, Unfinished unfinished, boolean postBack) {
    }

    private final UiFrames ui;
    private final TimelineDraws timeline;
    private final SystemTrace system;
    private final boolean[] renderThread;
    private final VsyncDoFrames doFrames;
    private final SystemThreads threads;
    private final OwnDrawThreads own;

    FrameMatcher(UiFrames ui, TimelineDraws timeline, SystemTrace system, SystemThreads threads, int threadCount,
                 OwnDrawThreads own) {
        this.ui = ui;
        this.own = own;
        this.timeline = timeline;
        this.system = system;
        this.doFrames = new VsyncDoFrames(system, threads, ui);
        this.threads = threads;
        renderThread = new boolean[threadCount];
        for (UiFrames.UiFrame f : ui.all()) {
            if (f.drawThread() != f.thread() && f.drawThread() >= 0 && f.drawThread() < threadCount) {
                renderThread[f.drawThread()] = true;
            }
        }
    }

    /** What {@code stretches} (in order of start) request, and the frame that ends the response. */
    Requests requested(List<TrackedStretch> stretches) {
        TreeSet<Integer> out = new TreeSet<>();
        boolean afterLast = false;
        boolean notRequested = false;
        for (TrackedStretch s : stretches) {
            if (!ui.uiThread(s.thread())) {
                continue;
            }
            // FrameTimeline alone says nothing of a frame's stages (§3, app-only tracing).
            int k = ui.timelineOnly(s.thread()) ? timeline.drawnBy(s.thread(), s.fromNs(), s.toNs())
                    : ui.firstDrawing(s.thread(), s.fromNs());
            if (k >= 0 && ui.traversalsOnly(s.thread())
                    && doFrames.askedForNone(s.thread(), s.fromNs(), s.toNs(), ui.get(k).startNs())) {
                notRequested = true; // a doFrame went idle first: that traversal is a later cause's
            } else if (ui.drewNothingFor(s.thread(), s.fromNs(), s.toNs())) {
                notRequested = true; // the doFrame that would have drawn it drew nothing: a later frame is a later cause's
            } else if (k >= 0 && !ui.timelineOnly(s.thread()) && !ui.traversalsOnly(s.thread())
                    && idledBefore(s.thread(), s.toNs(), ui.get(k).startNs())) {
                notRequested = true; // no vsync was pending: that frame is a later cause's
            } else if (k >= 0) {
                out.add(k);
            } else if (k == TimelineDraws.NOT_REQUESTED) {
                notRequested = true;
            } else {
                afterLast = true;
            }
        }
        boolean postBack = false;
        int back = postBack(stretches);
        if (back == AFTER_LAST) {
            afterLast = true; // posted back, but the frame that would draw it is not in the trace
        } else if (back == IDLED) {
            notRequested = true; // what it posted asked for no frame: the looper went idle first
        } else if (back >= 0 && !out.contains(back)) {
            out.add(back);
            postBack = true;
        }
        List<Integer> frames = new ArrayList<>(out);
        if (afterLast) {
            return new Requests(frames, -1, Unfinished.AFTER_LAST_FRAME, postBack);
        }
        int end = drawnLast(frames);
        Unfinished why = end >= 0 ? Unfinished.NONE : notRequested ? Unfinished.NOT_REQUESTED : Unfinished.NO_FRAME;
        if (why != Unfinished.NONE && !stretches.isEmpty() && own.drawsOnItsOwn(ui.pidOf(stretches.get(0).thread()))) {
            why = Unfinished.OWN_DRAW_THREAD; // a game's touch did ask for a frame, of a thread the trace does not link
        }
        return new Requests(frames, end, why, postBack);
    }

    /**
     * A post-back that left no wakeup: when the tracked work's last stretch to end (leaving out the
     * runtime's own threads, {@link SystemThreads#runtime}) runs on another thread of a UI thread's
     * process (not its RenderThread) and the UI thread is awake (running or
     * waiting for a CPU) when it ends, a message it posted needed no wakeup — the looper takes it
     * after what it is doing. That work is drawn by the UI thread's first drawing frame that starts
     * after the stretch's end. Returns that frame; {@link #AFTER_LAST} when the trace has no such
     * frame (it ends before the post-back was drawn); {@link #IDLED} when the looper went idle with no
     * vsync pending before that frame (what was posted asked for none); -1 when there is no post-back.
     */
    private int postBack(List<TrackedStretch> stretches) {
        TrackedStretch last = null;
        for (TrackedStretch s : stretches) {
            if (threads.runtime(s.thread())) {
                continue; // the JIT or the GC woken by the work: they never post to the app's looper
            }
            if (last == null || s.toNs() >= last.toNs()) {
                last = s;
            }
        }
        if (last == null || ui.uiThread(last.thread()) || renderThread[last.thread()]) {
            return -1;
        }
        int main = ui.uiThreadOf(ui.pidOf(last.thread()));
        if (main < 0 || !ui.uiThread(main)) {
            return -1;
        }
        ThreadStateTable st = system.states().get(main);
        int at = st.indexAt(last.toNs());
        if (at < 0 && st.size() > 0 && st.end(st.size() - 1) == last.toNs()) {
            at = st.indexAt(last.toNs() - 1); // the stretch ends where the trace does: the UI thread's state there
        }
        if (at < 0 || !(st.state(at) == ThreadState.RUNNING || st.state(at).isRunnable())) {
            return -1;
        }
        int frame = ui.firstDrawing(main, last.toNs() + 1, true);
        if (frame >= 0 && !ui.timelineOnly(main) && !ui.traversalsOnly(main)
                && idledBefore(main, last.toNs(), ui.get(frame).startNs())) {
            return IDLED; // the message ran and the looper slept with no vsync pending: a later cause's frame
        }
        return frame >= 0 ? frame : AFTER_LAST;
    }

    /** {@link #postBack}: the UI thread's looper went idle after the post-back, before that frame ({@link #idledBefore}). */
    private static final int IDLED = -3;

    /**
     * Longest a vsync Choreographer asked for takes to reach its looper: one display period, at most
     * {@link FrameCadence#MAX_PERIOD_NS} (20 Hz, the slowest rhythm ura recognises).
     */
    static final long VSYNC_BOUND_NS = FrameCadence.MAX_PERIOD_NS;

    /**
     * Whether UI thread {@code t}'s looper went idle with no vsync pending between the end of work
     * ({@code toNs}) and the frame starting at {@code frameNs} (docs/system-responses.md §3, "No vsync
     * came"): a traversal or animation asked for without delay makes Choreographer ask for the next
     * vsync, which wakes a sleeping looper within a display period, and the doFrame runs before the
     * looper sleeps again. So a sleep that began after the work and ended later than
     * {@link #VSYNC_BOUND_NS} after it (still asleep then, or asleep again without a doFrame) shows
     * that nothing was pending. A sleep another process ended
     * (not the vsync thread, not the input system) is a binder call waiting for its reply, not an
     * idle looper: a vsync that came meanwhile waits for it, so it shows nothing.
     */
    private boolean idledBefore(int t, long toNs, long frameNs) {
        long bound = toNs + VSYNC_BOUND_NS;
        if (frameNs <= bound) {
            return false;
        }
        ThreadStateTable st = system.states().get(t);
        long pid = ui.pidOf(t);
        for (int i = st.firstEndingAfter(bound); i < st.size() && st.start(i) < frameNs; i++) {
            if (st.state(i) != ThreadState.SLEEPING || st.start(i) < toNs) {
                continue;
            }
            int w = st.waker(i);
            if (w >= 0 && ui.pidOf(w) != pid && !threads.vsync(w) && !threads.inputSystem(w)) {
                continue;
            }
            return true;
        }
        return false;
    }

    /** {@link #postBack}: the work posted back to an awake UI thread after its last drawing frame. */
    private static final int AFTER_LAST = -2;

    /** Of {@code requested}, the frame drawn last (the later one on a tie), or -1 when none. */
    int drawnLast(List<Integer> requested) {
        int best = -1;
        for (int i : requested) {
            if (best < 0 || ui.get(i).drawnAtNs() >= ui.get(best).drawnAtNs()) {
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
