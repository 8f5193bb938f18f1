package dev.ura.app.samples;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.samples.Samples;
import dev.ura.samples.scenarios.WhatIf;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Loads bundled samples once per test run and applies their what-ifs through the engine. */
final class SampleRuns {
    /** The sample-traces module, from the app module's working directory. */
    static final Path MODULE = locateModule();

    private static final Map<String, Analysis> CACHE = new ConcurrentHashMap<>();

    private SampleRuns() {
    }

    private static Path locateModule() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-traces").resolve("expected"))) {
                return p.resolve("sample-traces");
            }
        }
        throw new IllegalStateException("no sample-traces module above " + here);
    }

    /** The analysis of a bundled file, e.g. {@code /samples/news-launch.trace}. */
    static Analysis analysis(String resource) {
        return CACHE.computeIfAbsent(resource, r -> {
            try {
                return Analysis.of(Samples.read(r, Progress.NONE));
            } catch (TraceFormatException e) {
                throw new IllegalStateException("bundled sample does not read: " + r, e);
            }
        });
    }

    /**
     * The responses a sample's case study is about: all but those to a bare input event that ran no
     * handler of the app (the finger's down before the tap, which only draws the pressed state; every
     * delivered input event is a response of its own, docs/android-method-rules.md "Inputs").
     */
    static java.util.List<dev.ura.app.analysis.model.Response> caseStudies(Analysis a) {
        return a.responses().stream().filter(r -> !isBareInput(r.trigger())).toList();
    }

    /** Whether a response's trigger names a bare input event ({@code touch input}, {@code input}). */
    static boolean isBareInput(String trigger) {
        return trigger.equals("input") || trigger.endsWith(" input");
    }

    /** The first response of an {@code analyze --json} document that is not to a bare input event. */
    static com.fasterxml.jackson.databind.JsonNode caseStudy(com.fasterxml.jackson.databind.JsonNode analyze) {
        for (com.fasterxml.jackson.databind.JsonNode r : analyze.get("responses")) {
            if (!isBareInput(r.get("trigger").asText())) {
                return r;
            }
        }
        throw new AssertionError("no case-study response in " + analyze);
    }

    /** The engine's change for a sample's what-if. */
    static Change change(WhatIf w) {
        SliceSelector.ByName target = new SliceSelector.ByName(w.pattern());
        return switch (w.flag()) {
            case "defer" -> new Change.Defer(target);
            case "parallel" -> new Change.RunInParallel(target);
            case "speedup" -> new Change.SpeedUp(target, w.factor());
            default -> throw new IllegalArgumentException("unknown what-if " + w);
        };
    }

    /** The estimate of response {@code index} of {@code a} under {@code w}. */
    static Estimate estimate(Analysis a, int index, WhatIf w) {
        return new WhatIfEstimator(a.graph(index)).estimate(new Scenario(java.util.List.of(change(w))));
    }
}
