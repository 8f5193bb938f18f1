package dev.ura.app.samples;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.samples.Samples;
import dev.ura.samples.emit.MethodTraceEmitter;
import dev.ura.samples.scenarios.Scenario;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20, "Done when": the generated parallel-thumbnails case (forum-feed, its twin
 * forum-feed-parallel, re-simulated with the fix) in every file form ura has it in — the bundled
 * legacy method trace and agent log, and a streaming method trace written from the same simulated
 * timeline (the generator writes that form only for news-launch and click-asynctask; no system-
 * trace form of the forum-feed simulation exists). Prints the table: the saving the estimate
 * promises against the saving the twin shows. Times are the simulation's, so they are exact.
 */
class ForumFeedFormsTest {

    @Test
    void parallelThumbnailsSavingAgainstTheTwinInEveryForm() throws Exception {
        Scenario forum = Samples.scenarios().stream().filter(s -> s.name().equals("forum-feed")).findFirst().orElseThrow();
        Scenario.Fix fix = forum.fixes().stream().filter(f -> f.id().equals("parallel")).findFirst().orElseThrow();
        List<String> rows = new ArrayList<>();
        rows.add(String.format(Locale.ROOT, "%-18s %10s %10s %10s %12s %12s %8s", "form", "baseline", "estimate",
                "twin", "est. saves", "twin saves", "error"));
        List<Long> gaps = new ArrayList<>();
        for (String form : List.of("trace", "jsonl", "streaming trace")) {
            Analysis original;
            Analysis twin;
            if (form.equals("streaming trace")) {
                original = Analysis.of(TraceFiles.read("forum-feed-streaming.trace", ByteBuffer.wrap(
                        MethodTraceEmitter.streaming(forum.record(null).timeline(), "forum-feed")), Progress.NONE));
                twin = Analysis.of(TraceFiles.read("forum-feed-parallel-streaming.trace", ByteBuffer.wrap(
                        MethodTraceEmitter.streaming(forum.record(fix).timeline(), "forum-feed-parallel")), Progress.NONE));
            } else {
                original = SampleRuns.analysis("/samples/forum-feed." + form);
                twin = SampleRuns.analysis("/samples/forum-feed-parallel." + form);
            }
            long baseline = SampleRuns.caseStudies(original).get(0).durationNs();
            Estimate e = SampleRuns.estimate(original, SampleRuns.caseStudies(original).get(0).index(), fix.whatIf());
            long measured = SampleRuns.caseStudies(twin).get(0).durationNs();
            long promised = baseline - e.durationNs();
            long saved = baseline - measured;
            double error = 100.0 * (promised - saved) / saved;
            gaps.add(saved - promised);
            rows.add(String.format(Locale.ROOT, "%-18s %7.1f ms %7.1f ms %7.1f ms %9.1f ms %9.1f ms %+7.1f %%", form,
                    baseline / 1e6, e.durationNs() / 1e6, measured / 1e6, promised / 1e6, saved / 1e6, error));
        }
        System.out.println(String.join("\n", rows));
        // Every form saves what the twin saves (65.3 ms, to the 0.1 ms; issue 20 asks ±5 %). The
        // method traces promised one frame (16.7 ms) less until frames requested while another of
        // the queue's frames waits for its vsync were drawn by that frame (docs/what-if.md,
        // "Frames"): setThumbnails, now queued right after setPosts, asks for its frame before the
        // posts' frame has run, and Choreographer draws both in that one frame (868.1 ms).
        for (long gap : gaps) {
            assertThat(Math.abs(gap)).isLessThan(100_000L);
        }
    }
}
