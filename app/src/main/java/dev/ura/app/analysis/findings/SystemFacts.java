package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.graph.SliceCuts;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadInfo;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the system-trace finding rules look up in the trace: the slice a thread was in at an
 * instant, a thread's label with its process, its process's main thread, and which slices are the
 * framework's containers (an input, a frame, a launch step), which a what-if must not move.
 */
public final class SystemFacts {
    /** Slices that hold a response's or a frame's work rather than being one piece of it. */
    private static final List<String> CONTAINER_PREFIXES = List.of("deliverInputEvent", "Choreographer#doFrame",
            "DrawFrame", "bindApplication", "activityStart", "activityResume", "activityRestart", "PostFork",
            "ActivityThreadMain", "binder transaction", "binder reply");
    /**
     * Jetpack Compose's own sections (androidx.compose.ui / runtime / foundation, e.g.
     * {@code AndroidOwner:onTouch}, {@code AndroidOwner:measureAndLayout}, {@code Recomposer:recompose},
     * {@code Compose:applyChanges}, {@code compose:lazylist:prefetch:compose}, {@code TextLayout:initLayout}):
     * the toolkit delivering input, composing, measuring and laying out on the UI thread, as the view
     * system's {@code input}/{@code traversal} stages do. They hold the app's composables (traced by
     * their own names when composition tracing is on) and must run on the UI thread: not the app's
     * to move. The prefixes are the toolkit's; an app's own section does not start with them.
     */
    private static final List<String> COMPOSE_PREFIXES = List.of("AndroidOwner:", "Compose:", "Recomposer:",
            "compose:", "TextLayout:");
    /** The runtime's own slices (loading and verifying code, waiting on monitors): not the app's to move. */
    private static final List<String> RUNTIME_PREFIXES = List.of("OpenDexFilesFromOat", "Open dex file",
            "Open oat file", "VerifyClass", "Lock contention on", "monitor contention with owner");
    /**
     * The framework's own drawing, by exact name: the UI thread's frame before RenderThread (Android
     * 4.1-4.4: performTraversals, getDisplayList, drawDisplayList, eglSwapBuffers), RenderThread's
     * (5+), buffer queue calls and SurfaceFlinger's composition. They draw what the app's views hold;
     * a developer cannot start them earlier or run them beside the response, only give them less to
     * draw. A wait inside one (for the GPU, a buffer or the display) is the frame's, not the app's.
     */
    private static final Set<String> DRAWING = Set.of("performTraversals", "getDisplayList", "drawDisplayList",
            "eglBeginFrame", "eglSwapBuffers", "dequeueBuffer", "queueBuffer", "query", "requestBuffer",
            "syncFrameState", "prepareTree", "flush drawing commands", "shadow tessellation", "computeOrdering",
            "prepareAndDraw", "notifyFramePending", "drainDisplayEventQueue", "dispatchFrameCallbacks",
            "queue mFrameCallbackTask", "lockPageFlip", "unlockPageFlip", "updateTexImage", "acquireBuffer",
            "releaseBuffer", "postFramebuffer", "handleRepaint", "handlePageFlip", "onMessageReceived");
    /** The framework's drawing by prefix: HWUI's per-frame steps whose names carry sizes or counts. */
    private static final List<String> DRAWING_PREFIXES = List.of("tessellate", "Upload ", "Allocate ",
            "Issue HW Layer", "Optimize HW Layer", "Build GL Shader", "eglSwapBuffers", "eglBeginFrame");
    /** Choreographer's and the view system's frame stages. */
    private static final Set<String> FRAME_STAGES = Set.of("input", "animation", "insets_animation", "traversal",
            "commit", "measure", "layout", "draw", "Record View#draw()");
    /** Names that say a slice writes: deferring it until the update is drawn is the fix. */
    private static final Set<String> WRITE_WORDS = Set.of("write", "commit", "fsync", "flush", "save", "persist",
            "insert", "delete");

    private final Trace trace;
    private final SystemTrace system;
    private final SliceCuts[] cuts;

    SystemFacts(Trace trace) {
        this.trace = trace;
        this.system = trace.system();
        this.cuts = new SliceCuts[trace.threads().size()];
    }

    /** The main thread (tid = pid) of {@code thread}'s process; the thread itself when not found. */
    int processMain(int thread) {
        if (thread < 0 || thread >= system.threads().size()) {
            return thread;
        }
        long pid = system.threads().get(thread).tgid();
        int main = pid < 0 ? -1 : system.threadIndex(pid);
        return main >= 0 ? main : thread;
    }

