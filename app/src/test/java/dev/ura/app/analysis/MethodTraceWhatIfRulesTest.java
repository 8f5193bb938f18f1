package dev.ura.app.analysis;

import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.TraceFixtures.ThreadWriter;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.AndroidShapes.DISPATCH;
import static dev.ura.app.analysis.AndroidShapes.LOOP;
import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The what-if rules (docs/what-if.md) on a method trace written as a real legacy {@code .trace}
 * file: a tap's AsyncTask fetches a feed (fetchFeed 1.5–41.5), then four thumbnails one after
 * another (fetchThumbnail 41.5–53.5, 53.5–65.5, 65.5–77.5, 77.5–89.5) and posts at 89.6; main's
 * onPostExecute (92–92.3) requests a layout drawn 99–104. No frame rhythm (two frames): exact.
 */
class MethodTraceWhatIfRulesTest {
    private static final String APP = "com.example.news.";

    private static Analysis thumbnails() throws Exception {
        return thumbnails(12, 12, 12, 12);
    }

    /**
     * The trace above with the four thumbnail reads taking {@code lengths} ms (fetchThumbnail
     * starts at 41.5 and each read is its call minus 0.1 ms at both ends); everything after the last
     * thumbnail (the post, onPostExecute, the frame) moves by as much as their total differs from 48.
     */
    private static Analysis thumbnails(double... lengths) throws Exception {
        double shift = -48;
        for (double length : lengths) {
            shift += length;
        }
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(0.9))
                .enter("android.view.View.performClick", ms(1))
                .enter(APP + "MainActivity$1.onClick", ms(1.05))
                .enter("android.os.AsyncTask.execute", ms(1.1));
        AndroidShapes.execute(main, 1.15);
        main.exit(ms(1.25)).exit(ms(1.3)).exit(ms(1.35)).exit(ms(1.4));
        AndroidShapes.frame(main, 16, 17);
        double post = 92 + shift;
        main.enter(DISPATCH, ms(post))
                .enter("android.os.AsyncTask$InternalHandler.handleMessage", ms(post + 0.01))
                .enter(APP + "FeedTask.onPostExecute", ms(post + 0.02))
                .enter("android.view.View.requestLayout", ms(post + 0.1))
                .enter("android.view.ViewRootImpl.scheduleTraversals", ms(post + 0.11))
                .call("android.os.MessageQueue.enqueueMessage", ms(post + 0.14), ms(post + 0.15))
                .exit(ms(post + 0.16)).exit(ms(post + 0.2)).exit(ms(post + 0.25)).exit(ms(post + 0.28))
                .exit(ms(post + 0.3));
        AndroidShapes.frame(main, 99 + shift, 104 + shift);
        main.exit(ms(200));

