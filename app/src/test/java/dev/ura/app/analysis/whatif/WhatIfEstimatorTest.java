package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.method.DependencyGraphBuilder;
import dev.ura.app.analysis.graph.method.NewsFeedExample;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.method.WorkFixtures;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.graph.method.NewsFeedExample.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WhatIfEstimatorTest {
    private static final long FRAME = 16_666_667L;

    private static Estimate estimate(ResponseGraph g, Change... changes) {
        return new WhatIfEstimator(g).estimate(new Scenario(List.of(changes)));
    }

    private static SliceSelector.ByName name(String glob) {
        return new SliceSelector.ByName(glob);
    }

    @Test
    void theEmptyScenarioIsTheRecordedResponse() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        Estimate e = estimate(g);
        assertThat(e.endNs()).isEqualTo(104 * MS);
        assertThat(e.durationNs()).isEqualTo(103 * MS);
        assertThat(e.savedNs()).isZero();
        assertThat(e.path()).isEqualTo(g.criticalPath());
    }

    @Test
    void speedingUpACriticalSegmentTwiceSavesHalfOfIt() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        Estimate e = estimate(g, new Change.SpeedUp(name("RECV"), 2));
        assertThat(e.savedNs()).isEqualTo(45 * MS);
        assertThat(e.endNs()).isEqualTo(59 * MS);
        assertThat(e.savedPercent()).isCloseTo(100.0 * 45 / 103, within(1e-9));
        assertThat(e.path().segments()).filteredOn(s -> s.category() == Category.NETWORK)
                .extracting(Segment::durationNs).containsExactly(45 * MS);
    }

    @Test
    void changesOffTheCriticalPathSaveNothing() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build(true));
        assertThat(estimate(g, new Change.Defer(name("WRITE"))).savedNs()).isZero();
        assertThat(estimate(g, new Change.SpeedUp(name("com.example.news.Prefs.*"), 10)).savedNs()).isZero();
        assertThat(estimate(g, new Change.Defer(name("no.such.Method"))).savedNs()).isZero();
    }

    @Test
    void anExactSliceChangesOnlyThatCall() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        Segment recv = g.criticalPath().segments().stream().filter(s -> s.category() == Category.NETWORK)
                .findFirst().orElseThrow();
        Estimate e = estimate(g, new Change.Defer(new SliceSelector.Exact(recv.call(), "RECV")));
        assertThat(e.savedNs()).isEqualTo(90 * MS);
    }

    /** Main thread: a 30 ms write inside the click, then an update drawn on a 60 Hz frame rhythm. */
    private static ResponseGraph writeBeforeFrame() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 40 * MS, "onClick");
        f.call(main, "com.example.Notes.save", 5 * MS, 35 * MS);
        f.interval(EventKind.WRITE, main, 5 * MS, 35 * MS, null);
        int inv = f.instant(EventKind.INVALIDATE, main, 39_500_000L, "7");
        f.untracked();
        int end = -1;
        for (int k = 0; k < 8; k++) {
            long at = k * FRAME;
            if (at < 40 * MS) {
                continue;
            }
            int d = f.interval(EventKind.DRAW, main, at, at + 4 * MS, null);
            if (end < 0) {
                end = d;
            }
        }
        f.fulfil(inv, end);
        return new DependencyGraphBuilder().build(f.work(click, end));
    }

    @Test
    void deferringAWriteOnTheCriticalPathSavesItsDurationToFrameGranularity() {
        ResponseGraph g = writeBeforeFrame();
        assertThat(g.cadence()).isPresent();
        assertThat(g.criticalPath().endNs()).isEqualTo(3 * FRAME + 4 * MS);

        Estimate e = estimate(g, new Change.Defer(name("WRITE")));
        // ready at 10 ms instead of 40 ms: drawn on the frame at 16.7 ms instead of 50 ms
        assertThat(e.savedNs()).isEqualTo(2 * FRAME);
        assertThat(e.endNs()).isEqualTo(FRAME + 4 * MS);
        Segment draw = e.path().segments().get(e.path().segments().size() - 1);
        assertThat(draw.category()).isEqualTo(Category.DRAW);
        assertThat(draw.startNs()).isEqualTo(FRAME);
    }

    @Test
    void aSmallSpeedUpThatMissesTheFrameSavesNothing() {
        ResponseGraph g = writeBeforeFrame();
        // 30 ms → 27 ms: ready at 37 ms, still drawn at 50 ms
        assertThat(estimate(g, new Change.SpeedUp(name("WRITE"), 30.0 / 27)).savedNs()).isZero();
    }

    /** Main: an independent 20 ms prefetch, then 30 ms of binding; both invalidate views drawn at 50 ms. */
    private static ResponseGraph prefetchThenBind() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 50 * MS, "onClick");
        f.call(main, "com.example.Feed.prefetch", 0, 20 * MS);
        int a = f.instant(EventKind.INVALIDATE, main, 20 * MS, "1");
        f.call(main, "com.example.Feed.bind", 20 * MS, 50 * MS);
        int b = f.instant(EventKind.INVALIDATE, main, 50 * MS, "2");
        f.untracked();
        int draw = f.interval(EventKind.DRAW, main, 50 * MS, 54 * MS, null);
        f.fulfil(a, draw).fulfil(b, draw);
        return new DependencyGraphBuilder().build(f.work(click, draw));
    }

    @Test
    void runningAnIndependentTaskInParallelSavesTheOverlap() {
        ResponseGraph g = prefetchThenBind();
        assertThat(g.criticalPath().endNs()).isEqualTo(54 * MS);

        // bind no longer waits for prefetch: they overlap by 20 ms
        Estimate e = estimate(g, new Change.RunInParallel(name("com.example.Feed.bind")));
        assertThat(e.savedNs()).isEqualTo(20 * MS);
        assertThat(e.path().segments()).extracting(Segment::name)
                .containsExactly("com.example.Feed.bind", "DRAW");
    }

    @Test
    void whatFollowedParallelWorkOnItsThreadStillWaitsForIt() {
        // prefetch already starts with the response; bind still waits for it
        assertThat(estimate(prefetchThenBind(), new Change.RunInParallel(name("com.example.Feed.prefetch"))).savedNs())
                .isZero();
    }

    @Test
    void whateverWaitedForParallelWorkStillWaits() {
        ResponseGraph g = prefetchThenBind();

        // bind in parallel with prefetch: the draw still needs bind's update, which now ends at 30 ms
        Estimate e = estimate(g, new Change.RunInParallel(name("com.example.Feed.bind")));
        assertThat(e.endNs()).isEqualTo(34 * MS);
        assertThat(e.path().segments().get(0).name()).isEqualTo("com.example.Feed.bind");
        assertThat(e.path().segments().get(0).via()).isEqualTo(LinkKind.USER);
        // and both in parallel: the longer one decides
        Estimate both = estimate(g, new Change.RunInParallel(name("com.example.Feed.*")));
        assertThat(both.savedNs()).isEqualTo(20 * MS);
    }

    @Test
    void parallelWorkStillFeedsTheDrawWhenItIsTheLongerBranch() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        Estimate e = estimate(g, new Change.RunInParallel(name("DISPATCH_MSG:doInBackground")));
        // it was handed off 0.2 ms after the start and queued 0.2 ms: it now starts at once
        assertThat(e.savedNs()).isEqualTo(400_000L);
        assertThat(e.path().segments().get(0).via()).isEqualTo(LinkKind.USER);
    }

    @Test
    void aCallThatCoversOnlyPartOfASegmentChangesOnlyItsPart() {
        // one 50 ms segment (nothing cuts it) in which a 10 ms helper runs
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 50 * MS, "onClick");
        f.call(main, "com.example.Feed.bind", 0, 50 * MS);
        f.call(main, "com.example.Feed.decode", 20 * MS, 30 * MS);
        int inv = f.instant(EventKind.INVALIDATE, main, 50 * MS, "2");
        f.untracked();
        int draw = f.interval(EventKind.DRAW, main, 50 * MS, 54 * MS, null);
        f.fulfil(inv, draw);
        ResponseGraph one = new DependencyGraphBuilder().build(f.work(click, draw));

        assertThat(estimate(one, new Change.SpeedUp(name("com.example.Feed.decode"), 2)).savedNs()).isEqualTo(5 * MS);
        assertThat(estimate(one, new Change.Defer(name("com.example.Feed.decode"))).savedNs()).isEqualTo(10 * MS);
        // decode runs from the start on its own thread; the 20 ms after it still wait for it
        assertThat(estimate(one, new Change.RunInParallel(name("com.example.Feed.decode"))).savedNs()).isEqualTo(10 * MS);
        assertThat(estimate(one, new Change.RunInParallel(name("com.example.Feed.bind"))).savedNs()).isZero();
        // prefetch (20 ms) and bind (30 ms) both twice as fast
        assertThat(estimate(prefetchThenBind(), new Change.SpeedUp(name("com.example.Feed.*"), 2)).savedNs())
                .isEqualTo(25 * MS);
    }
}
