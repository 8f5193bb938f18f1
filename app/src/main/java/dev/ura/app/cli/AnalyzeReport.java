package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.response.ResponseCandidates;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The {@code analyze --json} document (field order is the contract's, docs/cli.md).
 * {@code noResponseReason} is an addition: present only when no response was found; so is
 * {@code warnings} (the reader's repairs, the linking's guesses and each response's graph
 * repairs), present only when there are some.
 */
@JsonPropertyOrder({"file", "responses", "noResponseReason", "candidates", "warnings", "traceStartNs"})
record AnalyzeReport(String file, List<ResponseReport> responses,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String noResponseReason,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<CandidateReport> candidates,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings,
                     long traceStartNs) {

    /** Every warning of the reading, the linking and each response's graph, once each, in that order. */
    static List<String> warningsOf(Analysis analysis) {
        LinkedHashSet<String> all = new LinkedHashSet<>(analysis.trace().warnings());
        all.addAll(analysis.warnings());
        for (int i = 0; i < analysis.responses().size(); i++) {
            for (String w : analysis.graph(i).warnings()) {
                all.add("response " + i + ": " + w);
            }
        }
        return List.copyOf(all);
    }

    /** An addition: when no response is found, the longest main-thread work, to set one by hand. */
    @JsonPropertyOrder({"name", "thread", "startNs", "endNs", "durationNs"})
    record CandidateReport(String name, String thread, long startNs, long endNs, long durationNs) {
        static List<CandidateReport> of(List<ResponseCandidates.Candidate> candidates) {
            List<CandidateReport> out = new ArrayList<>(candidates.size());
            for (ResponseCandidates.Candidate c : candidates) {
                out.add(new CandidateReport(c.name(), c.threadName(), c.startNs(), c.endNs(), c.durationNs()));
            }
            return out;
        }
    }

    /**
     * {@code setByHand} is an addition: present (true) only for a response the user set by hand;
     * {@code cutOff} too: present (true) only when the response's work was still running at the trace end;
     * {@code gesture} too: present only for a response to a delivered input event (the gesture
     * number it belongs to, docs/android-method-rules.md "Gestures"); so
     * are the system-trace fields ({@link SystemResponseReport}), unwrapped, present only on system traces.
     * {@code startOffsetNs} / {@code endOffsetNs} (additions) are {@code startNs} / {@code endNs} from the trace's
     * start ({@code traceStartNs} at the top), as the window's axis and the exported pictures read them.
     */
    @JsonPropertyOrder({"index", "trigger", "thread", "startNs", "endNs", "durationNs", "finished", "end",
            "criticalPath", "findings", "whatIf", "setByHand", "gesture", "cutOff", "startOffsetNs", "endOffsetNs"})
    record ResponseReport(int index, String trigger, String thread, long startNs, long endNs, long durationNs,
                          boolean finished, EndReport end, List<SegmentReport> criticalPath,
                          List<FindingReport> findings,
                          @JsonInclude(JsonInclude.Include.NON_NULL) WhatIfReport whatIf,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean setByHand,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer gesture,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean cutOff,
                          long startOffsetNs, long endOffsetNs,
                          @JsonUnwrapped SystemResponseReport system) {
    }

    /** A finding; {@code change} and {@code estimatedSavingNs} are additions to the contract. */
    @JsonPropertyOrder({"rule", "severity", "message", "evidenceNs", "suggestion", "change", "estimatedSavingNs"})
    record FindingReport(String rule, String severity, String message, long[] evidenceNs, String suggestion,
                         String change, long estimatedSavingNs) {
        static List<FindingReport> of(List<Finding> findings) {
            List<FindingReport> out = new ArrayList<>(findings.size());
            for (Finding f : findings) {
                out.add(new FindingReport(f.rule(), f.severity(), f.message(),
                        new long[] {f.evidenceStartNs(), f.evidenceEndNs()}, f.suggestionKind(),
                        f.suggestion() == null ? null : f.suggestion().describe(), f.estimatedSavingNs()));
            }
            return out;
        }
    }

    /**
     * {@code unmatched} (an addition): the patterns that select nothing in this response, when some do;
     * {@code pathTimeNs}, {@code reason} and {@code frame} (additions, docs/what-if.md): the time the
     * changes take off the recorded path, why nothing is saved, which vsync the draw moved across;
     * {@code assumption} and {@code range} (additions): what the estimate assumed about durations, and
     * the estimate with the moved work's waiting pieces at the fastest and slowest the trace shows.
     */
    @JsonPropertyOrder({"estimatedEndNs", "estimatedDurationNs", "savedNs", "savedPercent", "criticalPath",
            "unmatched", "pathTimeNs", "reason", "frame", "assumption", "range"})
    record WhatIfReport(long estimatedEndNs, long estimatedDurationNs, long savedNs, double savedPercent,
                        List<SegmentReport> criticalPath,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> unmatched,
                        long pathTimeNs,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String frame,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String savedIn,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String assumption,
                        @JsonInclude(JsonInclude.Include.NON_NULL) RangeReport range) {
        static WhatIfReport of(Estimate e, List<Change> unmatched) {
            return of(e, unmatched, null);
        }

        /** @param savedIn the sidecar the changes were saved in, or null for the command's flags */
        static WhatIfReport of(Estimate e, List<Change> unmatched, String savedIn) {
            List<String> patterns = new ArrayList<>();
            for (Change c : unmatched) {
                patterns.add(c.target().describe());
            }
            return new WhatIfReport(e.endNs(), e.durationNs(), e.savedNs(), Math.round(e.savedPercent() * 100) / 100.0,
                    SegmentReport.of(e.path()), patterns, e.pathTimeNs(), e.reason(), e.frame(), savedIn,
                    e.assumption(), e.range() == null ? null
                    : new RangeReport(e.range().lowDurationNs(), e.range().highDurationNs(), e.range().evidence()));
        }
    }

    /** The estimated response time with the moved waiting work at its fastest and slowest recorded duration. */
    @JsonPropertyOrder({"lowDurationNs", "highDurationNs", "evidence"})
    record RangeReport(long lowDurationNs, long highDurationNs, String evidence) {
    }

    @JsonPropertyOrder({"thread", "kind", "name", "atNs"})
    record EndReport(String thread, String kind, String name, long atNs) {
        static EndReport of(EndEvent e) {
            return e == null ? null : new EndReport(e.threadName(), e.kind().name(), e.name(), e.atNs());
        }
    }

    @JsonPropertyOrder({"thread", "name", "startNs", "endNs", "category", "via", "slackNs", "queuedBehind"})
    record SegmentReport(String thread, String name, long startNs, long endNs, String category, String via,
                         long slackNs, @JsonInclude(JsonInclude.Include.NON_NULL) String queuedBehind) {
        static List<SegmentReport> of(CriticalPath path) {
            List<SegmentReport> out = new ArrayList<>(path.segments().size());
            for (Segment s : path.segments()) {
                out.add(new SegmentReport(s.threadName(), s.name(), s.startNs(), s.endNs(), s.category().label(),
                        s.via() == null ? null : s.via().label(), s.slackNs(), s.queuedBehind()));
            }
            return out;
        }
    }

    /** The document; {@code whatIf} is filled only when {@code scenario} has changes. */
    static AnalyzeReport of(String file, Analysis analysis, Scenario scenario) {
        return of(file, analysis, ResponseScenarios.of(scenario));
    }

    /** The document with each response's own scenario (the flags', or the one saved in the sidecar). */
    static AnalyzeReport of(String file, Analysis analysis, ResponseScenarios scenarios) {
        List<ResponseReport> rs = new ArrayList<>();
        long base = analysis.trace().firstTimeNs();
        for (Response r : analysis.responses()) {
            Scenario scenario = scenarios.of(r.index());
            WhatIfReport whatIf = scenario.isEmpty() ? null : WhatIfReport.of(analysis.estimate(r.index(), scenario),
                    analysis.unmatchedChanges(r.index(), scenario), scenarios.isSaved(r.index()) ? scenarios.sidecar() : null);
            SystemResponseReport system = analysis.systemWork(r.index())
                    .map(w -> SystemResponseReport.of(analysis.trace(), w, analysis.criticalPath(r.index()))).orElse(null);
            rs.add(new ResponseReport(r.index(), r.trigger(), r.threadName(), r.startNs(), r.endNs(), r.durationNs(),
                    r.finished(), EndReport.of(r.end()),
                    SegmentReport.of(analysis.criticalPath(r.index())), FindingReport.of(analysis.findings(r.index())), whatIf,
                    r.setByHand() ? Boolean.TRUE : null, r.gesture() == Response.NO_GESTURE ? null : r.gesture(),
                    analysis.cutOff(r.index()) ? Boolean.TRUE : null, r.startNs() - base, r.endNs() - base, system));
        }
        return new AnalyzeReport(file, rs, analysis.noResponseReason().orElse(null),
                CandidateReport.of(analysis.responseCandidates()), warningsOf(analysis), base);
    }
}