        ThreadWriter worker = mt.thread("AsyncTask #1");
        worker.enter("java.util.concurrent.ThreadPoolExecutor$Worker.run", ms(1.3))
                .enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(1.31))
                .call("java.util.concurrent.ThreadPoolExecutor.getTask", ms(1.32), ms(1.38))
                .enter("android.os.AsyncTask$SerialExecutor$1.run", ms(1.4))
                .enter("java.util.concurrent.FutureTask.run", ms(1.41))
                .enter("android.os.AsyncTask$2.call", ms(1.42))
                .enter(APP + "FeedTask.doInBackground", ms(1.45))
                .enter(APP + "Feed.fetchFeed", ms(1.5))
                .call("java.net.SocketInputStream.read", ms(1.6), ms(41.4)).exit(ms(41.5));
        double t = 41.5;
        for (double length : lengths) {
            worker.enter(APP + "Feed.fetchThumbnail", ms(t))
                    .call("java.net.SocketInputStream.read", ms(t + 0.1), ms(t + length - 0.1)).exit(ms(t + length));
            t += length;
        }
        double end = 89.55 + shift;
        worker.exit(ms(end)).exit(ms(end + 0.01)).exit(ms(end + 0.02));
        AndroidShapes.post(worker, end + 0.05);
        worker.exit(ms(end + 0.15))
                .call("java.util.concurrent.ThreadPoolExecutor.getTask", ms(end + 0.25), ms(200))
                .exit(ms(200)).exit(ms(200));
        return Analysis.of(MethodTraceFiles.roundTrip(mt.build(), false));
    }

    private static Estimate estimate(Analysis a, Change c) {
        return a.estimate(0, Scenario.BASELINE.with(c));
    }

    private static SliceSelector.ByName thumbs() {
        return new SliceSelector.ByName("*fetchThumbnail");
    }

    @Test
    void eachRuleOnTheThumbnails() throws Exception {
        Analysis a = thumbnails();
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(103.97));   // performDraw ends 0.03 before the frame
        // parallel: the thumbnails run 1–13 on threads of their own; what followed the last one
        // (89.5 on) waits for them and for fetchFeed before them (41.5): everything after moves
        // 48 ms earlier, the four thumbnails' 4 × 12 ms on the path
        Estimate parallel = estimate(a, new Change.RunInParallel(thumbs()));
        assertThat(parallel.savedNs()).isEqualTo(ms(48));
        assertThat(parallel.pathTimeNs()).isEqualTo(ms(48));
        // side by side: all start at 41.5 after the feed, end at 53.5: 36 ms (three of them)
        Estimate side = estimate(a, new Change.SideBySide(thumbs()));
        assertThat(side.savedNs()).isEqualTo(ms(36));
        assertThat(side.pathTimeNs()).isEqualTo(ms(36));
        // defer: 48 ms; ×2: 24 ms
        assertThat(estimate(a, new Change.Defer(thumbs())).savedNs()).isEqualTo(ms(48));
        Estimate twice = estimate(a, new Change.SpeedUp(thumbs(), 2));
        assertThat(twice.savedNs()).isEqualTo(ms(24));
        assertThat(twice.pathTimeNs()).isEqualTo(ms(24));
    }

    /**
     * The range rule (docs/what-if.md, "Assumption and range") on a method trace: as
     * {@link #thumbnails()}, but the first thumbnail's read took 5.8 ms (fetchThumbnail 41.5–47.5)
     * and the other three 11.8 ms (47.5–59.5, 59.5–71.5, 71.5–83.5); the post is at 83.6, main's
     * onPostExecute 86–86.3 and the frame 93–98 (everything 6 ms before the original's).
     */
    private static Analysis unevenThumbnails() throws Exception {
        return thumbnails(6, 12, 12, 12);
    }

    @Test
    void sideBySideThumbnailsGiveTheRangeOfTheirReadsFastestAndSlowest() throws Exception {
        Analysis a = unevenThumbnails();
        assertThat(a.responses()).hasSize(1);
        long recorded = a.responses().get(0).durationNs();
        // Side by side: the four start at 41.5, after the feed, and end with the longest, 12 ms,
        // at 53.5 instead of 83.5: everything after moves 30 ms earlier.
        Estimate side = estimate(a, new Change.SideBySide(thumbs()));
        assertThat(side.savedNs()).isEqualTo(ms(30));
        // The unit is the innermost call that mostly waits (its time is network: the read, derived
        // as RECV by the Android rules) and whose work varies: SocketInputStream.read, recorded
        // 39.8 (the feed's: a method trace knows only the name), 5.8 and three times 11.8 ms.
        // Fastest, every moved read 5.8: each thumbnail 0.1 + 5.8 + 0.1 = 6, they end at 47.5:
        // 36 ms saved. Slowest, 39.8: each 40, they end at 81.5: 2 ms saved.
        assertThat(side.range()).isNotNull();
        assertThat(side.range().lowDurationNs()).isEqualTo(recorded - ms(36));
        assertThat(side.range().highDurationNs()).isEqualTo(recorded - ms(2));
        assertThat(side.range().evidence())
                .isEqualTo("4 × java.net.SocketInputStream.read moved, the same work took 5.8 ms–39.8 ms in this trace (5 times)");
    }

    /**
     * The queue example of docs/what-if.md as a method trace. A click (message 1–1.6) executes a
     * FeedTask on pool-1-thread-1 (1.2) and a ThumbTask on pool-1-thread-2 (1.3). FeedTask:
     * Feed.fetchFeed 2.2–40, posts at 40. ThumbTask: Thumbs.setup 2.7–45, Thumbs.fetch 45–48,
     * posts at 48. Main runs FeedTask.done 40.2–50 (invalidate 49) and ThumbTask.done 50–54
     * (invalidate 53) — it was posted at 48 and queued behind FeedTask.done — and one frame 55–59
     * draws both (performDraw 55.04–58.97). Two frames in the trace: no rhythm, exact times.
     */
    private static Analysis feedAndThumbs() throws Exception {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = clickStartingFeedAndThumbs(mt);
        AndroidShapes.frame(main, 16, 17);
        updateMessage(main, "FeedTask.done", 40.2, 49, 50);
        updateMessage(main, "ThumbTask.done", 50, 53, 54);
        AndroidShapes.frame(main, 55, 59);
        main.exit(ms(100));
        task(mt.thread("pool-1-thread-1"), 2, "FeedTask.run", 40, 100, "Feed.fetchFeed", 2.2, 40);
        task(mt.thread("pool-1-thread-2"), 2.5, "ThumbTask.run", 48, 100, "Thumbs.setup", 2.7, 45, "Thumbs.fetch", 45, 48);
        return Analysis.of(MethodTraceFiles.roundTrip(mt.build(), false));
    }

    /** Main's click (message 1–1.6) that executes a FeedTask (1.2) and a ThumbTask (1.3); returns main. */
    private static ThreadWriter clickStartingFeedAndThumbs(MethodTrace mt) {
        ThreadWriter main = mt.thread("main").enter(LOOP, 0);
        main.enter(DISPATCH, ms(1)).enter("android.view.View.performClick", ms(1.05))
                .enter(APP + "MainActivity$1.onClick", ms(1.1))
                .call(APP + "FeedTask.<init>", ms(1.12), ms(1.14));
        AndroidShapes.execute(main, 1.2);
        main.call(APP + "ThumbTask.<init>", ms(1.25), ms(1.27));
        AndroidShapes.execute(main, 1.3);
        main.exit(ms(1.4)).exit(ms(1.5)).exit(ms(1.6));
        return main;
    }

    /** A main-thread message {@code start–end} running {@code method}, which invalidates a view at {@code invalidate}. */
    private static void updateMessage(ThreadWriter main, String method, double start, double invalidate, double end) {
        main.enter(DISPATCH, ms(start)).enter(APP + method, ms(start + 0.01))
                .call("android.view.View.invalidate", ms(invalidate), ms(invalidate + 0.1))
                .exit(ms(end - 0.1)).exit(ms(end));
    }

    /** A pool thread's task from {@code start}: the calls ({@code name, start, end} ...) one after another, then a post. */
    private static void task(ThreadWriter t, double start, String run, double post, double end, Object... calls) {
        t.enter("java.util.concurrent.ThreadPoolExecutor.runWorker", ms(start)).enter(APP + run, ms(start + 0.1));
        for (int i = 0; i < calls.length; i += 3) {
            t.call(APP + calls[i], ms(((Number) calls[i + 1]).doubleValue()), ms(((Number) calls[i + 2]).doubleValue()));
        }
        AndroidShapes.post(t, post);
        t.exit(ms(post + 0.1)).exit(ms(end));
    }

    @Test
    void aMessagePostedEarlierRunsBeforeTheOneItQueuedBehind() throws Exception {
        Analysis a = feedAndThumbs();
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(58.97));
        // Deferring Thumbs.setup (42.3 ms): ThumbTask posts at 5.7, main is free (the click ended
        // at 1.6) and runs ThumbTask.done at once, 4 ms; FeedTask.done still comes at 40.2 and
        // ends at 50; the frame, which also draws FeedTask's update, waits its recorded 1.04 ms
        // after main is free (54–55.04 recorded) and draws 3.93 ms: 50 + 1.04 + 3.93 = 54.97.
        // Saves 58.97 − 54.97 = 4 ms: ThumbTask.done no longer runs between FeedTask.done and the
        // frame. In the recorded order it would still queue behind FeedTask.done: 0.
        Estimate defer = estimate(a, new Change.Defer(new SliceSelector.ByName("*Thumbs.setup")));
        assertThat(defer.savedNs()).isEqualTo(ms(4));
        assertThat(defer.pathTimeNs()).isGreaterThanOrEqualTo(defer.savedNs());
    }

    /**
     * Frames drawn together (docs/what-if.md, "Frames"), on a trace with a vsync rhythm: frames
     * at 16, 32, 48, 80 and 96 (performDraw from start + 0.04; intervals 16, 16, 32, 16: a 16 ms
     * period). A click (1–1.6) executes a FeedTask on pool-1-thread-1 (fetchFeed 2.2–60, posts at
     * 60) and a ThumbTask on pool-1-thread-2 (Thumbs.fetch 2.7–73, Thumbs.decode 73–88, posts at
     * 88). Main: FeedTask.done 60.2–70 (invalidate 69), its frame 80–84 (performDraw 80.04–83.97),
     * ThumbTask.done 88.2–90 (invalidate 89.5), its frame 96–100 (performDraw 96.04–99.97).
     */
    private static Analysis feedAndThumbsOnVsync() throws Exception {
        MethodTrace mt = TraceFixtures.methodTrace();
        ThreadWriter main = clickStartingFeedAndThumbs(mt);
        AndroidShapes.frame(main, 16, 17);
        AndroidShapes.frame(main, 32, 33);
        AndroidShapes.frame(main, 48, 49);
        updateMessage(main, "FeedTask.done", 60.2, 69, 70);
        AndroidShapes.frame(main, 80, 84);
        updateMessage(main, "ThumbTask.done", 88.2, 89.5, 90);
        AndroidShapes.frame(main, 96, 100);
        main.exit(ms(150));
        task(mt.thread("pool-1-thread-1"), 2, "FeedTask.run", 60, 150, "Feed.fetchFeed", 2.2, 60);
        task(mt.thread("pool-1-thread-2"), 2.5, "ThumbTask.run", 88, 150, "Thumbs.fetch", 2.7, 73, "Thumbs.decode", 73, 88);
        return Analysis.of(MethodTraceFiles.roundTrip(mt.build(), false));
    }

    @Test
    void anUpdateRequestedBeforeAFrameRunsIsDrawnByThatFrame() throws Exception {
        Analysis a = feedAndThumbsOnVsync();
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(99.97));
        // Deferring Thumbs.decode (15 ms): ThumbTask posts at 73.02 and, queueing 0.18 ms as
        // recorded, ThumbTask.done runs 73.2–75 while the feed's frame (asked for at 69) still
        // waits for the vsync at 80.04. Its invalidate (74.5) comes before that frame runs, so
        // Choreographer draws it in that frame: performDraw 80.04–83.97, the response ends at
        // 83.97 and saves 99.97 − 83.97 = 16 ms — more than decode's 15 ms, by crossing a vsync.
        // Drawn in a frame of its own it would wait for the next vsync after the feed's frame
        // (96.04) and save nothing.
        Estimate defer = estimate(a, new Change.Defer(new SliceSelector.ByName("*Thumbs.decode")));
        assertThat(defer.savedNs()).isEqualTo(ms(16));
        assertThat(defer.frame()).isNotNull();
    }
}
