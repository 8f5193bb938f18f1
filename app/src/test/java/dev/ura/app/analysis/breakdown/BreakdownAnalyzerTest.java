package dev.ura.app.analysis.breakdown;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.graph.DependencyGraphBuilder;
import dev.ura.app.analysis.graph.NewsFeedExample;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.WorkFixtures;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.graph.NewsFeedExample.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BreakdownAnalyzerTest {

    @Test
    void theCriticalPathSplitsByThreadAndCategory() {
        Breakdown b = new BreakdownAnalyzer().analyze(new DependencyGraphBuilder().build(NewsFeedExample.build()));

        assertThat(b.criticalPathNs()).isEqualTo(103 * MS);
        assertThat(b.byThread()).containsExactly(
                new ThreadTime(1, "AsyncTask #1", 90_400_000L), new ThreadTime(0, "main", 12_600_000L));
        assertThat(b.byCategory()).containsExactly(
                new CategoryTime(Category.NETWORK, 90 * MS), new CategoryTime(Category.WAIT, 7_300_000L),
                new CategoryTime(Category.DRAW, 5 * MS), new CategoryTime(Category.CPU, 700_000L));
    }

    @Test
    void topMethodsInTheWindowAndOnTheCriticalPath() {
        Breakdown b = new BreakdownAnalyzer(3).analyze(new DependencyGraphBuilder().build(NewsFeedExample.build()));

        assertThat(b.windowInclusive()).extracting(MethodTime::name).containsExactly(
                "DISPATCH_MSG:doInBackground", "com.example.news.FeedTask.doInBackground", "RECV");
        assertThat(b.windowInclusive().get(0).inclusiveNs()).isEqualTo(90_300_000L);
        assertThat(b.windowExclusive()).extracting(MethodTime::name).containsExactly(
                "RECV", "android.view.ViewRootImpl.performDraw", "com.example.news.FeedTask.onPostExecute");
        assertThat(b.windowExclusive().get(2).exclusiveNs()).isEqualTo(280_000L);

        assertThat(b.criticalInclusive().get(0)).isEqualTo(
                new MethodTime("DISPATCH_MSG:doInBackground", 1, 90_200_000L, 20_000L));
        assertThat(b.criticalExclusive().get(0)).isEqualTo(new MethodTime("RECV", 1, 90 * MS, 90 * MS));
        assertThat(b.criticalExclusive()).extracting(MethodTime::name)
                .containsExactly("RECV", "android.view.ViewRootImpl.performDraw", "com.example.news.FeedTask.onPostExecute");
    }

    @Test
    void exclusiveTimesAddUpToTheRootsAndRecursionCountsOnce() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 10 * MS, "onClick");
        f.call(main, "com.example.Tree.walk", 1 * MS, 9 * MS);
        f.call(main, "com.example.Tree.walk", 2 * MS, 8 * MS);
        f.call(main, "com.example.Tree.walk", 3 * MS, 4 * MS);
        Breakdown b = new BreakdownAnalyzer(100).analyze(new DependencyGraphBuilder().build(f.work(click, -1)));

        assertThat(b.windowExclusive().stream().mapToLong(MethodTime::exclusiveNs).sum()).isEqualTo(10 * MS);
        MethodTime walk = b.windowInclusive().stream().filter(m -> m.name().equals("com.example.Tree.walk"))
                .findFirst().orElseThrow();
        assertThat(walk).isEqualTo(new MethodTime("com.example.Tree.walk", 3, 8 * MS, 8 * MS));
        assertThatThrownBy(() -> new BreakdownAnalyzer(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
