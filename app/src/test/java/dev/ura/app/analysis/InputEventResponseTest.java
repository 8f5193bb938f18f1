package dev.ura.app.analysis;

import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import dev.ura.app.analysis.events.UiThread;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.report.ResponseText;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.AndroidShapes.DISPATCH;
import static dev.ura.app.analysis.AndroidShapes.LOOP;
import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every input event the view system delivers starts a response (docs/android-method-rules.md,
 * "Inputs" and "Gestures"); the expected values are worked out by hand from the calls written here.
 */
class InputEventResponseTest {
    static final String APP = "com.example.app.";
    static final String RECEIVE = "android.view.InputEventReceiver.dispatchInputEvent";
    static final String DELIVER = "android.view.ViewRootImpl.deliverInputEvent";
    static final String POINTER = "android.view.ViewRootImpl$ViewPostImeInputStage.processPointerEvent";

    /**
     * One touch delivered from the looper ({@code dispatchInputEvent → deliverInputEvent →
     * processPointerEvent → handler}) from {@code start} to {@code end} ms, the handler invalidating
     * at {@code start + 0.5} when {@code handler} is set.
     */
    static void touch(ThreadWriter main, double start, double end, String handler) {
        main.enter(RECEIVE, ms(start)).enter(DELIVER, ms(start + 0.1)).enter(POINTER, ms(start + 0.2));
        if (handler != null) {
            main.enter(handler, ms(start + 0.3)).call("android.view.View.invalidate", ms(start + 0.5), ms(start + 0.6))
                    .exit(ms(end - 0.3));
        }
        main.exit(ms(end - 0.2)).exit(ms(end - 0.1)).exit(ms(end));
    }

    @Test
    void aTouchWithNoClickHandlerIsOneResponseEndingAtTheNextDraw() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        touch(main, 2, 4, APP + "CanvasView.onTouchEvent");
        AndroidShapes.frame(main, 10, 14);
        main.exit(ms(20));

        List<Response> rs = Analysis.of(mt.build()).responses();

