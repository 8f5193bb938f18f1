package dev.ura.samples.sim;

import dev.ura.samples.timeline.AgentEvent;
import dev.ura.samples.timeline.CallNode;
import dev.ura.trace.model.EventKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main thread's frame scheduler: an invalidation asks for a frame at the next vsync (every
 * 16.667 ms); the frame jumps the message queue (as Android's async frame messages do behind a
 * sync barrier), lays out what asked for layout and draws every view invalidated before it began.
 * Frames are never tracked work.
 */
public final class Choreographer {
    /** Vsync period, a whole number of microseconds. */
    public static final long VSYNC_NS = 16_667_000L;

    private final Simulation sim;
    private final SimThread main;
    private final long phaseNs;
    private final Map<View, Boolean> dirty = new LinkedHashMap<>();
    private long requestedNs = Long.MAX_VALUE;
    private int frames;

    Choreographer(Simulation sim, SimThread main, long phaseNs) {
        this.sim = sim;
        this.main = main;
        this.phaseNs = phaseNs;
    }

    SimThread thread() {
        return main;
    }

    /** Number of frames drawn so far. */
    public int frames() {
        return frames;
    }

    /** Marks {@code view} dirty at {@code atNs}; {@code layout} when its size may change. */
    void invalidate(View view, boolean layout, long atNs) {
        dirty.merge(view, layout, Boolean::logicalOr);
        requestedNs = Math.min(requestedNs, atNs);
    }

    /** Start of the frame due, or {@link Long#MAX_VALUE} when nothing asked for one. */
    long frameReadyNs() {
        if (requestedNs == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long k = Math.max(0, (requestedNs - phaseNs) / VSYNC_NS + 1);
        return phaseNs + k * VSYNC_NS;
    }

    /** Runs one frame on the main thread (inside its {@code Handler.dispatchMessage}). */
    void frame(Exec x) {
        Map<View, Boolean> views = new LinkedHashMap<>(dirty);
        dirty.clear();
        requestedNs = Long.MAX_VALUE;
        frames++;
        boolean layout = views.containsValue(Boolean.TRUE);
        x.chain(() -> {
            x.cpu("frame.callbacks", 0.25);
            x.leaf("android.view.Choreographer.doCallbacks(IJ)V");
            x.chain(() -> traversal(x, views, layout), "android.view.Choreographer.doCallbacks(IJ)V",
                    "android.view.ViewRootImpl$TraversalRunnable.run()V", "android.view.ViewRootImpl.doTraversal()V",
                    "android.view.ViewRootImpl.performTraversals()V");
        }, "android.view.Choreographer$FrameDisplayEventReceiver.run()V", "android.view.Choreographer.doFrame(JI)V");
    }

    private void traversal(Exec x, Map<View, Boolean> views, boolean layout) {
        if (layout) {
            x.call("android.view.ViewRootImpl.performMeasure(II)V", () -> x.call("android.view.View.measure(II)V",
                    () -> forLaidOut(views, v -> x.call(sibling(v, "onMeasure(II)V"), () -> x.cpu("measure." + v.id(), v.layoutMs() * 0.4)))));
            x.call("android.view.ViewRootImpl.performLayout(Landroid/view/WindowManager$LayoutParams;II)V",
                    () -> x.call("android.view.View.layout(IIII)V",
                            () -> forLaidOut(views, v -> x.call(sibling(v, "onLayout(ZIIII)V"), () -> x.cpu("layout." + v.id(), v.layoutMs() * 0.6)))));
        }
        List<AgentEvent> draws = new ArrayList<>();
        for (View v : views.keySet()) {
            draws.add(AgentEvent.interval(EventKind.DRAW, "view", v.id()));
        }
        CallNode performDraw = x.open("android.view.ViewRootImpl.performDraw()V", null);
        draws.forEach(performDraw::addEvent);
        x.chain(() -> {
            x.cpu("frame.record", 0.2);
            for (View v : views.keySet()) {
                x.call(v.drawMethod() + "(Landroid/graphics/Canvas;)V", () -> x.cpu("draw." + v.id(), v.drawMs()));
            }
        }, "android.view.ViewRootImpl.draw(Z)Z", "android.view.ThreadedRenderer.draw(Landroid/view/View;Landroid/view/View$AttachInfo;Landroid/view/ThreadedRenderer$DrawCallbacks;)V",
                "android.view.ThreadedRenderer.updateRootDisplayList(Landroid/view/View;Landroid/view/ThreadedRenderer$DrawCallbacks;)V",
                "android.view.View.updateDisplayListIfDirty()Landroid/graphics/RenderNode;");
        x.call("android.view.ThreadedRenderer.nSyncAndDrawFrame(J[JI)I", () -> x.block("frame.sync", 0.6));
        x.close(performDraw);
        for (View v : views.keySet()) {
            sim.fulfil(v.id(), performDraw.startNs(), performDraw.endNs());
        }
    }

    private static void forLaidOut(Map<View, Boolean> views, java.util.function.Consumer<View> action) {
        views.forEach((v, layout) -> {
            if (layout) {
                action.accept(v);
            }
        });
    }

    /** A method of the class that draws {@code v}, e.g. its {@code onMeasure}. */
    private static String sibling(View v, String methodAndSig) {
        String m = v.drawMethod();
        return m.substring(0, m.lastIndexOf('.') + 1) + methodAndSig;
    }
}
