package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.graph.method.NewsFeedExample.MS;
import static org.assertj.core.api.Assertions.assertThat;

class DependencyGraphBuilderTest {

    @Test
    void theAgentLogExampleFollowsTheWorkAcrossThreadsToTheDraw() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        CriticalPath path = g.criticalPath();

        assertThat(g.baseline().endNs()).isEqualTo(104 * MS);
        assertThat(path.endNs()).isEqualTo(104 * MS);
        List<Segment> s = path.segments();
        assertThat(s).extracting(Segment::startNs).containsExactly(
                1 * MS, 1_200_000L, 1_400_000L, 1_500_000L, 91_500_000L, 91_600_000L, 92 * MS, 92_100_000L,
                92_300_000L, 99 * MS);
        assertThat(s).extracting(Segment::category).containsExactly(
                Category.CPU, Category.WAIT, Category.CPU, Category.NETWORK, Category.CPU, Category.WAIT,
                Category.CPU, Category.CPU, Category.WAIT, Category.DRAW);
        assertThat(s).extracting(Segment::threadName).containsExactly(
                "main", "AsyncTask #1", "AsyncTask #1", "AsyncTask #1", "AsyncTask #1", "main", "main", "main",
                "main", "main");
        assertThat(s).extracting(Segment::via).containsExactly(
                null, LinkKind.IDENTITY, LinkKind.PROGRAM_ORDER, LinkKind.PROGRAM_ORDER, LinkKind.PROGRAM_ORDER,
                LinkKind.IDENTITY, LinkKind.PROGRAM_ORDER, LinkKind.PROGRAM_ORDER, LinkKind.PROGRAM_ORDER,
                LinkKind.PROGRAM_ORDER);
        assertThat(s).allSatisfy(seg -> assertThat(seg.slackNs()).isZero());
        assertThat(path.lengthNs()).isEqualTo(103 * MS);
    }

    @Test
    void segmentsAreNamedAfterTheInnermostAppMethodAndKeepItsSlice() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        List<Segment> s = g.criticalPath().segments();

        assertThat(s.get(0).name()).isEqualTo("com.example.news.FeedActivity.onRefreshClicked");
        assertThat(s.get(1).name()).isEqualTo("waiting to run DISPATCH_MSG:doInBackground");
        assertThat(s.get(2).name()).isEqualTo("com.example.news.FeedTask.doInBackground");
        assertThat(s.get(3).name()).isEqualTo("RECV");
        assertThat(s.get(4).name()).isEqualTo("com.example.news.FeedTask.doInBackground");
        assertThat(s.get(9).name()).isEqualTo("android.view.ViewRootImpl.performDraw");
        assertThat(s.get(1).call()).isNull();
        ResponseWork w = g.work();
        var calls = w.trace().threads().get(s.get(2).thread()).calls();
        assertThat(w.trace().methods().get(calls.method(s.get(2).call().call())).fullName())
                .isEqualTo("com.example.news.FeedTask.doInBackground");
    }

    @Test
    void workOffThePathHasSlackAndTheMainThreadKeepsProgramOrder() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build());
        int rest = -1;
        for (int v = 0; v < g.vertexCount(); v++) {
            if (g.startNs(v) == 1_200_000L && g.thread(v) == 0) {
                rest = v;
            }
        }
        assertThat(rest).isNotNegative();
        assertThat(g.durationNs(rest)).isEqualTo(100_000L);
        // main's rest of the click ends at 1.3 ms; the worker's result arrives at 91.6 ms
        assertThat(g.baseline().slackNs(rest)).isEqualTo(91_600_000L - 1_300_000L);
    }

    @Test
    void aDualClockShowsTheTimeAThreadWasBlockedAsAWait() {
        WorkFixtures f = new WorkFixtures(Clock.DUAL);
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 10 * MS, "onClick", 0, 2 * MS);
        // 2 ms of CPU in 10 ms of wall time: the rest blocked (a lock, a sleep)
        f.call(main, "com.example.Lock.take", 0, 10 * MS, 0, 2 * MS);
        ResponseGraph g = new DependencyGraphBuilder().build(f.work(click, -1));

        assertThat(g.criticalPath().segments()).extracting(Segment::category)
                .containsExactly(Category.CPU, Category.WAIT);
        assertThat(g.criticalPath().segments()).extracting(Segment::durationNs)
                .containsExactly(2 * MS, 8 * MS);
        assertThat(g.baseline().endNs()).isEqualTo(10 * MS);
    }

    @Test
    void storageInsideTheClickIsItsOwnSegment() {
        ResponseGraph g = new DependencyGraphBuilder().build(NewsFeedExample.build(true));
        Segment write = g.criticalPath().segments().stream()
                .filter(s -> s.category() == Category.STORAGE).findFirst().orElse(null);
        // the write is in the click, but the click is not what the draw waits for: it is off the path
        assertThat(write).isNull();
        int v = -1;
        for (int i = 0; i < g.vertexCount(); i++) {
            if (g.category(i) == Category.STORAGE) {
                v = i;
            }
        }
        assertThat(g.name(v)).isEqualTo("WRITE");
        assertThat(g.durationNs(v)).isEqualTo(20 * MS);
        assertThat(g.baseline().slackNs(v)).isEqualTo(91_600_000L - 21_300_000L);
    }
}
