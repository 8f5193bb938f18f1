package dev.ura.app.analysis.events;

import dev.ura.app.analysis.TraceFixtures;
import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

class MethodEventDeriverTest {
    private static final String LOOP = "android.os.Looper.loop";
    private static final String DISPATCH = "android.os.Handler.dispatchMessage";

    private static EventTable derive(Trace t) {
        return new MethodEventDeriver(MethodRules.defaults()).derive(t);
    }

    /** "KIND name@thread" per event, in table order. */
    private static List<String> describe(Trace t, EventTable e) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            out.add(e.kind(i) + " " + e.name(i) + "@" + t.threads().get(e.thread(i)).name());
        }
        return out;
    }

    @Test
    void onlyTheOutermostOfNestedMatchesOfOneRuleCounts() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0)
                .enter("android.view.View.requestLayout", ms(1))
                .enter("android.view.View.requestLayout", ms(1.1))
                .call("android.view.View.invalidate", ms(1.2), ms(1.3))
                .exit(ms(1.4)).exit(ms(1.5)).exit(ms(2));
        Trace t = mt.build();

        EventTable e = derive(t);

        assertThat(describe(t, e)).containsExactly("INVALIDATE android.view.View.requestLayout@main");
        assertThat(e.call(0)).isEqualTo(1);
        assertThat(e.isInterval(0)).isFalse();
    }

    @Test
    void anExecutorTaskIsTheRunOrCallDirectlyUnderRunWorker() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").call(LOOP, 0, ms(100));
        mt.thread("pool-1-thread-1").enter("java.util.concurrent.ThreadPoolExecutor$Worker.run", 0)
                .enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(0.1))
                .call("java.util.concurrent.ThreadPoolExecutor.getTask", ms(0.2), ms(1))
                .call("java.util.concurrent.ThreadPoolExecutor.beforeExecute", ms(1), ms(1.1))
                .enter("java.util.concurrent.FutureTask.run", ms(1.2))
                .call("com.example.Job.run", ms(1.3), ms(5))
                .exit(ms(5.1))
                .call("com.example.Other.call", ms(6), ms(7))
                .exit(ms(8)).exit(ms(8));
        Trace t = mt.build();

        assertThat(describe(t, derive(t))).containsExactly(
                "DISPATCH_MSG java.util.concurrent.FutureTask.run@pool-1-thread-1",
                "DISPATCH_MSG com.example.Other.call@pool-1-thread-1");
    }

    @Test
    void aThreadStartedDuringTheTraceIsDispatchedByItsOutermostCall() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0).call("java.lang.Thread.start", ms(1), ms(1.1)).exit(ms(100));
        mt.thread("Thread-7").call("java.lang.Thread.run", ms(2), ms(50)).call("java.lang.Thread.run", ms(60), ms(70));
        mt.thread("Binder:1").call("android.os.Binder.execTransact", 0, ms(3));
        Trace t = mt.build();

        EventTable e = derive(t);

        assertThat(describe(t, e)).containsExactly("SEND_MSG java.lang.Thread.start@main",
                "DISPATCH_MSG java.lang.Thread.run@Thread-7");
        assertThat(e.via(0)).isEqualTo("thread");
        assertThat(e.via(1)).isEqualTo("thread");
        assertThat(e.end(1)).isEqualTo(ms(50));
    }

    @Test
    void framesFulfilButNeverRequestNorHandOffNorDispatch() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0)
                .enter(DISPATCH, ms(1))
                .enter("android.view.Choreographer.doFrame", ms(1.1))
                .call("android.view.View.invalidate", ms(1.2), ms(1.3))
                .call("android.os.MessageQueue.enqueueMessage", ms(1.4), ms(1.5))
                .call("java.io.FileInputStream.read", ms(1.6), ms(1.7))
                .call("android.view.ViewRootImpl.performDraw", ms(2), ms(3))
                .exit(ms(3.1)).exit(ms(3.2))
                .enter("android.view.ViewRootImpl.scheduleTraversals", ms(4))
                .call("android.os.MessageQueue.enqueueMessage", ms(4.1), ms(4.2))
                .exit(ms(4.3))
                .exit(ms(10));
        Trace t = mt.build();

        // scheduleTraversals outside a frame is a request (a window laid out again), never a hand-off
        assertThat(describe(t, derive(t))).containsExactly("READ java.io.FileInputStream.read@main",
                "DRAW android.view.ViewRootImpl.performDraw@main",
                "INVALIDATE android.view.ViewRootImpl.scheduleTraversals@main");
    }

    @Test
    void anInputHandledInsideAFrameIsStillTheUsersWork() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0)
                .enter("android.view.Choreographer.doFrame", ms(1))
                .enter("android.view.View.performClick", ms(1.1))
                .call("android.view.View.invalidate", ms(1.2), ms(1.3))
                .exit(ms(1.4)).exit(ms(2)).exit(ms(10));
        Trace t = mt.build();

        assertThat(describe(t, derive(t))).containsExactly("USER_INPUT View.performClick@main",
                "INVALIDATE android.view.View.invalidate@main");
    }

    @Test
    void storageNetworkAdsWebAndGl() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter(LOOP, 0)
                .call("android.database.sqlite.SQLiteDatabase.query", ms(1), ms(2))
                .call("android.database.sqlite.SQLiteDatabase.insert", ms(3), ms(4))
                .call("java.net.Socket.connect", ms(5), ms(6))
                .enter("com.google.android.gms.ads.AdView.loadAd", ms(7))
                .call("com.google.android.gms.ads.internal.Loader.load", ms(7.1), ms(7.2))
                .exit(ms(8))
                .call("com.example.web.Client.onPageStarted", ms(9), ms(9.1))
                .call("com.example.web.Client.onPageFinished", ms(11), ms(11.1))
                .call("android.opengl.GLSurfaceView.requestRender", ms(12), ms(12.1))
                .call("com.example.gl.Renderer.onDrawFrame", ms(13), ms(14))
                .exit(ms(20));
        mt.thread("GLThread 12").enter("android.opengl.GLSurfaceView$GLThread.guardedRun", 0)
                .call("com.example.gl.Renderer.onDrawFrame", ms(15), ms(16)).exit(ms(20));
        Trace t = mt.build();

        EventTable e = derive(t);

        assertThat(describe(t, e)).containsExactly(
                "READ android.database.sqlite.SQLiteDatabase.query@main",
                "WRITE android.database.sqlite.SQLiteDatabase.insert@main",
                "SEND java.net.Socket.connect@main",
                "METHOD ad-request@main",
                "PAGE_START com.example.web.Client.onPageStarted@main",
                "PAGE_FINISH com.example.web.Client.onPageFinished@main",
                "REQUEST_RENDER android.opengl.GLSurfaceView.requestRender@main",
                "DRAW_FRAME com.example.gl.Renderer.onDrawFrame@GLThread 12");
        assertThat(e.detail(3)).isEqualTo("com.google.android.gms.ads.AdView.loadAd");
    }

    @Test
    void handleResumeActivityIsMarkedAsJoiningALaunch() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter("android.app.ActivityThread.handleResumeActivity", ms(1))
                .enter("android.app.Activity.performResume", ms(1.1))
                .call("com.example.Tracker.onResume", ms(1.2), ms(1.3))
                .call("com.example.ui.MainActivity.onResume", ms(1.4), ms(1.5))
                .exit(ms(1.6)).exit(ms(2)).exit(ms(3));
        Trace t = mt.build();

        EventTable e = derive(t);

        assertThat(e.kind(0)).isEqualTo(EventKind.START_ACTIVITY);
        assertThat(e.detail(0)).isEqualTo(MethodEventDeriver.JOINS_LAUNCH);
        assertThat(e.name(0)).isEqualTo("com.example.ui.MainActivity");
    }

    @Test
    void userRulesDeriveWhatTheySay() throws Exception {
        MethodRules custom = MethodRules.parse(new ByteArrayInputStream("""
                {"rules": [
                  {"event": "USER_INPUT", "methods": ["com.example.game.Input.onTap"]},
                  {"event": "DRAW", "methods": ["com.example.game.Screen.present"]}
                ]}""".getBytes(StandardCharsets.UTF_8)), "game-rules.json");
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("Thread-106").enter("com.example.game.Loop.run", 0)
                .call("com.example.game.Input.onTap", ms(1), ms(2))
                .call("android.view.View.performClick", ms(3), ms(4))
                .call("com.example.game.Screen.present", ms(5), ms(6))
                .exit(ms(7));
        Trace t = mt.build();

        EventTable e = new MethodEventDeriver(custom).derive(t);

        assertThat(describe(t, e)).containsExactly("USER_INPUT Input.onTap@Thread-106",
                "DRAW com.example.game.Screen.present@Thread-106");
    }
}
