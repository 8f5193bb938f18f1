package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers for each what-if rule (docs/what-if.md) on agent logs written line by line here
 * and read by the product's reader; every number is worked out by hand from the lines below.
 */
class AgentLogWhatIfRulesTest {
    private static final long MS = 1_000_000L;

    /** Builds JSON lines; times in ms. */
    private static final class Log {
        private final StringBuilder sb = new StringBuilder();

        Log(String meta) {
            sb.append(meta).append('\n');
        }

        Log line(double ms, int tid, String kind, String rest) {
            sb.append(String.format(Locale.ROOT, "{\"ts\":%d,\"tid\":%d,\"kind\":\"%s\"%s}%n", Math.round(ms * 1e6), tid,
                    kind, rest.isEmpty() ? "" : "," + rest));
            return this;
        }

        Log b(double ms, int tid, String kind, String rest) {
            return line(ms, tid, kind, "\"ph\":\"B\"" + (rest.isEmpty() ? "" : "," + rest));
        }

        Log e(double ms, int tid, String kind) {
            return line(ms, tid, kind, "\"ph\":\"E\"");
        }

        Analysis analyse() {
            return AgentLogText.analyse(sb.toString());
        }

        String text() {
            return sb.toString();
        }
    }

    private static Estimate estimate(Analysis a, Change c) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, Scenario.BASELINE.with(c));
    }

    private static SliceSelector.ByName named(String glob) {
        return new SliceSelector.ByName(glob);
    }

    /**
     * main (1) taps at 0 and hands a task to worker (2) at 1. The worker fetches the feed
     * (fetchFeed 2–51, its RECV 11–51), then four thumbnails one after another (fetchThumbnail
     * 51–63, 63–75, 75–87, 87–99, each a RECV), and posts to main at 99. Main binds 100–105
     * (INVALIDATE 7 at 104) and draws view 7 106–110: the response is 0–110 ms. The draws have no
     * rhythm (one frame), so times are exact.
     */
    private static Analysis thumbnails() {
        Log l = new Log("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}")
                .line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true").line(0, 2, "THREAD", "\"name\":\"worker\"")
                .b(0, 1, "USER_INPUT", "\"name\":\"onClick\"").line(1, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\"")
                .e(2, 1, "USER_INPUT")
                .b(2, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"run\"")
                .b(2, 2, "METHOD", "\"name\":\"com.example.Feed.fetchFeed\"")
                .b(11, 2, "RECV", "\"bytes\":1000").e(51, 2, "RECV").e(51, 2, "METHOD");
        for (int i = 0; i < 4; i++) {
            double t = 51 + 12 * i;
            l.b(t, 2, "METHOD", "\"name\":\"com.example.Feed.fetchThumbnail\"")
                    .b(t, 2, "RECV", "\"bytes\":100").e(t + 12, 2, "RECV").e(t + 12, 2, "METHOD");
        }
        return l.line(99, 2, "SEND_MSG", "\"obj\":2,\"via\":\"handler\"").e(99.5, 2, "DISPATCH_MSG")
                .b(100, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"handleMessage\"").line(104, 1, "INVALIDATE", "\"view\":7")
                .e(105, 1, "DISPATCH_MSG").b(106, 1, "DRAW", "\"view\":7").e(110, 1, "DRAW")
                .analyse();
    }

    @Test
    void parallelThumbnailsNeverEndBeforeTheUnmovedFeedArrives() {
        Analysis a = thumbnails();
        assertThat(a.responses().get(0).durationNs()).isEqualTo(110 * MS);
        // Each thumbnail starts at 0 on its own thread and ends at 12. The post at 99 followed the
        // last thumbnail on the worker: it waits for the thumbnails (12) and for the feed before
        // them, which did not move (51). Main 52–57, draw 58–62: 48 ms saved, the thumbnails'
        // path time (before the fix the post left with the last thumbnail at 12: "saves 87 ms").
        Estimate e = estimate(a, new Change.RunInParallel(named("*fetchThumbnail")));
        assertThat(e.savedNs()).isEqualTo(48 * MS);
        assertThat(e.endNs()).isEqualTo(62 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(48 * MS);
        assertThat(e.reason()).isNull();
    }

    @Test
    void sideBySideThumbnailsStartTogetherAfterTheFeed() {
        // All four start at 51, where the first started, after the feed they need; they end at 63.
        // The post waits for all of them: main 64–69, draw 70–74: 36 ms saved (three thumbnails).
        Estimate e = estimate(thumbnails(), new Change.SideBySide(named("*fetchThumbnail")));
        assertThat(e.savedNs()).isEqualTo(36 * MS);
        assertThat(e.endNs()).isEqualTo(74 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(36 * MS);
    }

    @Test
    void deferAndSpeedUpOfTheThumbnails() {
        Analysis a = thumbnails();
        // deferred: the post leaves at 51: 48 ms saved; ×2: each takes 6 ms: 24 ms saved
        Estimate defer = estimate(a, new Change.Defer(named("*fetchThumbnail")));
        assertThat(defer.savedNs()).isEqualTo(48 * MS);
        assertThat(defer.pathTimeNs()).isEqualTo(48 * MS);
        Estimate twice = estimate(a, new Change.SpeedUp(named("*fetchThumbnail"), 2));
        assertThat(twice.savedNs()).isEqualTo(24 * MS);
        assertThat(twice.pathTimeNs()).isEqualTo(24 * MS);
    }

    @Test
    void workOffThePathSavesNothingAndSaysSo() {
        // The worker receives 2–20, posts to main at 20, then saves a cache 20–30; main binds
        // 21–25 (INVALIDATE at 24) and draws 26–28.
        Log l = new Log("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}")
                .line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true").line(0, 2, "THREAD", "\"name\":\"worker\"")
                .b(0, 1, "USER_INPUT", "\"name\":\"onClick\"").line(1, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\"")
                .e(2, 1, "USER_INPUT")
                .b(2, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"run\"")
                .b(2, 2, "RECV", "\"bytes\":1000").e(20, 2, "RECV")
                .line(20, 2, "SEND_MSG", "\"obj\":2,\"via\":\"handler\"")
                .b(20, 2, "METHOD", "\"name\":\"com.example.Cache.save\"").e(30, 2, "METHOD")
                .e(30, 2, "DISPATCH_MSG")
                .b(21, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"handleMessage\"").line(24, 1, "INVALIDATE", "\"view\":7")
                .e(25, 1, "DISPATCH_MSG").b(26, 1, "DRAW", "\"view\":7").e(28, 1, "DRAW");
        // Cache.save 20–30 runs after the post and ends after the draw (28): the end waits for it
        // nowhere; its slack is unbounded.
        Estimate e = estimate(l.analyse(), new Change.Defer(named("*Cache.save")));
        assertThat(e.savedNs()).isZero();
        assertThat(e.pathTimeNs()).isZero();
        assertThat(e.reason()).isEqualTo("not on the critical path: the response's end does not wait for it");
    }

    /**
     * A single-thread executor (worker 2) busy with someone else's task (obj 99, 0–30, sent
     * before the tap) when the tap at 5 hands it loadThumb (sent at 6): the task queues 6–30,
     * runs 30–50 (METHOD loadThumb), posts at 50; main binds 51–53 (INVALIDATE at 52), draws 54–58.
     */
    private static Analysis queuedBehindUnrelatedWork() {
        return new Log("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}")
                .line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true").line(0, 2, "THREAD", "\"name\":\"worker\"")
                .line(0, 3, "THREAD", "\"name\":\"other\"")
                .line(0, 3, "SEND_MSG", "\"obj\":99,\"via\":\"executor\"")
                .b(0, 2, "DISPATCH_MSG", "\"obj\":99,\"name\":\"run\"")
                .b(5, 1, "USER_INPUT", "\"name\":\"onClick\"").line(6, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\"")
                .e(7, 1, "USER_INPUT")
                .e(30, 2, "DISPATCH_MSG")
                .b(30, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"run\"")
                .b(30, 2, "METHOD", "\"name\":\"com.example.Thumbs.loadThumb\"").e(50, 2, "METHOD")
                .line(50, 2, "SEND_MSG", "\"obj\":2,\"via\":\"handler\"").e(50, 2, "DISPATCH_MSG")
                .b(51, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"handleMessage\"").line(52, 1, "INVALIDATE", "\"view\":7")
                .e(53, 1, "DISPATCH_MSG").b(54, 1, "DRAW", "\"view\":7").e(58, 1, "DRAW")
                .analyse();
    }

    @Test
    void aPieceQueuedBehindUnrelatedWorkStartsWithTheResponseWhenRunInParallel() {
        Analysis a = queuedBehindUnrelatedWork();
        assertThat(a.responses().get(0).durationNs()).isEqualTo(53 * MS);
        // loadThumb starts at 5 on its own thread, ends at 25; the post (its dispatch's end) goes
        // at 25, main 26–28, draw 29–33: 25 ms saved = its 20 ms + its 24 ms in the queue, but no
        // more than it moved earlier (30 − 5 = 25).
        Estimate e = estimate(a, new Change.RunInParallel(named("*loadThumb")));
        assertThat(e.savedNs()).isEqualTo(25 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(25 * MS);
        // Deferred, the queueing stays (the task still waits for the thread): 20 ms saved.
        assertThat(estimate(a, new Change.Defer(named("*loadThumb"))).savedNs()).isEqualTo(20 * MS);
    }

    /**
     * Side by side after a shared input, on one queue: the tap (0–2) hands the feed task to a
     * single-thread executor (sent at 1); it receives 2–40, sends four thumbnail tasks (obj 11–14)
     * at 40, 40.1, 40.2, 40.3 and ends at 40.5. They run one after another 41–51, 51–61, 61–71,
     * 71–81 (METHOD loadThumb, a RECV each); the last posts to main at 81; main binds 82–84
     * (INVALIDATE at 83), draws 85–89.
     */
    @Test
    void sideBySideOnOneQueueAfterASharedInput() {
        Log l = new Log("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}")
                .line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true").line(0, 2, "THREAD", "\"name\":\"pool\"")
                .b(0, 1, "USER_INPUT", "\"name\":\"onClick\"").line(1, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\"")
                .e(2, 1, "USER_INPUT")
                .b(2, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"feed\"").b(2, 2, "RECV", "\"bytes\":9").e(40, 2, "RECV");
        for (int i = 0; i < 4; i++) {
            l.line(40 + 0.1 * i, 2, "SEND_MSG", "\"obj\":" + (11 + i) + ",\"via\":\"executor\"");
        }
        l.e(40.5, 2, "DISPATCH_MSG");
        for (int i = 0; i < 4; i++) {
            double t = 41 + 10 * i;
            l.b(t, 2, "DISPATCH_MSG", "\"obj\":" + (11 + i) + ",\"name\":\"thumb\"")
                    .b(t, 2, "METHOD", "\"name\":\"com.example.Thumbs.loadThumb\"")
                    .b(t, 2, "RECV", "\"bytes\":9").e(t + 10, 2, "RECV").e(t + 10, 2, "METHOD");
            if (i == 3) {
                l.line(t + 10, 2, "SEND_MSG", "\"obj\":2,\"via\":\"handler\"");
            }
            l.e(t + 10, 2, "DISPATCH_MSG");
        }
        Analysis a = l.b(82, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"handleMessage\"").line(83, 1, "INVALIDATE", "\"view\":7")
                .e(84, 1, "DISPATCH_MSG").b(85, 1, "DRAW", "\"view\":7").e(89, 1, "DRAW").analyse();
        assertThat(a.responses().get(0).durationNs()).isEqualTo(89 * MS);
        // All four start at 41, where the first started (after the feed, whose sends they need),
        // and end at 51; the post leaves at 51, main 52–54, draw 55–59: 30 ms saved (3 × 10).
        Estimate e = estimate(a, new Change.SideBySide(named("*loadThumb")));
        assertThat(e.savedNs()).isEqualTo(30 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(30 * MS);
        // --parallel would start them at 0, before the feed sent them: it cannot express this.
    }

    /**
     * A Swing program recorded by ura's JVM agent: a Swing timer repaints view 9 every 16 ms
     * (dispatch at 16k+0.5, DRAW 16k+0.8 to 16k+1.8). A click (2–4) starts a writer thread
     * (sent at 3) that writes 16 MB in 160 chunks of 0.16875 ms (27 ms together) with 0.02 ms
     * between them, from 4 to 34.2, then hands the result to the EDT (sent at 34.2); the EDT runs
     * it 34.7–36.2 (INVALIDATE 7 at 35.7) and paints view 7 36.7–38.7.
     */
    private static String chunks(boolean jvm) {
        Log l = new Log(jvm ? "{\"kind\":\"META\",\"version\":1,\"agent\":\"ura\",\"app\":\"WriteDemo\",\"jvm\":\"OpenJDK 17\"}"
                : "{\"kind\":\"META\",\"version\":1,\"app\":\"WriteDemo\"}")
                .line(0, 1, "THREAD", "\"name\":\"AWT-EventQueue-0\",\"main\":true").line(0, 2, "THREAD", "\"name\":\"writer\"");
        for (int k = 0; k < 12; k++) {
            double t = 16 * k + 0.5;
            l.b(t, 1, "DISPATCH_MSG", "\"obj\":" + (1000 + k) + ",\"name\":\"actionPerformed\"")
                    .line(t + 0.1, 1, "INVALIDATE", "\"view\":9").e(t + 0.2, 1, "DISPATCH_MSG")
                    .b(t + 0.3, 1, "DRAW", "\"view\":9").e(t + 1.3, 1, "DRAW");
        }
        l.b(2, 1, "USER_INPUT", "\"name\":\"actionPerformed\"").line(3, 1, "SEND_MSG", "\"obj\":1,\"via\":\"thread\"")
                .e(4, 1, "USER_INPUT").b(4, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"run\"");
        double t = 4;
        for (int i = 0; i < 160; i++) {
            l.b(t, 2, "WRITE", "\"bytes\":102400").e(t + 0.16875, 2, "WRITE");
            t += 0.18875;
        }
        return l.line(34.2, 2, "SEND_MSG", "\"obj\":2,\"via\":\"runnable\"").e(34.3, 2, "DISPATCH_MSG")
                .b(34.7, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"run\"").line(35.7, 1, "INVALIDATE", "\"view\":7")
                .e(36.2, 1, "DISPATCH_MSG").b(36.7, 1, "DRAW", "\"view\":7").e(38.7, 1, "DRAW").text();
    }

    @Test
    void deferringOneHundredSixtyWriteChunksSavesTheWritesTimeOnThePath() {
        Analysis a = AgentLogText.analyse(chunks(true));
        assertThat(a.responses().get(0).durationNs()).isEqualTo(36_700_000L);
        // 160 × 0.16875 = 27 ms of WRITE on the path; the 0.02 ms gaps stay: the hand-off goes at
        // 7.2 instead of 34.2, and everything after moves by 27 ms (no vsync: a Swing timer's
        // repaints are not one).
        Estimate e = estimate(a, new Change.Defer(named("WRITE")));
        assertThat(e.savedNs()).isEqualTo(27 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(27 * MS);
        assertThat(e.frame()).isNull();
        // ×2: exactly half of it
        assertThat(estimate(a, new Change.SpeedUp(named("WRITE"), 2)).savedNs()).isEqualTo(13_500_000L);
    }

    @Test
    void aSwingTimerIsNotAVsyncButTheSameDrawsOnAnAndroidLogAre() {
        // Without the JVM agent's META the same DRAWs (every 16 ms from 0.8; the click's own draw at
        // 36.7 counts as the frame of 32.8) are a frame rhythm of 16 ms, on a grid through the draw
        // at 36.7: ready at 35.7 − 27 = 8.7, the draw waits for the frame at 20.7: 16 ms saved
        // (less than the 27 ms path time: the frame rounds it), and the estimate names the vsync.
        Estimate android = estimate(AgentLogText.analyse(chunks(false)), new Change.Defer(named("WRITE")));
        assertThat(android.savedNs()).isEqualTo(16 * MS);
        assertThat(android.frame()).isEqualTo("drawn on the vsync at 20.7 ms instead of 36.7 ms (vsync every 16.0 ms)");
        Estimate jvm = estimate(AgentLogText.analyse(chunks(true)), new Change.Defer(named("WRITE")));
        assertThat(jvm.savedNs()).isEqualTo(27 * MS);
    }
}
