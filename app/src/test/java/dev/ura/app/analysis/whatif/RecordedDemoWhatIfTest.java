package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real recording, not a generated log: the demo feed reader (demo-app) recorded with the agent
 * by {@code bench accuracy} on a quiet machine (run "original-1", 4 clicks on Load). Its EDT blocks
 * in {@code FutureTask.get}, its downloads go through {@code HttpClient}, callbacks through
 * {@code CompletableFuture}: shapes the hand-written logs lack. Running every finding and the three
 * case-study fixes over it once crashed {@code analyze} (an edge the change added was looked up in
 * the recorded graph while explaining a zero saving).
 */
class RecordedDemoWhatIfTest {
    private static final List<Change> FIXES = List.of(
            new Change.Defer(new SliceSelector.ByName("*CacheStore.write")),
            new Change.RunInParallel(new SliceSelector.ByName("*ThumbnailLoader.loadAll")),
            new Change.SpeedUp(new SliceSelector.ByName("*FeedParser.parse"), 1000));

    private static Analysis demo() throws Exception {
        try (InputStream in = RecordedDemoWhatIfTest.class.getResourceAsStream("/recordings/feed-reader-original.jsonl.gz")) {
            assertThat(in).as("test resource").isNotNull();
            return Analysis.of(TraceFiles.read("feed-reader-original.jsonl.gz", ByteBuffer.wrap(in.readAllBytes()),
                    Progress.NONE));
        }
    }

    @Test
    void everyFindingAndEveryFixIsEstimatedWithinTheSavingBound() throws Exception {
        Analysis a = demo();
        // From the raw lines: 4 USER_INPUT mousePressed, 4 mouseReleased (each with its
        // actionPerformed nested inside), 4 mouseClicked: 12 top-level inputs, 12 responses.
        assertThat(a.responses()).hasSize(12);
        int estimates = 0;
        for (int i = 0; i < a.responses().size(); i++) {
            a.criticalPath(i);
            for (Finding f : a.findings(i)) {
                assertThat(f.estimatedSavingNs()).as("response %d: %s", i, f.message()).isGreaterThanOrEqualTo(0);
            }
            for (Change c : FIXES) {
                Estimate e = a.estimate(i, Scenario.BASELINE.with(c));
                String what = "response " + i + ", " + c;
                assertThat(e.savedNs()).as(what).isBetween(0L, e.pathTimeNs() + 1000);
                assertThat(e.savedNs() > 0 || e.reason() != null).as(what + ": a zero says why").isTrue();
                estimates++;
            }
        }
        assertThat(estimates).isEqualTo(36);
    }
}
