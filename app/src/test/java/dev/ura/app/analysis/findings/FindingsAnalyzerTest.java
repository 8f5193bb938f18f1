package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.method.DependencyGraphBuilder;
import dev.ura.app.analysis.graph.method.NewsFeedExample;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.method.WorkFixtures;
import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static dev.ura.app.analysis.graph.method.NewsFeedExample.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FindingsAnalyzerTest {
    private static final long FRAME = 16_666_667L;

    private static List<Finding> findings(ResponseGraph g) {
        return new FindingsAnalyzer().analyze(g);
    }

    private static Optional<Finding> rule(List<Finding> fs, String id) {
        return fs.stream().filter(f -> f.rule().equals(id)).findFirst();
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
        for (int k = 3; k < 8; k++) {
            int d = f.interval(EventKind.DRAW, main, k * FRAME, k * FRAME + 4 * MS, null);
            end = end < 0 ? d : end;
        }
        f.fulfil(inv, end);
        return new DependencyGraphBuilder().build(f.work(click, end));
    }

    @Test
    void aWriteOnTheMainThreadBeforeTheDrawIsReportedTwiceWithItsFixes() {
        List<Finding> fs = findings(writeBeforeFrame());

        Finding io = rule(fs, StorageOnMainThreadRule.ID).orElseThrow();
        assertThat(io.thread()).isZero();
        assertThat(io.evidenceStartNs()).isEqualTo(5 * MS);
        assertThat(io.evidenceEndNs()).isEqualTo(35 * MS);
        assertThat(io.suggestion()).isEqualTo(new Change.Defer(new SliceSelector.ByName("com.example.Notes.save")));
        assertThat(io.estimatedSavingNs()).isEqualTo(2 * FRAME);
        assertThat(io.severity()).isEqualTo("warning");
        assertThat(io.message()).contains("main thread", "com.example.Notes.save", "30.0 ms", "33.3 ms faster");
        assertThat(io.calls()).hasSize(1);

        Finding write = rule(fs, WriteBeforeResponseEndRule.ID).orElseThrow();
        assertThat(write.suggestionKind()).isEqualTo("defer");
        assertThat(write.suggestion().target()).isEqualTo(new SliceSelector.ByName("com.example.Notes.save"));
        assertThat(write.estimatedSavingNs()).isEqualTo(2 * FRAME);
        assertThat(write.message()).contains("nothing drawn needs");
    }

    @Test
    void writesOffTheCriticalPathAreNotWorthDeferringButMainThreadIoIsStillShown() {
        List<Finding> fs = findings(new DependencyGraphBuilder().build(NewsFeedExample.build(true)));
        assertThat(rule(fs, WriteBeforeResponseEndRule.ID)).isEmpty();
        Finding io = rule(fs, StorageOnMainThreadRule.ID).orElseThrow();
        assertThat(io.estimatedSavingNs()).isZero();
        assertThat(io.severity()).isEqualTo("warning");
        assertThat(io.message()).contains("does not delay this response");
    }

    @Test
    void aResponseThatWaitsForTheNetworkSaysSo() {
        List<Finding> fs = findings(new DependencyGraphBuilder().build(NewsFeedExample.build()));

        Finding net = rule(fs, NetworkDominatesRule.ID).orElseThrow();
        assertThat(net.suggestion()).isEqualTo(
                new Change.SpeedUp(new SliceSelector.ByName("com.example.news.FeedTask.doInBackground"), 2));
        assertThat(net.estimatedSavingNs()).isBetween(45 * MS, 46 * MS);
        assertThat(net.message()).contains("87 %", "90.0 ms");
        assertThat(net.thread()).isEqualTo(1);

        Finding thread = rule(fs, ThreadDominatesRule.ID).orElseThrow();
        assertThat(thread.message()).startsWith("Thread AsyncTask #1 runs for 88 %");
        assertThat(thread.thread()).isEqualTo(1);
        assertThat(rule(fs, StorageOnMainThreadRule.ID)).isEmpty();
        assertThat(rule(fs, AdRequestOnCriticalPathRule.ID)).isEmpty();
        assertThat(rule(fs, NeedlessWaitRule.ID)).isEmpty();
    }

    @Test
    void anAdRequestBeforeTheContentIsOnTheCriticalPath() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 50 * MS, "onClick");
        f.call(main, "com.example.Feed.bind", 0, 20 * MS);
        f.call(main, "com.google.android.gms.ads.AdLoader.loadAd", 20 * MS, 50 * MS);
        f.call(main, "com.google.android.gms.ads.internal.Http.get", 25 * MS, 45 * MS);
        int inv = f.instant(EventKind.INVALIDATE, main, 50 * MS, "2");
        f.untracked();
        int draw = f.interval(EventKind.DRAW, main, 50 * MS, 54 * MS, null);
        f.fulfil(inv, draw);
        List<Finding> fs = findings(new DependencyGraphBuilder().build(f.work(click, draw)));

        Finding ad = rule(fs, AdRequestOnCriticalPathRule.ID).orElseThrow();
        assertThat(ad.suggestion()).isEqualTo(
                new Change.RunInParallel(new SliceSelector.ByName("com.google.android.gms.ads.AdLoader.loadAd")));
        // requested with the response start, the ad is ready at 30 ms instead of 50 ms
        assertThat(ad.estimatedSavingNs()).isEqualTo(20 * MS);
        assertThat(ad.evidenceStartNs()).isEqualTo(20 * MS);
        assertThat(ad.evidenceEndNs()).isEqualTo(50 * MS);
        assertThat(fs.get(0).estimatedSavingNs()).isEqualTo(20 * MS);
    }

    @Test
    void handedOffWorkQueuedBehindWorkItDoesNotNeedIsANeedlessWait() {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int worker = f.thread("pool-1", false);
        int click = f.interval(EventKind.USER_INPUT, main, 0, 2 * MS, "onClick");
        int sendA = f.instant(EventKind.SEND_MSG, main, 500_000L, "upload");
        int sendB = f.instant(EventKind.SEND_MSG, main, 1 * MS, "load");
        int a = f.interval(EventKind.DISPATCH_MSG, worker, 1_500_000L, 41_500_000L, "run");
        f.call(worker, "com.example.Analytics.upload", 1_500_000L, 41_500_000L);
        int b = f.interval(EventKind.DISPATCH_MSG, worker, 41_500_000L, 51_500_000L, "run");
        f.call(worker, "com.example.Feed.load", 41_500_000L, 51_500_000L);
        int post = f.instant(EventKind.SEND_MSG, worker, 51_500_000L, "show");
        int show = f.interval(EventKind.DISPATCH_MSG, main, 52 * MS, 53 * MS, "handleMessage");
        int inv = f.instant(EventKind.INVALIDATE, main, 52_500_000L, "3");
        f.untracked();
        int draw = f.interval(EventKind.DRAW, main, 55 * MS, 58 * MS, null);
        f.link(sendA, a, LinkKind.IDENTITY).link(sendB, b, LinkKind.IDENTITY).link(post, show, LinkKind.IDENTITY)
                .fulfil(inv, draw);
        List<Finding> fs = findings(new DependencyGraphBuilder().build(f.work(click, draw)));

        Finding wait = rule(fs, NeedlessWaitRule.ID).orElseThrow();
        assertThat(wait.suggestionKind()).isEqualTo("parallel");
        // Feed.load no longer queues behind the upload: it runs from the start (0–10 ms)
        assertThat(wait.suggestion().target().describe()).isEqualTo("com.example.Feed.load");
        assertThat(wait.estimatedSavingNs()).isEqualTo(41_500_000L);
        assertThat(wait.thread()).isEqualTo(worker);
        assertThat(wait.evidenceStartNs()).isEqualTo(1_500_000L);
        assertThat(wait.evidenceEndNs()).isEqualTo(41_500_000L);
        assertThat(wait.message()).contains("com.example.Feed.load on pool-1 waits for com.example.Analytics.upload (40.0 ms)");
    }

    @Test
    void thresholdsAreConfigurableAndChecked() {
        FindingThresholds strict = new FindingThresholds(1_000_000L, 1_000_000L, 0.95, 0.95, 1_000_000L,
                16_666_667L, 100_000_000L);
        List<Finding> fs = new FindingsAnalyzer(strict).analyze(new DependencyGraphBuilder().build(NewsFeedExample.build()));
        assertThat(rule(fs, NetworkDominatesRule.ID)).isEmpty();
        assertThat(rule(fs, ThreadDominatesRule.ID)).isEmpty();
        assertThatThrownBy(() -> new FindingThresholds(0, 0, 1.5, 0.5, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
