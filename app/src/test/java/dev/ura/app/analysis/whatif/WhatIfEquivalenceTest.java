package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.io.Progress;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A guard for work on the estimator's speed: the estimates of many changes on every sample trace,
 * on random agent logs (those of {@link SavingBoundPropertyTest}) and on real system captures must
 * stay byte-identical to the ones recorded in {@code whatif-estimates.golden} (one line per file:
 * the SHA-256 of every estimate's full text, {@link Estimate#toString()}, path segments included,
 * in a fixed order). The golden file was recorded from the estimator before the speed work; it
 * says nothing about whether the estimates are right (the rule tests do), only that a change meant
 * to be a pure speed-up did not alter a single figure. A deliberate change of the rules re-records
 * it: {@code -Dura.recordWhatIfGolden=true} writes the file from the code under test.
 */
class WhatIfEquivalenceTest {
    private static final Path GOLDEN = Path.of("src/test/resources/dev/ura/app/analysis/whatif/whatif-estimates.golden");
    private static final Path SAMPLES = Path.of("../sample-traces/samples");
    /** Real captures with scheduler data (skipped, with their lines, when the shared folder is absent). */
    private static final List<String> REAL = List.of("traces/system-real/catapult__tracing_test_data_android_systrace.html",
            "traces/system-real/trappy__trace_surfaceflinger.html");
    private static final int MAX_RESPONSES = 12;
    private static final int MAX_NAMES = 5;

    @Test
    void estimatesAreTheRecordedOnes() throws Exception {
        Map<String, String> now = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> s = Stream.concat(Files.list(SAMPLES), Files.list(SAMPLES.resolve("system")))) {
            files = s.filter(p -> p.toString().matches(".*\\.(trace|jsonl|perfetto-trace)")).sorted().toList();
        }
        for (Path f : files) {
            now.put("sample " + SAMPLES.relativize(f), digest("sample " + f.getFileName(),
                    Analysis.of(TraceSession.load(f, Progress.NONE))));
        }
        for (int seed = 0; seed < 60; seed++) {
            now.put("random log " + seed, digest("random log " + seed, AgentLogText.analyse(SavingBoundPropertyTest.randomLog(new Random(seed)))));
        }
        boolean shared = Files.isDirectory(SharedFiles.root().resolve("traces/system-real"));
        for (String r : REAL) {
            Path p = SharedFiles.root().resolve(r);
            if (shared && Files.exists(p)) {
                now.put("real " + p.getFileName(), digest("real " + p.getFileName(),
                        Analysis.of(TraceSession.load(p, Progress.NONE))));
            }
        }
        if (Boolean.getBoolean("ura.recordWhatIfGolden")) {
            record(now);
            return;
        }
        Map<String, String> golden = read();
        for (Map.Entry<String, String> e : now.entrySet()) {
            assertThat(golden).as("a golden line for %s", e.getKey()).containsKey(e.getKey());
            assertThat(e.getValue()).as("estimates of %s", e.getKey()).isEqualTo(golden.get(e.getKey()));
        }
        long expected = golden.keySet().stream().filter(k -> shared || !k.startsWith("real ")).count();
        assertThat(now).as("files compared").hasSize((int) expected);
    }

    /**
     * Every estimate of a trace in a fixed order: per response (the first {@value #MAX_RESPONSES}),
     * the slices named on its recorded critical path (the first {@value #MAX_NAMES} names, and the
     * first path slice exactly), each deferred, run in parallel, side by side, sped up ×2 and ×1.1,
     * then two of them together. With {@code -Dura.dumpWhatIfText=DIR} the texts are also written
     * to {@code DIR/<key>.txt}, so a re-recording can be reviewed line by line against the old code's.
     */
    private static String digest(String key, Analysis a) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        String dump = System.getProperty("ura.dumpWhatIfText");
        StringBuilder texts = new StringBuilder();
        int estimates = 0;
        for (int i = 0; i < Math.min(MAX_RESPONSES, a.responses().size()); i++) {
            List<SliceSelector> targets = new ArrayList<>();
            Set<String> names = new LinkedHashSet<>();
            SliceSelector.Exact exact = null;
            for (Segment s : a.criticalPath(i).segments()) {
                if (s.call() == null) {
                    continue;
                }
                if (exact == null) {
                    exact = new SliceSelector.Exact(s.call(), s.name());
                }
                if (names.size() < MAX_NAMES && !s.name().contains("*")) {
                    names.add(s.name());
                }
            }
            names.forEach(n -> targets.add(new SliceSelector.ByName(n)));
            if (exact != null) {
                targets.add(exact);
            }
            List<Scenario> scenarios = new ArrayList<>();
            for (SliceSelector t : targets) {
                scenarios.add(Scenario.BASELINE.with(new Change.Defer(t)));
                scenarios.add(Scenario.BASELINE.with(new Change.RunInParallel(t)));
                scenarios.add(Scenario.BASELINE.with(new Change.SideBySide(t)));
                scenarios.add(Scenario.BASELINE.with(new Change.SpeedUp(t, 2)));
                scenarios.add(Scenario.BASELINE.with(new Change.SpeedUp(t, 1.1)));
            }
            if (targets.size() >= 2) {
                scenarios.add(Scenario.BASELINE.with(new Change.SpeedUp(targets.get(0), 3))
                        .with(new Change.RunInParallel(targets.get(1))));
            }
            for (Scenario s : scenarios) {
                String text = i + " " + s + " -> " + (a.unmatchedChanges(i, s).isEmpty() ? figures(a.estimate(i, s)) : "unmatched");
                md.update(text.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
                texts.append(text).append('\n');
                estimates++;
            }
        }
        if (dump != null) {
            Files.createDirectories(Path.of(dump));
            Files.writeString(Path.of(dump, key.replaceAll("[^A-Za-z0-9._-]", "_") + ".txt"), texts);
        }
        return estimates + " " + HexFormat.of().formatHex(md.digest());
    }

    /**
     * The estimate's figures and words as the golden file recorded them: the assumption and range
     * came later (docs/what-if.md, "Assumption and range") and have their own known-answer tests.
     */
    private static String figures(Estimate e) {
        String text = new Estimate(e.endNs(), e.durationNs(), e.savedNs(), e.savedPercent(), e.path(), e.pathTimeNs(),
                e.reason(), e.frame(), null, null).toString();
        String later = ", assumption=null, range=null]";
        assertThat(text).endsWith(later);
        return text.substring(0, text.length() - later.length()) + "]";
    }

    private static Map<String, String> read() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(GOLDEN)) {
            int tab = line.indexOf('\t');
            if (!line.startsWith("#") && tab > 0) {
                out.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return out;
    }

    private static void record(Map<String, String> now) throws IOException {
        StringBuilder sb = new StringBuilder("# WhatIfEquivalenceTest: per file, the number of estimates and the SHA-256"
                + " of their text\n");
        now.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        Files.createDirectories(GOLDEN.getParent());
        Files.writeString(GOLDEN, sb.toString());
    }
}