        // dispatchInputEvent (2 ms) wraps deliverInputEvent (2.1 ms): one input, not two; the
        // invalidate at 2.5 ms is drawn by performDraw 10.04 .. 13.97 ms
        assertThat(rs).singleElement().satisfies(r -> {
            assertThat(r.trigger()).isEqualTo("CanvasView.onTouchEvent");
            assertThat(r.startNs()).isEqualTo(ms(2));
            assertThat(r.endNs()).isEqualTo(ms(13.97));
            assertThat(r.gesture()).isZero();
        });
    }

    @Test
    void aGameThatOnlyReceivesTouchesHasAResponsePerTouch() {
        // the shape of a Unity game: UnityPlayer.onTouchEvent hands the event to native code; no
        // performClick anywhere, and the game draws on its own GL thread
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        for (int i = 0; i < 3; i++) {
            double at = 1 + i * 500;
            main.enter(RECEIVE, ms(at)).enter(DELIVER, ms(at + 0.1)).enter(POINTER, ms(at + 0.2))
                    .enter("com.unity3d.player.UnityPlayer.onTouchEvent", ms(at + 0.3))
                    .call("com.unity3d.player.UnityPlayer.nativeInjectEvent", ms(at + 0.4), ms(at + 0.8))
                    .exit(ms(at + 0.9)).exit(ms(at + 1)).exit(ms(at + 1.1)).exit(ms(at + 1.2));
        }
        main.exit(ms(1600));

        Analysis a = Analysis.of(mt.build());

        // touches at 1, 501, 1001 ms, 500 ms apart: three responses in three gestures; no draw was
        // requested, so each ends where its input handler ends (start + 1.2 ms)
        assertThat(a.noResponseReason()).isEmpty();
        assertThat(a.responses()).extracting(Response::trigger).containsOnly("UnityPlayer.onTouchEvent");
        assertThat(a.responses()).extracting(Response::startNs).containsExactly(ms(1), ms(501), ms(1001));
        assertThat(a.responses()).extracting(Response::endNs).containsExactly(ms(2.2), ms(502.2), ms(1002.2));
        assertThat(a.responses()).extracting(Response::gesture).containsExactly(0, 1, 2);
    }

    @Test
    void theClickAndroidPostsAfterTheUpEventJoinsThatEventsResponse() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        touch(main, 1, 2, null);                        // down
        touch(main, 80, 81, null);                      // up, which posts View$PerformClick
        main.enter(DISPATCH, ms(81.5)).enter("android.view.View$PerformClick.run", ms(81.6))
                .enter("android.view.View.performClick", ms(81.7)).enter(APP + "MainActivity$1.onClick", ms(81.8))
                .call("android.widget.PopupWindow.showAsDropDown", ms(82), ms(85))
                .exit(ms(85.1)).exit(ms(85.2)).exit(ms(85.3)).exit(ms(85.4));
        AndroidShapes.frame(main, 90, 99);
        main.exit(ms(120));

        List<Response> rs = Analysis.of(mt.build()).responses();

        // down at 1 ms (no request: ends at its own end, 2 ms); up at 80 ms joined by the click
        // at 81.7 ms (1.5 ms after 81 ms < 300 ms), whose popup is drawn by performDraw ending at 98.97 ms
        assertThat(rs).hasSize(2);
        assertThat(rs.get(0).startNs()).isEqualTo(ms(1));
        assertThat(rs.get(0).endNs()).isEqualTo(ms(2));
        assertThat(rs.get(1).trigger()).isEqualTo("MainActivity$1.onClick");
        assertThat(rs.get(1).startNs()).isEqualTo(ms(80));
        assertThat(rs.get(1).endNs()).isEqualTo(ms(98.97));
        // down and up 78 ms apart: one gesture
        assertThat(rs).extracting(Response::gesture).containsExactly(0, 0);
    }

    @Test
    void aScrollIsOneGestureAndEachEventEndsAtTheFrameThatConsumedIt() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        touch(main, 1, 2, APP + "ListView.onTouchEvent");   // down, outside a frame
        for (int i = 0; i < 2; i++) {
            // moves batched into the frame's input stage, then the same frame draws them
            double f = 16 + 16 * i;
            main.enter(DISPATCH, ms(f)).enter("android.view.Choreographer.doFrame", ms(f + 0.1))
                    .enter("android.view.InputEventReceiver.consumeBatchedInputEvents", ms(f + 0.2));
            touch(main, f + 0.3, f + 3, APP + "ListView.onTouchEvent");
            main.exit(ms(f + 3.1)).enter("android.view.ViewRootImpl.performTraversals", ms(f + 3.2))
                    .call("android.view.ViewRootImpl.performDraw", ms(f + 4), ms(f + 9)).exit(ms(f + 9.1))
                    .exit(ms(f + 9.2)).exit(ms(f + 9.3));
        }
        touch(main, 50, 51, APP + "ListView.onTouchEvent"); // up
        AndroidShapes.frame(main, 64, 70);
        touch(main, 900, 901, APP + "ListView.onTouchEvent"); // a new tap, 849 ms later
        AndroidShapes.frame(main, 910, 915);
        main.exit(ms(1000));

        List<Response> rs = Analysis.of(mt.build()).responses();

        // down 1 ms → first draw after it ends 25 ms (frame at 16); move 16.3 ms → its own frame's
        // draw ends 25 ms; move 32.3 → 41 ms; up 50 → 69.97 ms; the tap at 900 → 914.97 ms
        assertThat(rs).extracting(Response::startNs).containsExactly(ms(1), ms(16.3), ms(32.3), ms(50), ms(900));
        assertThat(rs).extracting(Response::endNs)
                .containsExactly(ms(25), ms(25), ms(41), ms(69.97), ms(914.97));
        // gaps 14.3, 13.3, 14 ms < 300 ms: one gesture; then 849 ms: a new one
        assertThat(rs).extracting(Response::gesture).containsExactly(0, 0, 0, 0, 1);
    }

    @Test
    void theUiThreadIsTheOneRunningFramesEvenWhenItIsNotTheProcessThread() {
        // a JVM app: the process's first thread only launches; views run on a thread of their own
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("launcher").call("com.example.Launcher.run", 0, ms(1));
        ThreadWriter ui = mt.thread("ui-loop").enter(LOOP, ms(0.5));
        AndroidShapes.message(ui, APP + "Model.refresh", 2, 9);
        AndroidShapes.frame(ui, 10, 12);
        ui.exit(ms(20));
        Trace t = mt.build();

        assertThat(t.threads().get(UiThread.of(t)).name()).isEqualTo("ui-loop");
        Analysis a = Analysis.of(t);
        // no input: the reason names what is missing, not a missing main thread, and the longest
        // work offered instead is the UI thread's message (2 .. 9 ms), not the launcher's call
        assertThat(a.noResponseReason()).hasValueSatisfying(reason -> assertThat(reason).startsWith("no input handler"));
        assertThat(a.responseCandidates()).first().satisfies(c -> {
            assertThat(c.threadName()).isEqualTo("ui-loop");
            assertThat(c.startNs()).isEqualTo(ms(2));
        });
    }

    @Test
    void withoutFramesTheDeclaredMainThreadIsTheUiThread() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("worker").call("com.example.A.run", 0, ms(1));
        mt.thread("main").call("com.example.B.run", 0, ms(1));
        Trace t = mt.build();

        assertThat(t.threads().get(UiThread.of(t)).name()).isEqualTo("main");
    }

    @Test
    void workPostedBackAfterTheLastFrameLeavesTheResponseUnfinished() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        touch(main, 1, 3, null);
        main.enter(DISPATCH, ms(3.5)).enter("android.view.View$PerformClick.run", ms(3.6))
                .enter("android.view.View.performClick", ms(3.7)).enter(APP + "MainActivity$1.onClick", ms(3.8))
                .call(APP + "LoadTask.<init>", ms(3.9), ms(4));
        AndroidShapes.execute(main, 4.1);
        main.exit(ms(4.3)).exit(ms(4.4)).exit(ms(4.5)).exit(ms(4.6));
        AndroidShapes.frame(main, 16, 20);                  // the trace's last frame
        main.enter(DISPATCH, ms(60)).enter(APP + "LoadTask.onPostExecute", ms(60.1))
                .call("android.view.View.invalidate", ms(60.2), ms(60.3)).exit(ms(60.4)).exit(ms(60.5));
        main.exit(ms(70));
        ThreadWriter worker = mt.thread("pool-1-thread-1");
        worker.enter("java.util.concurrent.ThreadPoolExecutor$Worker.run", ms(4.5))
                .enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(4.6))
                .enter(APP + "LoadTask.run", ms(4.7)).call("java.io.FileInputStream.read", ms(5), ms(50));
        AndroidShapes.post(worker, 55);
        worker.exit(ms(56)).exit(ms(57)).exit(ms(58));

        Analysis a = Analysis.of(mt.build());
        Response r = a.responses().get(0);

        // the result comes back at 60 ms and invalidates at 60.2 ms, after the last frame (16..20 ms):
        // nothing draws it, so the response is unfinished
        assertThat(a.responses()).hasSize(1);
        assertThat(r.finished()).isFalse();
        assertThat(a.links()).extracting(Link::via).contains(LinkKind.AFFINITY);
        assertThat(ResponseText.ending(a, r))
                .contains("UNFINISHED: its work requested an update at 60.2 ms, after the trace's last frame (16.0 ms)");
    }

    /** A frame whose traversal only measured and laid out (relayoutWindow), drawing nothing: 4 calls 1 ms apart. */
    static void traversalWithoutDraw(ThreadWriter main, double at) {
        main.enter(DISPATCH, ms(at)).enter("android.view.Choreographer.doFrame", ms(at + 1))
                .enter("android.view.ViewRootImpl.performTraversals", ms(at + 2))
                .call("android.view.ViewRootImpl.relayoutWindow", ms(at + 3), ms(at + 10))
                .exit(ms(at + 11)).exit(ms(at + 12)).exit(ms(at + 13));
    }

    /** A frame that draws: performDraw from {@code at + 3} to {@code at + 10}. */
    static void drawingFrame(ThreadWriter main, double at) {
        main.enter(DISPATCH, ms(at)).enter("android.view.Choreographer.doFrame", ms(at + 1))
                .enter("android.view.ViewRootImpl.performTraversals", ms(at + 2))
                .call("android.view.ViewRootImpl.performDraw", ms(at + 3), ms(at + 10))
                .exit(ms(at + 11)).exit(ms(at + 12)).exit(ms(at + 13));
    }

    @Test
    void inASampledTraceALaunchAndAPopupEndAtTheirFirstPerformDrawNotAtATraversalThatDrewNothing() {
        // every call starts 0.1 ms or more after the previous one: the trace reads as sampled, where a
        // traversal without a sampled draw stands in for an unsampled draw
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.app.ActivityThread.handleLaunchActivity", ms(2))
                .call(APP + "MainActivity.onCreate", ms(3), ms(4))
                .enter("android.app.ActivityThread.handleResumeActivity", ms(5))
                .call("android.view.WindowManagerGlobal.addView", ms(6), ms(7))
                .exit(ms(8)).exit(ms(9)).exit(ms(10));
        traversalWithoutDraw(main, 20);   // the new window's first traversal: relayout, no draw (ends 31)
        drawingFrame(main, 40);           // its first draw: performDraw 43 .. 50
        touch(main, 100, 101, null);
        main.enter(DISPATCH, ms(102)).enter("android.view.View$PerformClick.run", ms(103))
                .enter("android.view.View.performClick", ms(104)).enter(APP + "MenuButton.onClick", ms(105))
                .call("android.widget.PopupWindow.showAsDropDown", ms(106), ms(108))
                .exit(ms(109)).exit(ms(110)).exit(ms(111)).exit(ms(112));
        traversalWithoutDraw(main, 120);  // the popup's first traversal (ends 131)
        drawingFrame(main, 140);          // its first draw: performDraw 143 .. 150
        touch(main, 300, 301, APP + "Counter.onTouchEvent"); // invalidates at 300.5 ms
        traversalWithoutDraw(main, 320);  // an ordinary frame whose draw the sampler missed (322 .. 331)
        main.exit(ms(400));

        List<Response> rs = Analysis.of(mt.build()).responses();

        assertThat(rs).extracting(Response::trigger)
                .containsExactly("com.example.app.MainActivity", "MenuButton.onClick", "Counter.onTouchEvent");
        // launch: addView at 6 ms; 50 ms (performDraw 43..50), not 31 ms (the traversal 22..31)
        assertThat(rs.get(0).endNs()).isEqualTo(ms(50));
        // popup: showAsDropDown at 106 ms; 150 ms (performDraw 143..150), not 131 ms
        assertThat(rs.get(1).startNs()).isEqualTo(ms(100));
        assertThat(rs.get(1).endNs()).isEqualTo(ms(150));
        // an ordinary invalidate: the traversal 322 .. 331 stands in for its unsampled draw
        assertThat(rs.get(2).endNs()).isEqualTo(ms(331));
    }
}
