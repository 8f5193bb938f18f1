package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which FrameTimeline frame first shows work done on a UI thread whose frames are known from
 * FrameTimeline alone (app-only tracing on Android 12+: no doFrame, no DrawFrame, no scheduler
 * events; docs/system-responses.md §3, "Frames known from FrameTimeline alone").
 *
 * <p>Every actual surface frame is a buffer the app queued, so every one drew. Who made it shows in
 * its actual start: Choreographer stamps a frame with the time its doFrame began (later than the vsync
 * it was scheduled for, the surface frame's expected start), while HWUI stamps a frame RenderThread
 * drew on its own vsync (an animation, or the UI thread's last synced content when the UI thread's own
 * frame could not be drawn) with that vsync's time, equal to the expected start. The UI thread's
 * doFrames that left no frame of their own show as Compose's frame work ({@link #FRAME_WORK}).
 */
final class TimelineDraws {
    /** Why no frame shows the work. */
    static final int NOT_REQUESTED = -2;
    static final int AFTER_LAST = -1;

    /**
     * Compose's frame work, which runs only inside a doFrame: its frame clock runs
     * {@code Recomposer:animation} and {@code Recomposer:recompose} in Choreographer's animation
     * callbacks, and {@code AndroidComposeView} measures and lays out in the traversal
     * ({@code AndroidOwner:measureAndLayout}) — except the measureAndLayout it runs right before
     * handling a touch ({@link #beforeTouch}).
     */
    static final Set<String> FRAME_WORK = Set.of("Recomposer:animation", "Recomposer:recompose",
            "AndroidOwner:measureAndLayout");
    private static final String TOUCH = "AndroidOwner:onTouch";
    /** Slices of one doFrame follow each other closer than this. */
    private static final long SAME_FRAME_GAP_NS = 1_000_000;

    private final Trace trace;
    private final UiFrames ui;
    private final Map<Integer, PerThread> threads = new HashMap<>();

    /** A timeline-only UI thread: its frames by actual start, its outermost slices, its frame interval. */
    private record PerThread(int[] frames, long[] topStart, long[] topEnd, boolean[] frameWork, long intervalNs) {
    }

    TimelineDraws(Trace trace, UiFrames ui) {
        this.trace = trace;
        this.ui = ui;
    }

    /**
     * The frame (index into {@link UiFrames#all()}) that first shows the work thread {@code t} did
     * over [{@code fromNs}, {@code toNs}], {@link #NOT_REQUESTED} when that work asked for no frame
     * (no doFrame ran within a frame interval of the first vsync the UI thread was free for after it),
     * {@link #AFTER_LAST} when the trace ends first.
     */
    int drawnBy(int t, long fromNs, long toNs) {
        PerThread p = threads.computeIfAbsent(t, this::build);
        long h = handlingEnd(t, p, fromNs, toNs);
        // D: the first doFrame after the handling — a frame the UI thread made, or its traced frame work.
        int made = -1;
        for (int j = firstFrom(p, h); j < p.frames.length; j++) {
            if (uiMade(p.frames[j])) {
                made = p.frames[j];
                break;
            }
        }
        int w = firstTopAtOrAfter(p, h, true);
        long work = w < p.topStart.length ? p.topStart[w] : Long.MAX_VALUE;
        if (made < 0 && work == Long.MAX_VALUE) {
            return AFTER_LAST;
        }
        boolean byWork = made < 0 || work < ui.get(made).startNs();
        if (p.intervalNs > 0) {
            // A frame requested at h is scheduled on the next vsync (at most an interval later) and
            // starts once the looper is free. A frame the UI thread made names its vsync (its expected
            // start); frame work shows only when it ran, a little after its doFrame began.
            long free = freeAt(p, h + p.intervalNs);
            boolean asked = byWork ? work <= free + p.intervalNs / 4 : ui.get(made).expectedNs() <= free;
            if (!asked) {
                return NOT_REQUESTED;
            }
        }
        if (!byWork) {
            return made;
        }
        // A doFrame that left no frame of its own: RenderThread shows what it synced from the next vsync
        // after its traced work (G) on; none within an interval (and one more for dispatch) means it drew nothing.
        long g = p.topEnd[w];
        for (int i = w + 1; i < p.topStart.length && p.frameWork[i] && p.topStart[i] - g < SAME_FRAME_GAP_NS; i++) {
            g = p.topEnd[i];
        }
        for (int j = firstFrom(p, Math.min(h, g)); j < p.frames.length; j++) {
            int k = p.frames[j];
            long start = ui.get(k).startNs();
            if (uiMade(k) ? start >= h : start >= g) {
                return p.intervalNs > 0 && start > g + 2 * p.intervalNs ? NOT_REQUESTED : k;
            }
        }
        return AFTER_LAST;
    }

    /**
     * Where the handling of [{@code fromNs}, {@code toNs}] ended: at {@code toNs}, unless a frame the
     * UI thread made starts inside it while only the slice starting at {@code fromNs} is open. A
     * doFrame starts only on an idle looper, so that slice's end was written late: a click handler
     * that launched a coroutine which opened a trace section and suspended left it open, the
     * handler's {@code endSection} closed the coroutine's section, and the coroutine's, when it
     * resumed, closed the handler's. The handling had ended by that frame's start.
     */
    private long handlingEnd(int t, PerThread p, long fromNs, long toNs) {
        CallTable c = trace.threads().get(t).calls();
        int outer = UiFrames.callAt(trace, c, fromNs, "");
        if (outer < 0) {
            return toNs;
        }
        int last = c.subtreeEnd(outer);
        for (int j = firstFrom(p, fromNs); j < p.frames.length; j++) {
            int k = p.frames[j];
            long s = ui.get(k).startNs();
            if (s <= fromNs || !uiMade(k)) {
                continue;
            }
            if (s >= toNs) {
                break;
            }
            boolean nested = false;
            for (int i = outer + 1; i <= last && c.start(i) < s; i++) {
                nested |= c.end(i) > s;
            }
            if (!nested) {
                return s;
            }
        }
        return toNs;
    }

    /** Index into {@code p.frames} of the first frame starting at or after {@code ns}. */
    private int firstFrom(PerThread p, long ns) {
        int lo = 0;
        int hi = p.frames.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ui.get(p.frames[mid]).startNs() < ns) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether frame {@code k} was stamped by a doFrame (its actual start after its expected start). */
    private boolean uiMade(int k) {
        UiFrames.UiFrame f = ui.get(k);
        return f.expectedNs() >= 0 && f.startNs() > f.expectedNs();
    }

    /** The first instant at or after {@code ns} at which the thread is in no outermost slice. */
    private static long freeAt(PerThread p, long ns) {
        long at = ns;
        int i = firstTopAtOrAfter(p, at, false);
        while (i < p.topStart.length && p.topStart[i] <= at) {
            at = Math.max(at, p.topEnd[i]);
            i++;
        }
        return at;
    }

    /**
     * The first outermost slice ending after {@code ns} (so one containing it comes first); with
     * {@code frameWorkOnly}, the first frame-work slice starting at or after {@code ns}.
     */
    private static int firstTopAtOrAfter(PerThread p, long ns, boolean frameWorkOnly) {
        int i = 0;
        int hi = p.topEnd.length;
        while (i < hi) { // outermost slices are disjoint: their ends ascend with their starts
            int mid = (i + hi) >>> 1;
            if (p.topEnd[mid] <= ns) {
                i = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (!frameWorkOnly) {
            return i;
        }
        while (i < p.topStart.length && (p.topStart[i] < ns || !p.frameWork[i])) {
            i++;
        }
        return i;
    }

    private PerThread build(int t) {
        List<Integer> mine = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        for (int k = 0; k < ui.all().size(); k++) {
            if (ui.get(k).thread() == t) {
                mine.add(k);
                if (ui.get(k).expectedNs() >= 0) {
                    expected.add(ui.get(k).expectedNs());
                }
            }
        }
        CallTable c = trace.threads().get(t).calls();
        List<long[]> top = new ArrayList<>(); // {start, end, frame work 0/1}
        long coveredTo = Long.MIN_VALUE;
        for (int i = 0; i < c.size(); i++) {
            if (c.start(i) >= coveredTo) {
                String name = trace.methods().get(c.method(i)).name();
                top.add(new long[] {c.start(i), c.end(i), FRAME_WORK.contains(name) ? 1 : 0, name.equals(TOUCH) ? 1 : 0});
                coveredTo = c.end(i);
            } else {
                coveredTo = Math.max(coveredTo, c.end(i));
            }
        }
        int n = top.size();
        long[] s = new long[n];
        long[] e = new long[n];
        boolean[] fw = new boolean[n];
        for (int i = 0; i < n; i++) {
            s[i] = top.get(i)[0];
            e[i] = top.get(i)[1];
            fw[i] = top.get(i)[2] == 1 && !beforeTouch(top, i);
        }
        return new PerThread(mine.stream().mapToInt(Integer::intValue).toArray(), s, e, fw, interval(expected));
    }

    /**
     * Whether outermost slice {@code i} is the measureAndLayout {@code AndroidComposeView} runs right
     * before handling a touch (the next slice is an {@code AndroidOwner:onTouch} starting within a
     * doFrame's gap of its end): input handling, not a frame.
     */
    private static boolean beforeTouch(List<long[]> top, int i) {
        return i + 1 < top.size() && top.get(i + 1)[3] == 1 && top.get(i + 1)[0] - top.get(i)[1] < SAME_FRAME_GAP_NS;
    }

    /** The display's frame interval: the median step between the distinct expected starts, 0 when unknown. */
    private static long interval(List<Long> expected) {
        long[] x = expected.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
        if (x.length < 2) {
            return 0;
        }
        long[] steps = new long[x.length - 1];
        for (int i = 1; i < x.length; i++) {
            steps[i - 1] = x[i] - x[i - 1];
        }
        Arrays.sort(steps);
        return steps[steps.length / 2];
    }
}
