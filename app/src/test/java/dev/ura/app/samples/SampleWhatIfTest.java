package dev.ura.app.samples;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.findings.FindingsAnalyzer;
import dev.ura.samples.Samples;
import dev.ura.samples.scenarios.Scenario;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For every original and each of its fixes, in both forms: the what-if that models the fix,
 * applied to the original, estimates the optimised twin's measured response time within 10 %.
 * Prints the error table (sample, form, baseline, estimate, twin, error %).
 */
class SampleWhatIfTest {
    private static final double MAX_ERROR_PERCENT = 10.0;

    @Test
    void estimatesMatchTheOptimisedTwins() {
        List<String> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        rows.add(String.format(Locale.ROOT, "%-22s %-6s %-44s %10s %10s %10s %8s", "sample", "form", "what-if",
                "baseline", "estimate", "twin", "error"));
        for (Scenario s : Samples.scenarios()) {
            for (Scenario.Fix fix : s.fixes()) {
                for (String ext : List.of("trace", "jsonl")) {
                    Analysis original = SampleRuns.analysis("/samples/" + s.name() + "." + ext);
                    Analysis twin = SampleRuns.analysis("/samples/" + s.name() + "-" + fix.id() + "." + ext);
                    assertThat(SampleRuns.caseStudies(original)).as(s.name()).hasSize(1);
                    assertThat(SampleRuns.caseStudies(twin)).as(s.name() + "-" + fix.id()).hasSize(1);
                    long baseline = SampleRuns.caseStudies(original).get(0).durationNs();
                    Estimate e = SampleRuns.estimate(original, SampleRuns.caseStudies(original).get(0).index(),
                            fix.whatIf());
                    long measured = SampleRuns.caseStudies(twin).get(0).durationNs();
                    double error = 100.0 * (e.durationNs() - measured) / measured;
                    rows.add(String.format(Locale.ROOT, "%-22s %-6s %-44s %7.1f ms %7.1f ms %7.1f ms %+7.1f %%",
                            s.name() + "-" + fix.id(), ext, fix.whatIf(), baseline / 1e6, e.durationNs() / 1e6,
                            measured / 1e6, error));
                    if (Math.abs(error) > MAX_ERROR_PERCENT) {
                        failures.add(rows.get(rows.size() - 1));
                    }
                }
            }
        }
        System.out.println(String.join("\n", rows));
        assertThat(failures).as("estimates more than %s %% off their twin", MAX_ERROR_PERCENT).isEmpty();
    }

    /**
     * For the originals whose fix the rules can see, a finding suggests it: its kind, and a target
     * naming the fixed work (the app method, or the framework call / event inside it).
     */
    private static final Map<String, List<String>> SUGGESTED = Map.of(
            "news-launch", List.of("defer", "FeedCache.write", "FileOutputStream.write", "WRITE"),
            "video-launch", List.of("parallel", "AdLoader.loadAd", "AdRequestTask.run"),
            "browser-page", List.of("defer", "TypedUrlStore.save", "SharedPreferencesImpl$EditorImpl.commit", "WRITE"),
            "game-menu", List.of("defer", "GameState.save", "SharedPreferencesImpl$EditorImpl.commit", "WRITE"),
            "click-asynctask", List.of("speedup", "NoteDao.queryNotes"));

    @Test
    void findingsSuggestTheCaseStudiesFixes() {
        SUGGESTED.forEach((name, expected) -> {
            for (String ext : List.of("trace", "jsonl")) {
                Analysis a = SampleRuns.analysis("/samples/" + name + "." + ext);
                List<Finding> findings = new FindingsAnalyzer().analyze(a.graph(SampleRuns.caseStudies(a).get(0).index()));
                List<String> targets = expected.subList(1, expected.size());
                assertThat(findings).as(name + "." + ext).anySatisfy(f -> {
                    assertThat(f.suggestionKind()).isEqualTo(expected.get(0));
                    assertThat(targets).anyMatch(t -> f.suggestion().target().describe().contains(t));
                });
            }
        });
    }

    /** The figures table in sample-traces/README.md is the one the engine produces. */
    @Test
    void readmeShowsTheCurrentFigures() throws IOException {
        String readme = Files.readString(SampleRuns.MODULE.resolve("README.md"));
        List<String> stale = new java.util.ArrayList<>();
        for (Scenario s : Samples.scenarios()) {
            Analysis original = SampleRuns.analysis("/samples/" + s.name() + ".trace");
            long baseline = SampleRuns.caseStudies(original).get(0).durationNs();
            for (Scenario.Fix fix : s.fixes()) {
                long twin = SampleRuns.caseStudies(SampleRuns.analysis("/samples/" + s.name() + "-" + fix.id() + ".trace"))
                        .get(0).durationNs();
                long estimate = SampleRuns.estimate(original, SampleRuns.caseStudies(original).get(0).index(),
                        fix.whatIf()).durationNs();
                String label = s.fixes().size() > 1 ? s.name() + " (" + fix.id() + ")" : s.name();
                String row = String.format(Locale.ROOT, "| %s | `%s` | %.1f ms | %.1f ms | %.1f %% | %.1f ms | %+.1f %% |",
                        label, fix.whatIf(), baseline / 1e6, twin / 1e6, 100.0 * (baseline - twin) / baseline,
                        estimate / 1e6, 100.0 * (estimate - twin) / twin);
                if (!readme.contains(row)) {
                    stale.add(row);
                }
            }
        }
        assertThat(stale).as("README rows that are not current (these are)").isEmpty();
    }
}