    /** The innermost slice of {@code thread} containing {@code t}, or -1. */
    int sliceAt(int thread, long t) {
        return cuts(thread).innermostAt(t);
    }

    /** The innermost slice of {@code thread} containing all of {@code [a, b)}, or -1. */
    int sliceOver(int thread, long a, long b) {
        return b <= a ? sliceAt(thread, a) : cuts(thread).innermostOver(a, b);
    }

    /** The first slice of {@code thread} starting at or after {@code t} (its call count when none). */
    int firstStartingAtOrAfter(int thread, long t) {
        var calls = trace.threads().get(thread).calls();
        int lo = 0;
        int hi = calls.size();
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (calls.start(m) < t) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /**
     * The slice of {@code thread} that ended last within {@code (a, b]} (the outermost of those
     * ending together), or -1: what a thread that let go of something at {@code b} had just finished.
     */
    int lastEndedIn(int thread, long a, long b) {
        var calls = trace.threads().get(thread).calls();
        int best = -1;
        for (int c = firstStartingAtOrAfter(thread, b) - 1; c >= 0; c--) {
            if (calls.end(c) > a && calls.end(c) <= b && (best < 0 || calls.end(c) > calls.end(best))) {
                best = c;
            }
            if (calls.parent(c) < 0 && calls.end(c) <= a) {
                break; // an earlier top-level slice ended before the window: so did everything before it
            }
        }
        return best;
    }

    /** A slice's name. */
    String sliceName(int thread, int call) {
        return trace.methods().get(trace.threads().get(thread).calls().method(call)).fullName();
    }

    /** A thread as users know it: {@code name tid (process)}, e.g. {@code binder:600_1 610 (system_server)}. */
    String label(int thread) {
        String name = trace.threads().get(thread).name();
        if (thread >= system.threads().size()) {
            return name;
        }
        ThreadInfo info = system.threads().get(thread);
        String process = system.process(info.tgid()).map(ProcessInfo::name).filter(n -> !n.isEmpty()).orElse("");
        return name + " " + info.tid() + (process.isEmpty() || process.equals(name) ? "" : " (" + process + ")");
    }

    /**
     * Whether a slice is the framework's or the runtime's rather than the app's own work: a
     * container (an input, a frame or its stages, a launch step: moving it would move the response
     * itself; Compose's input, composition and layout, see {@link #COMPOSE_PREFIXES}), the
     * framework's own drawing (see {@link #DRAWING}) or the runtime loading code or waiting on a
     * monitor. No what-if suggests moving it.
     */
    static boolean isContainer(String name) {
        if (FRAME_STAGES.contains(name) || isDrawing(name)) {
            return true;
        }
        return startsWithAny(name, RUNTIME_PREFIXES) || startsWithAny(name, CONTAINER_PREFIXES)
                || startsWithAny(name, COMPOSE_PREFIXES);
    }

    /** Whether a slice is the framework's own drawing of a frame (see {@link #DRAWING}). */
    static boolean isDrawing(String name) {
        if (DRAWING.contains(name)) {
            return true;
        }
        return startsWithAny(name, DRAWING_PREFIXES);
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a slice's name says it writes (see {@link #WRITE_WORDS}), so it can wait until after the draw. */
    static boolean writes(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String w : WRITE_WORDS) {
            if (n.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** How much of {@code [a, b)} the path's segments on {@code thread} cover (any thread when -1). */
    static long onPath(List<Segment> path, int thread, long a, long b) {
        long sum = 0;
        for (Segment s : path) {
            if (thread < 0 || s.thread() == thread) {
                sum += Math.max(0, Math.min(b, s.endNs()) - Math.max(a, s.startNs()));
            }
        }
        return sum;
    }

    /** Whether a path segment of {@code thread} covers the instant {@code t}. */
    static boolean onPathAt(List<Segment> path, int thread, long t) {
        for (Segment s : path) {
            if (s.thread() == thread && s.startNs() <= t && t < s.endNs()) {
                return true;
            }
        }
        return false;
    }

    private SliceCuts cuts(int thread) {
        if (cuts[thread] == null) {
            cuts[thread] = new SliceCuts(trace.threads().get(thread).calls());
        }
        return cuts[thread];
    }
}
