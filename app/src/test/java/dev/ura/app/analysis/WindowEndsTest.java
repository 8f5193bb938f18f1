package dev.ura.app.analysis;

import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import dev.ura.app.analysis.events.SampledTrace;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.response.ResponseDetector;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ends that match what the user sees ({@code docs/android-method-rules.md}): opening a window is a
 * request, a launch ends at its first frame's draw, a sampled trace ends at the frame that follows
 * the work, and a launch is named after its activity. Answers worked out by hand from the rules.
 */
class WindowEndsTest {
    private static final String LOOP = "android.os.Looper.loop";
    private static final String DISPATCH = "android.os.Handler.dispatchMessage";

    /** A frame 120..140 ms... as dispatch [from, to] with a traversal and, optionally, a draw. */
    private static ThreadWriter frame(ThreadWriter main, double from, double to, boolean draw) {
        main.enter(DISPATCH, ms(from)).enter("android.view.Choreographer.doFrame", ms(from))
                .enter("android.view.ViewRootImpl.performTraversals", ms(from + 1))
                .call("android.view.ViewRootImpl.performMeasure", ms(from + 1), ms(from + 5));
        if (draw) {
            main.call("android.view.ViewRootImpl.performDraw", ms(to - 8), ms(to - 2));
        }
        return main.exit(ms(to - 1)).exit(ms(to)).exit(ms(to));
    }

    @Test
    void aLaunchEndsAtTheDrawOfItsFirstFrameAfterItsWindowIsAdded() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0).enter(DISPATCH, ms(1))
                .enter("android.app.ActivityThread.handleLaunchActivity", ms(2))
                .enter("android.app.Activity.performCreate", ms(3))
                .call("com.example.MainActivity.onCreate", ms(4), ms(9))
                .exit(ms(10)).exit(ms(30))
                .enter("android.app.ActivityThread.handleResumeActivity", ms(31))
                .enter("android.view.WindowManagerGlobal.addView", ms(35))
                .enter("android.view.ViewRootImpl.setView", ms(36))
                .enter("android.view.ViewRootImpl.requestLayout", ms(37))
                .call("android.view.ViewRootImpl.scheduleTraversals", ms(37.2), ms(37.8))
                .exit(ms(38)).exit(ms(43)).exit(ms(44)).exit(ms(45)).exit(ms(50));
        frame(main, 60, 80, true).exit(ms(200));

        Analysis a = Analysis.of(mt.build());

        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.trigger()).isEqualTo("com.example.MainActivity");
        assertThat(r.startNs()).isEqualTo(ms(2));
        // performDraw of the frame 60..80 runs 72..78
        assertThat(r.endNs()).isEqualTo(ms(78));
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
        assertThat(r.end().name()).isEqualTo("android.view.ViewRootImpl.performDraw");
        assertThat(r.finished()).isTrue();
    }

    @Test
    void aClickThatOpensAPopupEndsWhenThePopupIsDrawn() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0).enter(DISPATCH, ms(1))
                .enter("android.view.View.performClick", ms(2))
                .enter("com.example.Menu.onClick", ms(3))
                .enter("android.widget.PopupWindow.showAsDropDown", ms(5))
                .call("android.view.WindowManagerGlobal.addView", ms(6), ms(14))
                .exit(ms(15)).exit(ms(18)).exit(ms(19)).exit(ms(20));
        frame(main, 40, 60, true).exit(ms(200));

        Response r = Analysis.of(mt.build()).responses().get(0);

        assertThat(r.trigger()).isEqualTo("Menu.onClick");
        assertThat(r.endNs()).isEqualTo(ms(58));
        assertThat(r.durationNs()).isEqualTo(ms(56));
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
    }

    @Test
    void aLaunchIsNamedAfterTheActivityItConstructsNotAListenerItForwardsTo() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0).enter(DISPATCH, ms(1))
                .enter("android.app.ActivityThread.handleLaunchActivity", ms(2))
                .enter("android.app.Instrumentation.newActivity", ms(2.1))
                .call("com.example.Shop.<init>", ms(2.2), ms(2.4)).exit(ms(2.5))
                .enter("android.app.Activity.performCreate", ms(3))
                .enter("androidx.lifecycle.LifecycleRegistry.handleLifecycleEvent", ms(3.1))
                .call("com.example.Tracker$LifecycleListener.onCreate", ms(3.2), ms(8))
                .exit(ms(9)).exit(ms(10)).exit(ms(30)).exit(ms(31)).exit(ms(200));

        assertThat(Analysis.of(mt.build()).responses().get(0).trigger()).isEqualTo("com.example.Shop");
    }

    @Test
    void withoutAConstructorTheClassThatPerformCreateCallsIsTheActivity() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0).enter(DISPATCH, ms(1))
                .enter("android.app.ActivityThread.handleLaunchActivity", ms(2))
                .enter("android.app.Activity.performCreate", ms(3))
                .enter("androidx.lifecycle.LifecycleRegistry.handleLifecycleEvent", ms(3.1))
                .call("com.example.Tracker$LifecycleListener.onCreate", ms(3.2), ms(4)).exit(ms(4.1))
                .enter("com.example.ui.Home.onCreate", ms(5))
                .call("com.example.Tracker$LifecycleListener.onEvent", ms(6), ms(7))
                .exit(ms(9)).exit(ms(10)).exit(ms(30)).exit(ms(31)).exit(ms(200));

        assertThat(Analysis.of(mt.build()).responses().get(0).trigger()).isEqualTo("com.example.ui.Home");
    }

    /**
     * 30 other messages every 2 ms (a sampling profiler's 1 ms grid), a click 100..110 whose
     * invalidate was not sampled, and a frame 120..140 whose traversal ran but whose draw was not sampled.
     */
    private static MethodTrace clickWithoutASampledRequest(double gridMs) {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        for (int i = 0; i < 30; i++) {
            main.call(DISPATCH, ms(i * gridMs + 0.001), ms(i * gridMs + gridMs / 2));
        }
        main.enter(DISPATCH, ms(100)).enter("android.view.View.performClick", ms(101))
                .call("com.example.Nav.onClick", ms(101), ms(109)).exit(ms(109)).exit(ms(110));
        frame(main, 120, 140, false).exit(ms(300));
        return mt;
    }

    @Test
    void aSampledTraceEndsAtTheFrameAfterTheWorkAndSaysTheEndIsInferred() {
        MethodTrace mt = clickWithoutASampledRequest(2);
        assertThat(SampledTrace.isSampled(mt.build())).isTrue();

        Response r = Analysis.of(mt.build()).responses().get(0);

        // the traversal 121..139 stands for the frame's draw
        assertThat(r.endNs()).isEqualTo(ms(139));
        assertThat(r.durationNs()).isEqualTo(ms(38));
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
        assertThat(r.end().name()).isEqualTo("android.view.ViewRootImpl.performTraversals "
                + ResponseDetector.INFERRED_END);
        assertThat(r.finished()).isTrue();
    }

    @Test
    void anInstrumentedTraceInfersNothing() {
        // the same calls with boundaries 10 µs apart: an instrumented trace, where a missing request is really missing
        MethodTrace mt = clickWithoutASampledRequest(0.02);
        assertThat(SampledTrace.isSampled(mt.build())).isFalse();

        Response r = Analysis.of(mt.build()).responses().get(0);

        assertThat(r.endNs()).isEqualTo(ms(109));
        assertThat(r.end()).isNull();
    }
}
