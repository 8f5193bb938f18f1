package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.graph.method.NewsFeedExample.MS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Critical-path segments say when things happened and what the thread did: answers worked out by
 * hand from the rules in {@code docs/cli.md} (segment categories, slack).
 */
class TruthfulSegmentsTest {

    @Test
    void aStallInTheMiddleOfACallIsAWaitWhereItHappened() {
        // load runs 0..100 ms wall, 50 ms CPU; inside it Object.wait 10..60 ms with no CPU at all.
        // Thread time: 0 at 0, 10 at 10, 10 at 60, 50 at 100 -> cpu 0..10, wait 10..60, cpu 60..100.
        WorkFixtures f = new WorkFixtures(Clock.DUAL);
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 100 * MS, "onClick", 0, 50 * MS);
        f.call(main, "com.example.Work.load", 0, 100 * MS, 0, 50 * MS);
        f.call(main, "java.lang.Object.wait", 10 * MS, 60 * MS, 10 * MS, 10 * MS);
        List<Segment> s = new DependencyGraphBuilder().build(f.work(click, -1)).criticalPath().segments();

        assertThat(s).extracting(Segment::category).containsExactly(Category.CPU, Category.WAIT, Category.CPU);
        assertThat(s).extracting(Segment::startNs).containsExactly(0L, 10 * MS, 60 * MS);
        assertThat(s).extracting(Segment::endNs).containsExactly(10 * MS, 60 * MS, 100 * MS);
        assertThat(s).extracting(Segment::name).containsOnly("com.example.Work.load");
    }

    @Test
    void timeInsideAnIdleMethodIsAWaitEvenWithoutAThreadClock() {
        // wall clock only: Sync.run 0..30 waits on a monitor 5..25
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 30 * MS, "onClick");
        f.call(main, "com.example.Sync.run", 0, 30 * MS);
        f.call(main, "java.lang.Object.wait", 5 * MS, 25 * MS);
        ResponseGraph g = new DependencyGraphBuilder().build(f.work(click, -1));
        List<Segment> s = g.criticalPath().segments();

        assertThat(s).extracting(Segment::category).containsExactly(Category.CPU, Category.WAIT, Category.CPU);
        assertThat(s).extracting(Segment::startNs).containsExactly(0L, 5 * MS, 25 * MS);
        assertThat(s).extracting(Segment::durationNs).containsExactly(5 * MS, 20 * MS, 5 * MS);
        assertThat(s.get(1).name()).isEqualTo("com.example.Sync.run");
        assertThat(g.kind(s.get(1).id())).isEqualTo(SegmentKind.BLOCKED);
    }

    @Test
    void aSteadilyRunningThreadHasNoWait() {
        // 80 % CPU between every pair of readings (every 10 ms): never a stall.
        WorkFixtures f = new WorkFixtures(Clock.DUAL);
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 100 * MS, "onClick", 0, 80 * MS);
        for (int i = 0; i < 10; i++) {
            f.call(main, "com.example.Work.step", i * 10 * MS, (i + 1) * 10 * MS, i * 8 * MS, (i + 1) * 8 * MS);
        }
        List<Segment> s = new DependencyGraphBuilder().build(f.work(click, -1)).criticalPath().segments();

        assertThat(s).extracting(Segment::category).containsOnly(Category.CPU);
        assertThat(s.stream().mapToLong(Segment::durationNs).sum()).isEqualTo(100 * MS);
    }

    @Test
    void differentMethodsGetTheirOwnSegments() {
        // onClick 0..130 ms runs Ads.load 5..25 and Feed.render 25..125; parts need >= 130/50 = 2.6 ms.
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 130 * MS, "onClick");
        f.call(main, "com.example.Screen.onClick", 0, 130 * MS);
        f.call(main, "com.example.Ads.load", 5 * MS, 25 * MS);
        f.call(main, "com.example.Feed.render", 25 * MS, 125 * MS);
        f.call(main, "com.example.Feed.tiny", 26 * MS, 27 * MS);
        List<Segment> s = new DependencyGraphBuilder().build(f.work(click, -1)).criticalPath().segments();

        assertThat(s).extracting(Segment::name).containsExactly("com.example.Screen.onClick", "com.example.Ads.load",
                "com.example.Feed.render", "com.example.Screen.onClick");
        assertThat(s).extracting(Segment::durationNs).containsExactly(5 * MS, 20 * MS, 100 * MS, 5 * MS);
    }

    /**
     * A click (0..10) hands work to a worker (dispatch 12..30, posting back at 29); main is busy with
     * an ad callback 20..45, so the result runs 45..55 and invalidates at 50; the frame draws 60..65.
     */
    private static ResponseGraph queuedBehindAnAd() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int worker = f.thread("worker", false);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 10 * MS, "onClick");
        int send = f.instant(EventKind.SEND_MSG, main, 5 * MS, "job");
        int bg = f.interval(EventKind.DISPATCH_MSG, worker, 12 * MS, 30 * MS, "load");
        int post = f.instant(EventKind.SEND_MSG, worker, 29 * MS, "result");
        int ui = f.interval(EventKind.DISPATCH_MSG, main, 45 * MS, 55 * MS, "onResult");
        int inv = f.instant(EventKind.INVALIDATE, main, 50 * MS, "list");
        f.untracked();
        f.interval(EventKind.DISPATCH_MSG, main, 20 * MS, 45 * MS, "ad");
        f.call(main, "com.ads.AdListener.onAdLoaded", 21 * MS, 44 * MS);
        int draw = f.interval(EventKind.DRAW, main, 60 * MS, 65 * MS, null);
        f.link(send, bg, LinkKind.IDENTITY).link(post, ui, LinkKind.IDENTITY).fulfil(inv, draw);
        return new DependencyGraphBuilder().build(f.work(click, draw));
    }

    @Test
    void timeTheMainThreadSpentOnOtherWorkIsQueuedBehindIt() {
        List<Segment> s = queuedBehindAnAd().criticalPath().segments();

        Segment queued = s.stream().filter(x -> x.category() == Category.QUEUED).findFirst().orElseThrow();
        assertThat(queued.startNs()).isEqualTo(29 * MS);
        assertThat(queued.endNs()).isEqualTo(45 * MS);
        assertThat(queued.name()).isEqualTo("com.ads.AdListener.onAdLoaded");
        assertThat(queued.queuedBehind()).isEqualTo("com.ads.AdListener.onAdLoaded");
        assertThat(queued.threadName()).isEqualTo("main");
        assertThat(s).noneMatch(x -> x.category() == Category.WAIT && x.threadName().equals("main")
                && x.startNs() < 45 * MS);
        assertThat(s.get(s.size() - 1).endNs()).isEqualTo(65 * MS);
    }

    @Test
    void workBeforeAQueuedDispatchHasSlackUpToWhenTheOtherWorkEnds() {
        List<Segment> s = queuedBehindAnAd().criticalPath().segments();

        // the result could have been posted up to 45 ms (when the ad callback ended) instead of 29
        // ms without the end moving: 16 ms of slack for everything before the queue
        assertThat(s).filteredOn(x -> x.endNs() <= 29 * MS).isNotEmpty()
                .allSatisfy(x -> assertThat(x.slackNs()).isEqualTo(16 * MS));
        // after it, nothing absorbs a delay: the main thread waits for no one until the draw
        assertThat(s).filteredOn(x -> x.startNs() >= 45 * MS).isNotEmpty()
                .allSatisfy(x -> assertThat(x.slackNs()).isZero());
    }

    @Test
    void theFramesOwnWorkBeforeItsDrawIsDrawAndTheWaitForTheFrameIsSlack() {
        // request at 5 in a click 0..10; the frame's doFrame 20..40 lays out 21..30 and draws 30..40
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 10 * MS, "onClick");
        int inv = f.instant(EventKind.INVALIDATE, main, 5 * MS, "v");
        f.untracked();
        f.call(main, "android.view.Choreographer.doFrame", 20 * MS, 40 * MS);
        f.call(main, "android.view.ViewRootImpl.performLayout", 21 * MS, 30 * MS);
        int draw = f.interval(EventKind.DRAW, main, 30 * MS, 40 * MS, null);
        f.fulfil(inv, draw);
        List<Segment> s = new DependencyGraphBuilder().build(f.work(click, draw)).criticalPath().segments();

        // the frame waits for the rest of the click (program order) until 10, then for the frame at 20
        assertThat(s).extracting(Segment::category).containsExactly(
                Category.CPU, Category.CPU, Category.WAIT, Category.DRAW, Category.DRAW, Category.DRAW);
        assertThat(s).extracting(Segment::startNs).containsExactly(0L, 5 * MS, 10 * MS, 20 * MS, 21 * MS, 30 * MS);
        assertThat(s).extracting(Segment::name).containsExactly("USER_INPUT:onClick", "USER_INPUT:onClick",
                "waiting for the frame that draws DRAW", "android.view.Choreographer.doFrame",
                "android.view.ViewRootImpl.performLayout", "DRAW");
        // the click could end up to 20 ms (the frame's start) instead of 10: 10 ms of slack
        assertThat(s.get(0).slackNs()).isEqualTo(10 * MS);
        assertThat(s.get(1).slackNs()).isEqualTo(10 * MS);
        assertThat(s.get(5).slackNs()).isZero();
    }
}
