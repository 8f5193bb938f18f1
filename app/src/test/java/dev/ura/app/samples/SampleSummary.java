package dev.ura.app.samples;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.findings.FindingsAnalyzer;
import dev.ura.samples.Samples;
import dev.ura.samples.scenarios.Scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The expected analysis of one sample as a golden document: each response (trigger, start, end,
 * the end event), a summary of its critical path (length, time per category, threads, how links
 * were made, the five longest segments), the engine's findings with their suggested changes and,
 * for an original, each fix's what-if with its estimate and the twin it should predict.
 */
final class SampleSummary {
    private static final int LONGEST = 5;

    private SampleSummary() {
    }

    static Map<String, Object> of(Samples.Sample sample) {
        Analysis a = SampleRuns.analysis(sample.resource());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file", sample.fileName());
        doc.put("description", sample.description());
        doc.put("twinOf", sample.twinOf());
        List<Object> responses = new ArrayList<>();
        for (Response r : a.responses()) {
            responses.add(response(a, r, scenario(sample)));
        }
        doc.put("responses", responses);
        return doc;
    }

    private static Scenario scenario(Samples.Sample sample) {
        if (sample.twinOf() != null) {
            return null;
        }
        return Samples.scenarios().stream().filter(s -> s.name().equals(sample.name())).findFirst().orElse(null);
    }

    private static Map<String, Object> response(Analysis a, Response r, Scenario scenario) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", r.index());
        m.put("trigger", r.trigger());
        m.put("thread", r.threadName());
        m.put("startNs", r.startNs());
        m.put("endNs", r.endNs());
        m.put("durationNs", r.durationNs());
        m.put("finished", r.finished());
        if (r.end() != null) {
            Map<String, Object> end = new LinkedHashMap<>();
            end.put("thread", r.end().threadName());
            end.put("kind", r.end().kind().name());
            end.put("name", r.end().name());
            end.put("atNs", r.end().atNs());
            m.put("end", end);
        }
        m.put("trackedWorkEndNs", SampleGroundTruthTest.trackedWorkEnd(a.work(r.index())));
        m.put("criticalPath", path(a.criticalPath(r.index())));
        m.put("findings", findings(a, r.index()));
        if (scenario != null) {
            List<Object> whatIfs = new ArrayList<>();
            for (Scenario.Fix fix : scenario.fixes()) {
                Estimate e = SampleRuns.estimate(a, r.index(), fix.whatIf());
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("fix", fix.description());
                w.put("arguments", List.of(fix.whatIf().arguments()));
                w.put("twin", scenario.name() + "-" + fix.id());
                w.put("estimatedEndNs", e.endNs());
                w.put("estimatedDurationNs", e.durationNs());
                w.put("savedNs", e.savedNs());
                w.put("savedPercent", Math.round(e.savedPercent() * 10) / 10.0);
                whatIfs.add(w);
            }
            m.put("whatIf", whatIfs);
        }
        return m;
    }

    private static List<Object> findings(Analysis a, int index) {
        List<Object> out = new ArrayList<>();
        for (Finding f : new FindingsAnalyzer().analyze(a.graph(index))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rule", f.rule());
            m.put("severity", f.severity());
            m.put("message", f.message());
            m.put("evidenceNs", List.of(f.evidenceStartNs(), f.evidenceEndNs()));
            m.put("suggestion", f.suggestionKind());
            m.put("change", f.suggestion() == null ? null : f.suggestion().describe());
            m.put("estimatedSavingNs", f.estimatedSavingNs());
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> path(CriticalPath p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("segments", p.segments().size());
        m.put("lengthNs", p.lengthNs());
        Map<String, Long> byCategory = new TreeMap<>();
        Map<String, Integer> byVia = new TreeMap<>();
        LinkedHashSet<String> threads = new LinkedHashSet<>();
        for (Segment s : p.segments()) {
            byCategory.merge(s.category().label(), s.durationNs(), Long::sum);
            if (s.via() != null && !s.threadName().isEmpty()) {
                byVia.merge(s.via().label(), 1, Integer::sum);
            }
            threads.add(s.threadName());
        }
        m.put("byCategoryNs", byCategory);
        m.put("threads", List.copyOf(threads));
        m.put("links", byVia);
        List<Segment> longest = new ArrayList<>(p.segments());
        longest.sort(Comparator.comparingLong(Segment::durationNs).reversed().thenComparingLong(Segment::startNs));
        List<Object> top = new ArrayList<>();
        for (Segment s : longest.subList(0, Math.min(LONGEST, longest.size()))) {
            Map<String, Object> seg = new LinkedHashMap<>();
            seg.put("thread", s.threadName());
            seg.put("name", s.name());
            seg.put("category", s.category().label());
            seg.put("startNs", s.startNs());
            seg.put("durationNs", s.durationNs());
            top.add(seg);
        }
        m.put("longest", top);
        return m;
    }
}
