package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.AndroidShapes.DISPATCH;
import static dev.ura.app.analysis.AndroidShapes.LOOP;
import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The agent-log scenarios written as method traces: events are derived by the default rules and
 * hand-offs inferred, and each response must end within one frame (16.7 ms) of the agent-log answer.
 */
class MethodTraceResponseTest {
    static final long FRAME = ms(16.7);
    static final String APP = "com.example.news.";

    /** The agent-log example: click → AsyncTask (network) → onPostExecute invalidates → frame. */
    static MethodTrace example() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(0.9))
                .enter("android.view.View.performClick", ms(1))
                .enter(APP + "MainActivity$1.onClick", ms(1.05))
                .call(APP + "FeedTask.<init>", ms(1.06), ms(1.08))
                .enter("android.os.AsyncTask.execute", ms(1.1));
        AndroidShapes.execute(main, 1.15);
        main.exit(ms(1.25)).exit(ms(1.28)).exit(ms(1.3)).exit(ms(1.35));
        AndroidShapes.frame(main, 16, 17);
        main.enter(DISPATCH, ms(92))
                .enter("android.os.AsyncTask$InternalHandler.handleMessage", ms(92.01))
                .enter(APP + "FeedTask.onPostExecute", ms(92.02))
                .enter("android.widget.TextView.setText", ms(92.05))
                .enter("android.view.View.requestLayout", ms(92.1))
                .enter("android.view.ViewRootImpl.scheduleTraversals", ms(92.11))
                .enter("android.os.MessageQueue.postSyncBarrier", ms(92.12)).exit(ms(92.13))
                .call("android.os.MessageQueue.enqueueMessage", ms(92.14), ms(92.15))
                .exit(ms(92.16)).exit(ms(92.2)).exit(ms(92.25)).exit(ms(92.28)).exit(ms(92.29)).exit(ms(92.3));
        AndroidShapes.frame(main, 99, 104);
        main.exit(ms(200));

        ThreadWriter worker = mt.thread("AsyncTask #1");
        worker.enter("java.util.concurrent.ThreadPoolExecutor$Worker.run", ms(1.3))
                .enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(1.31))
                .call("java.util.concurrent.ThreadPoolExecutor.getTask", ms(1.32), ms(1.38))
                .enter("android.os.AsyncTask$SerialExecutor$1.run", ms(1.4))
                .enter("java.util.concurrent.FutureTask.run", ms(1.41))
                .enter("android.os.AsyncTask$2.call", ms(1.42))
                .enter(APP + "FeedTask.doInBackground", ms(1.45))
                .call("java.net.SocketInputStream.read", ms(1.5), ms(91.5))
                .exit(ms(91.55)).exit(ms(91.56)).exit(ms(91.57));
        AndroidShapes.post(worker, 91.6);
        worker.exit(ms(91.7))
                .call("java.util.concurrent.ThreadPoolExecutor.getTask", ms(91.8), ms(200))
                .exit(ms(200)).exit(ms(200));
        return mt;
    }

    static MethodTrace busyMainThread() {
        MethodTrace busy = TraceFixtures.methodTrace();
        ThreadWriter m = busy.thread("main").enter(LOOP, 0);
        m.enter(DISPATCH, ms(0.9)).enter("android.view.View.performClick", ms(1))
                .enter(APP + "MainActivity$1.onClick", ms(1.05)).call(APP + "FeedTask.<init>", ms(1.06), ms(1.08));
        AndroidShapes.execute(m, 1.15);
        m.exit(ms(1.28)).exit(ms(1.3)).exit(ms(1.35));
        AndroidShapes.message(m, APP + "Clock.tick", 10.1, 10.3);
        AndroidShapes.message(m, "android.app.ActivityThread$H.handleMessage", 10.4, 10.5);
        AndroidShapes.message(m, APP + "FeedTask.onPostExecute", 10.6, 10.8);
        m.enter(DISPATCH, ms(11))
                .enter(APP + "Ticker.run", ms(11.01)).call("android.view.View.invalidate", ms(11.02), ms(11.03))
                .exit(ms(11.05)).exit(ms(11.06));
        AndroidShapes.frame(m, 16, 20);
        AndroidShapes.frame(m, 33, 35);
        m.exit(ms(50));
        ThreadWriter w = busy.thread("pool-1-thread-1");
        w.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(2))
                .enter(APP + "FeedTask.run", ms(2.1)).call(APP + "FeedTask.load", ms(2.2), ms(9.9));
        AndroidShapes.post(w, 10);
        w.exit(ms(10.05)).exit(ms(50));
        return busy;
    }

    static MethodTrace clickDuringAnimation() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.1))
                .call("android.view.View.invalidate", ms(1.2), ms(1.3)).exit(ms(2)).exit(ms(2.1));
        AndroidShapes.animationFrame(main, 16, 20);
        AndroidShapes.animationFrame(main, 33, 37);
        AndroidShapes.animationFrame(main, 50, 54);
        main.exit(ms(60));
        return mt;
    }

    static MethodTrace cacheWriteAfterShown() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.1))
                .enter(APP + "MainActivity$2.onClick", ms(1.15))
                .call("android.view.View.invalidate", ms(1.2), ms(1.3))
                .call(APP + "CacheWriter.<init>", ms(1.4), ms(1.5));
        AndroidShapes.execute(main, 1.6);
        main.exit(ms(1.9)).exit(ms(2)).exit(ms(2.1));
        AndroidShapes.frame(main, 16, 20);
        main.exit(ms(200));
        ThreadWriter disk = mt.thread("pool-2-thread-1");
        disk.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(2.5))
                .enter(APP + "CacheWriter.run", ms(2.6))
                .call("java.io.FileOutputStream.write", ms(3), ms(150))
                .exit(ms(151)).exit(ms(200));
        return mt;
    }

    static MethodTrace chain() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.05))
                .enter(APP + "Search.onClick", ms(1.1)).call(APP + "QueryTask.<init>", ms(1.12), ms(1.14));
        AndroidShapes.execute(main, 1.15);
        main.exit(ms(1.2)).exit(ms(1.25)).exit(ms(1.3));
        main.enter(DISPATCH, ms(10)).enter(APP + "QueryTask.onResult", ms(10.01))
                .call("android.view.View.invalidate", ms(10.1), ms(10.15))
                .call(APP + "ThumbTask.<init>", ms(10.2), ms(10.22));
        AndroidShapes.execute(main, 10.25);
        main.exit(ms(10.3)).exit(ms(10.35));
        AndroidShapes.frame(main, 16, 18);
        main.enter(DISPATCH, ms(51)).enter(APP + "ThumbTask.onResult", ms(51.01))
                .call("android.view.View.invalidate", ms(51.1), ms(51.15)).exit(ms(51.2)).exit(ms(51.25));
        AndroidShapes.frame(main, 66, 70);
        main.exit(ms(100));
        ThreadWriter w = mt.thread("pool-1-thread-1");
        w.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(2))
                .enter(APP + "QueryTask.run", ms(2.1)).call(APP + "QueryTask.query", ms(2.2), ms(8.9));
        AndroidShapes.post(w, 9);
        w.exit(ms(9.1));
        w.enter(APP + "ThumbTask.run", ms(20)).call(APP + "ThumbTask.decode", ms(20.1), ms(49.9));
        AndroidShapes.post(w, 50);
        w.exit(ms(50.1)).exit(ms(100));
        return mt;
    }

    static MethodTrace unfinished() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.05))
                .call("android.view.View.invalidate", ms(1.1), ms(1.15)).exit(ms(1.2)).exit(ms(1.3));
        AndroidShapes.frame(main, 8, 9);
        main.enter(DISPATCH, ms(30)).enter("android.view.View.performClick", ms(30.05))
                .call("android.view.View.requestLayout", ms(30.1), ms(30.15)).exit(ms(30.2)).exit(ms(30.3));
        main.exit(ms(40));
        return mt;
    }

    static MethodTrace launchThenResume() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1))
                .enter("android.app.ActivityThread.handleLaunchActivity", ms(1.1))
                .call(APP + "MainActivity.onCreate", ms(1.2), ms(20))
                .exit(ms(21))
                .enter("android.app.ActivityThread.handleResumeActivity", ms(22))
                .call(APP + "MainActivity.onResume", ms(22.1), ms(25))
                .call("android.view.View.requestLayout", ms(26), ms(26.1))
                .exit(ms(27)).exit(ms(27.5));
        AndroidShapes.frame(main, 33, 60);
        main.enter(DISPATCH, ms(500)).call("android.app.ActivityThread.handleResumeActivity", ms(501), ms(502))
                .exit(ms(503));
        main.exit(ms(600));
        return mt;
    }

    static MethodTrace overlappingClicks() {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.05))
                .call(APP + "SlowTask.<init>", ms(1.1), ms(1.12));
        AndroidShapes.execute(main, 1.15);
        main.exit(ms(1.2)).exit(ms(1.3));
        main.enter(DISPATCH, ms(5)).enter("android.view.View.performClick", ms(5.05))
                .call(APP + "FastTask.<init>", ms(5.1), ms(5.12));
        AndroidShapes.execute(main, 5.15);
        main.exit(ms(5.2)).exit(ms(5.3));
        main.enter(DISPATCH, ms(8)).enter(APP + "FastTask.done", ms(8.01))
                .call("android.view.View.invalidate", ms(8.1), ms(8.2)).exit(ms(8.3)).exit(ms(8.4));
        AndroidShapes.frame(main, 16, 17);
        main.enter(DISPATCH, ms(61)).enter(APP + "SlowTask.done", ms(61.01))
                .call("android.view.View.invalidate", ms(61.1), ms(61.2)).exit(ms(61.3)).exit(ms(61.4));
        AndroidShapes.frame(main, 66, 68);
        main.exit(ms(100));
        ThreadWriter slow = mt.thread("pool-1-thread-1");
        slow.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(2))
                .enter(APP + "SlowTask.run", ms(2.1)).call(APP + "SlowTask.work", ms(2.2), ms(59.9));
        AndroidShapes.post(slow, 60);
        slow.exit(ms(60.1)).exit(ms(100));
        ThreadWriter fast = mt.thread("pool-1-thread-2");
        fast.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(6))
                .enter(APP + "FastTask.run", ms(6.1)).call(APP + "FastTask.work", ms(6.2), ms(6.9));
        AndroidShapes.post(fast, 7);
        fast.exit(ms(7.1)).exit(ms(100));
        return mt;
    }

    /** The example plus an ad refresher thread that posts and invalidates on its own. */
    static MethodTrace noisyExample() {
        MethodTrace mt = example();
        ThreadWriter ad = mt.thread("AdRefresher");
        ad.enter("java.lang.Thread.run", ms(0.5)).enter("com.google.android.gms.ads.AdView.loadAd", ms(30));
        AndroidShapes.post(ad, 30.5);
        ad.call("android.view.View.postInvalidate", ms(31), ms(31.1)).exit(ms(32)).exit(ms(300));
        return mt;
    }

    @Test
    void theSpecExampleAsAMethodTraceEndsWithinAFrameOf104ms() {
        Analysis a = Analysis.of(example().build());

        assertThat(a.eventsDerived()).isTrue();
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.startNs()).isEqualTo(ms(1));
        assertThat(r.endNs()).isCloseTo(ms(104), within(FRAME));
        assertThat(r.finished()).isTrue();
        assertThat(r.trigger()).isEqualTo("MainActivity$1.onClick");
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
        assertThat(r.end().name()).isEqualTo("android.view.ViewRootImpl.performDraw");
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.AFFINITY, LinkKind.AFFINITY);
    }

    @Test
    void theWorkerThreadStartedInsideExecuteIsNotAHandOffOfItsOwn() {
        Analysis a = Analysis.of(example().build());

        long sends = countKind(a, EventKind.SEND_MSG);
        assertThat(sends).as("execute + postResult; not Thread.start, not the scheduler's enqueue").isEqualTo(2);
        assertThat(countKind(a, EventKind.DISPATCH_MSG)).as("click message, task, result; not frames").isEqualTo(4);
    }

    @Test
    void unrelatedMainThreadMessagesBetweenAHandOffAndItsResultDoNotMislink() {
        MethodTrace busy = busyMainThread();

        Analysis a = Analysis.of(busy.build());

        Link result = a.links().get(1);
        assertThat(result.via()).isEqualTo(LinkKind.AFFINITY);
        assertThat(a.events().start(result.dispatchEvent())).isEqualTo(ms(10.6));
        Response r = a.responses().get(0);
        assertThat(a.work(0).fulfilments()).isEmpty();
        assertThat(r.endNs()).as("onPostExecute requested nothing; the Ticker's invalidate is not ours")
                .isEqualTo(ms(1.3));
    }

    @Test
    void animationFramesAndAnAdRefresherDoNotMoveTheEnd() {
        Trace base = example().build();
        Trace noisy = noisyExample().build();

        Analysis a = Analysis.of(noisy);

        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(Analysis.of(base).responses().get(0).endNs());
        assertThat(a.events().size()).isGreaterThan(Analysis.of(base).events().size());
        long adCalls = java.util.stream.IntStream.range(0, a.events().size())
                .filter(e -> a.events().kind(e) == EventKind.METHOD && "ad-request".equals(a.events().name(e)))
                .count();
        assertThat(adCalls).isEqualTo(1);
    }

    @Test
    void invalidationsInsideAnimationFramesAreNotRequests() {
        MethodTrace mt = clickDuringAnimation();

        Analysis a = Analysis.of(mt.build());

        Response r = a.responses().get(0);
        assertThat(r.endNs()).isCloseTo(ms(20), within(ms(0.1)));
        assertThat(a.links()).isEmpty();
        assertThat(countKind(a, EventKind.INVALIDATE)).isEqualTo(1);
    }

    @Test
    void aCacheWriteHandedOffAfterTheDataIsShownDoesNotExtendIt() {
        MethodTrace mt = cacheWriteAfterShown();

        Analysis a = Analysis.of(mt.build());

        Response r = a.responses().get(0);
        assertThat(r.endNs()).isCloseTo(ms(20), within(ms(0.1)));
        assertThat(a.work(0).tracked().stream().filter(e -> a.events().kind(e) == EventKind.WRITE)).hasSize(1);
    }

    @Test
    void aChainMainWorkerMainWorkerMainIsFollowedToItsEnd() {
        MethodTrace mt = chain();

        Analysis a = Analysis.of(mt.build());

        assertThat(a.links()).hasSize(4).allMatch(l -> l.via() == LinkKind.AFFINITY);
        Response r = a.responses().get(0);
        assertThat(r.endNs()).isCloseTo(ms(70), within(FRAME));
        assertThat(r.finished()).isTrue();
    }

    @Test
    void aRequestNeverDrawnLeavesTheResponseUnfinished() {
        MethodTrace mt = unfinished();

        Analysis a = Analysis.of(mt.build());

        assertThat(a.responses()).hasSize(2);
        assertThat(a.responses().get(0).finished()).isTrue();
        assertThat(a.responses().get(0).endNs()).isCloseTo(ms(9), within(ms(0.1)));
        Response last = a.responses().get(1);
        assertThat(last.finished()).isFalse();
        assertThat(last.end()).isNull();
        assertThat(last.endNs()).isEqualTo(ms(30.2));
    }

    @Test
    void handleResumeActivityJoinsTheUnfinishedLaunch() {
        MethodTrace mt = launchThenResume();

        List<Response> rs = Analysis.of(mt.build()).responses();

        assertThat(rs).hasSize(2);
        assertThat(rs.get(0).trigger()).isEqualTo(APP + "MainActivity");
        assertThat(rs.get(0).startNs()).isEqualTo(ms(1.1));
        assertThat(rs.get(0).endNs()).isCloseTo(ms(60), within(ms(0.1)));
        assertThat(rs.get(1).startNs()).as("a resume after the launch was drawn starts its own").isEqualTo(ms(501));
    }

    @Test
    void overlappingClicksEachFollowTheirOwnTask() {
        MethodTrace mt = overlappingClicks();

        List<Response> rs = Analysis.of(mt.build()).responses();

        assertThat(rs).extracting(Response::startNs).containsExactly(ms(1.05), ms(5.05));
        assertThat(rs.get(0).endNs()).isCloseTo(ms(68), within(ms(0.1)));
        assertThat(rs.get(1).endNs()).isCloseTo(ms(17), within(ms(0.1)));
    }

    @Test
    void saysWhyWhenATraceHasNoInputOrLaunch() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("GameLoop").call("com.example.game.Loop.tick", 0, ms(5));

        Analysis a = Analysis.of(mt.build());

        assertThat(a.responses()).isEmpty();
        assertThat(a.noResponseReason()).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("no main thread, and no input handler (InputEventReceiver.dispatchInputEvent,"
                        + " ViewRootImpl.deliverInputEvent, ...)"));
    }

    private static long countKind(Analysis a, EventKind kind) {
        return java.util.stream.IntStream.range(0, a.events().size()).filter(e -> a.events().kind(e) == kind).count();
    }

    @Test
    void aUserLinkReplacesAWrongGuess() {
        Analysis a = Analysis.of(busyMainThread().build());
        Link result = a.links().get(1);
        int tick = -1;
        for (int e = 0; e < a.events().size(); e++) {
            if (a.events().kind(e) == EventKind.DISPATCH_MSG && a.events().start(e) == ms(11)) {
                tick = e;
            }
        }

        Analysis removed = a.withEdits(LinkEdits.NONE.remove(result));
        Analysis redrawn = a.withEdits(LinkEdits.NONE.remove(result).add(result.sendEvent(), tick));

        assertThat(removed.links()).hasSize(1).doesNotContain(result);
        assertThat(redrawn.links()).contains(new Link(result.sendEvent(), tick, LinkKind.USER));
        assertThat(redrawn.responses().get(0).endNs()).as("the Ticker's invalidate is now ours")
                .isCloseTo(ms(20), within(ms(0.1)));
    }
}
