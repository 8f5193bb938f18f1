package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.View;
import dev.ura.samples.sim.Work;
import dev.ura.samples.timeline.AgentEvent;
import dev.ura.trace.model.EventKind;

/** User input and app-method helpers shared by the scenarios. */
final class Ui {
    private static final String[] TOUCH_CHAIN = {
            "android.view.ViewRootImpl$WindowInputEventReceiver.onInputEvent(Landroid/view/InputEvent;I)V",
            "android.view.ViewRootImpl.enqueueInputEvent(Landroid/view/InputEvent;Landroid/view/InputEventReceiver;IZ)V",
            "android.view.ViewRootImpl.doProcessInputEvents()V",
            "android.view.ViewRootImpl$ViewPostImeInputStage.onProcess(Landroid/view/ViewRootImpl$QueuedInputEvent;)I",
            "android.view.View.dispatchTouchEvent(Landroid/view/MotionEvent;)Z",
            "android.view.View.onTouchEvent(Landroid/view/MotionEvent;)Z"};

    private Ui() {
    }

    /**
     * A tap on {@code button} at {@code downNs}: touch down (pressed state drawn), touch up 80 ms
     * later, which posts {@code View$PerformClick}; that message runs {@code performClick}, the
     * USER_INPUT, which calls {@code listener.onClick}.
     */
    static void tap(AppProcess p, long downNs, View button, String listenerClass, Work onClick) {
        p.sim.input(p.main, downNs, x -> x.chain(() -> {
            x.cpu("touch", 0.3);
            x.call("android.view.View.setPressed(Z)V", () -> Android.invalidate(x, button));
        }, TOUCH_CHAIN));
        p.sim.input(p.main, downNs + 80_000_000L, x -> x.chain(() -> {
            x.cpu("touch", 0.3);
            x.call("android.view.View.setPressed(Z)V", () -> Android.invalidate(x, button));
            x.call("android.view.View.post(Ljava/lang/Runnable;)Z",
                    () -> Android.post(x, p.main, "android.view.View$PerformClick.run", m -> performClick(m, button, listenerClass, onClick)));
        }, TOUCH_CHAIN));
    }

    private static void performClick(Exec x, View button, String listenerClass, Work onClick) {
        x.chain(() -> {
            int response = x.sim().startResponse("onClick", x.now());
            x.track(response, () -> x.call("android.view.View.performClick()Z",
                    AgentEvent.interval(EventKind.USER_INPUT, "name", "onClick", "view", button.id()),
                    () -> {
                        x.leaf("android.view.View.playSoundEffect(I)V");
                        x.call(listenerClass + ".onClick(Landroid/view/View;)V", () -> onClick.run(x));
                    }));
        }, "android.os.Handler.handleCallback(Landroid/os/Message;)V", "android.view.View$PerformClick.run()V");
    }

    /** An app method the agent records (a METHOD interval), so what-if patterns match both forms. */
    static void method(Exec x, String method, Runnable body) {
        String name = method.substring(0, method.indexOf('('));
        x.call(method, AgentEvent.interval(EventKind.METHOD, "name", name), body);
    }
}
