package dev.ura.app.analysis;

import dev.ura.app.analysis.TraceFixtures.ThreadWriter;

import static dev.ura.app.analysis.TraceFixtures.ms;

/** The framework call shapes of Android work, written onto fixture threads (times in ms). */
final class AndroidShapes {
    static final String DISPATCH = "android.os.Handler.dispatchMessage";
    static final String LOOP = "android.os.Looper.loop";

    private AndroidShapes() {
    }

    /** A posted message send: {@code Handler.sendMessageAtTime → MessageQueue.enqueueMessage}. */
    static void post(ThreadWriter t, double at) {
        t.enter("android.os.Handler.sendMessageAtTime", ms(at))
                .call("android.os.MessageQueue.enqueueMessage", ms(at + 0.005), ms(at + 0.015))
                .exit(ms(at + 0.02));
    }

    /** An executor hand-off that also starts the pool thread (which is not a hand-off of its own). */
    static void execute(ThreadWriter t, double at) {
        t.enter("java.util.concurrent.ThreadPoolExecutor.execute", ms(at))
                .call("java.lang.Thread.start", ms(at + 0.005), ms(at + 0.015))
                .exit(ms(at + 0.02));
    }

    /** A frame: a dispatched {@code Choreographer.doFrame} that draws. */
    static void frame(ThreadWriter main, double start, double end) {
        main.enter(DISPATCH, ms(start))
                .enter("android.view.Choreographer$FrameDisplayEventReceiver.run", ms(start + 0.01))
                .enter("android.view.Choreographer.doFrame", ms(start + 0.02))
                .enter("android.view.ViewRootImpl.performTraversals", ms(start + 0.03))
                .call("android.view.ViewRootImpl.performDraw", ms(start + 0.04), ms(end - 0.03))
                .exit(ms(end - 0.02))
                .exit(ms(end - 0.01))
                .exit(ms(end - 0.005))
                .exit(ms(end));
    }

    /** A frame whose animation invalidates a view and schedules the next frame. */
    static void animationFrame(ThreadWriter main, double start, double end) {
        main.enter(DISPATCH, ms(start))
                .enter("android.view.Choreographer.doFrame", ms(start + 0.01))
                .enter("android.animation.ValueAnimator.doAnimationFrame", ms(start + 0.02))
                .call("android.view.View.invalidate", ms(start + 0.03), ms(start + 0.04))
                .enter("android.view.Choreographer.postFrameCallback", ms(start + 0.05))
                .call("android.os.MessageQueue.enqueueMessage", ms(start + 0.06), ms(start + 0.07))
                .exit(ms(start + 0.08))
                .exit(ms(start + 0.09))
                .call("android.view.ViewRootImpl.performDraw", ms(start + 0.1), ms(end - 0.02))
                .exit(ms(end - 0.01))
                .exit(ms(end));
    }

    /** A main-thread message that runs one app method and nothing else. */
    static void message(ThreadWriter main, String appMethod, double start, double end) {
        main.enter(DISPATCH, ms(start)).call(appMethod, ms(start + 0.01), ms(end - 0.01)).exit(ms(end));
    }
}
