package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.ThreadPathTotal;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.app.analysis.response.ResponseCandidates;
import dev.ura.app.render.PathRows;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The readable form of {@code ura analyze}: responses, their end, critical path table in ms. */
final class AnalyzeTextReport {
    /** Warnings printed before the responses; the JSON form lists all. */
    private static final int MAX_WARNINGS = 10;

    private final String file;
    private final Analysis analysis;
    private final ResponseScenarios scenarios;
    /** Subtracted from every time printed: the trace's first time with {@code --relative}, else 0 (the file's clock). */
    private final long base;

    AnalyzeTextReport(String file, Analysis analysis, ResponseScenarios scenarios, boolean relative) {
        this.file = file;
        this.analysis = analysis;
        this.scenarios = scenarios;
        this.base = relative ? analysis.trace().firstTimeNs() : 0;
    }

    /** A point in time, in ms with one decimal, on the clock the report uses. */
    private String at(long ns) {
        return Durations.ms(ns - base);
    }

    void print(PrintWriter out) {
        out.printf("%s%n", file);
        out.printf("  events    %,d %s%n", analysis.events().size(), analysis.systemResponses()
                ? "derived from the system trace (docs/system-responses.md)" : analysis.eventsDerived()
                ? "derived from method names (" + analysis.options().rules().source() + ")" : "from the log");
        out.printf("  links     %s%n", linkSummary());
        if (base != 0) {
            out.printf("  times     ms from the trace's start (%s ms on its clock), as the window's axis reads%n",
                    Durations.ms(base));
        }
        List<String> warnings = AnalyzeReport.warningsOf(analysis);
        if (!warnings.isEmpty()) {
            out.printf("  warnings  %d%n", warnings.size());
            for (String w : warnings.subList(0, Math.min(warnings.size(), MAX_WARNINGS))) {
                out.printf("    %s%n", w);
            }
            if (warnings.size() > MAX_WARNINGS) {
                out.printf("    … %d more (--json lists them all)%n", warnings.size() - MAX_WARNINGS);
            }
        }
        if (analysis.responses().isEmpty()) {
            out.printf("  no response: %s%n", analysis.noResponseReason().orElse("none found"));
            printCandidates(out);
            out.flush();
            return;
        }
        out.printf("  responses %d%n", analysis.responses().size());
        for (Response r : analysis.responses()) {
            printResponse(out, r);
        }
        out.flush();
    }

    private void printCandidates(PrintWriter out) {
        List<ResponseCandidates.Candidate> candidates = analysis.responseCandidates();
        if (candidates.isEmpty()) {
            return;
        }
        out.printf("  nearest candidates, the longest work on %s (analyse one with --from/--to):%n",
                candidates.get(0).threadName());
        for (ResponseCandidates.Candidate c : candidates) {
            out.printf("    %s  %s  --from %d --to %d%n", Durations.format(c.durationNs()), c.name(), c.startNs(),
                    c.endNs());
        }
    }

    private String linkSummary() {
        if (analysis.links().isEmpty()) {
            return "none";
        }
        Map<LinkKind, Integer> counts = new EnumMap<>(LinkKind.class);
        for (Link l : analysis.links()) {
            counts.merge(l.via(), 1, Integer::sum);
        }
        StringBuilder sb = new StringBuilder().append(analysis.links().size()).append(" (");
        counts.forEach((k, n) -> sb.append(sb.charAt(sb.length() - 1) == '(' ? "" : ", ").append(n).append(' ')
                .append(k.label()));
        return sb.append(')').toString();
    }

    /** {@code , gesture 2 (input 3 of 5)} for a response to a delivered input event, else empty. */
    private String gesture(Response r) {
        if (r.gesture() == Response.NO_GESTURE) {
            return "";
        }
        int of = 0;
        int at = 0;
        for (Response x : analysis.responses()) {
            if (x.gesture() == r.gesture()) {
                of++;
                if (x.index() <= r.index()) {
                    at = of;
                }
            }
        }
        return ", gesture " + r.gesture() + " (input " + at + " of " + of + ")";
    }

    private void printResponse(PrintWriter out, Response r) {
        out.println();
        out.printf("Response %d: %s on %s%s%n", r.index(), r.trigger(), r.threadName(), gesture(r));
        if (r.setByHand() && analysis.responseByHand() != null) {
            out.printf("  set by hand (%s)%n", analysis.responseByHand().describe());
        }
        ResponseDescription d = analysis.describe(r.index());
        out.printf("  %s, from %s ms to %s ms%s%n", Durations.format(r.durationNs()), at(r.startNs()),
                at(r.endNs()), r.finished() ? "" : "  (" + d.unfinished() + ")");
        if (analysis.cutOff(r.index())) {
            out.printf("  CUT OFF: its work was still running when the trace ends; it took at least this long%n");
        }
        if (r.end() == null && d.endsAtDrawnFrame()) {
            out.printf("  %s; ends where its tracked work ends%n", SystemWork.NO_FRAME.equals(d.unfinishedReason())
                    ? "no frame was requested" : "no frame of the trace draws all of it");
        } else if (r.end() != null) {
            out.printf("  ends with %s %s on %s at %s ms%n", r.end().kind(), r.end().name(), r.end().threadName(),
                    at(r.end().atNs()));
        } else {
            out.printf("  no requested update was drawn; ends where its %s ends%s%n",
                    analysis.events().kind(analysis.work(r.index()).triggerEvent()).name().equals("START_ACTIVITY")
                            ? "activity start" : "input handler",
                    r.finished() ? " (its work requested no update)" : "");
        }
        analysis.systemWork(r.index()).ifPresent(w -> printSystem(out, w, r.setByHand()));
        CriticalPath path = analysis.criticalPath(r.index());
        out.printf("  critical path (%d segments, %s ms):%n", path.segments().size(), Durations.ms(path.lengthNs()));
        printPath(out, path);
        if (d.pathBySchedulerState()) {
            printByThread(out, path);
        }
        printFindings(out, analysis.findings(r.index()));
        Scenario scenario = scenarios.of(r.index());
        if (!scenario.isEmpty()) {
            Estimate e = analysis.estimate(r.index(), scenario);
            out.printf("  what if %s%s:%n", describe(scenario),
                    scenarios.isSaved(r.index()) ? " (saved in " + scenarios.sidecar() + ")" : "");
            out.printf("    %s instead of %s: saves %s (%.1f%%), ends at %s ms%n", Durations.format(e.durationNs()),
                    Durations.format(r.durationNs()), Durations.format(e.savedNs()), e.savedPercent(),
                    at(e.endNs()));
            if (e.range() != null) {
                out.printf("    range: %s–%s (%s)%n", Durations.format(e.range().lowDurationNs()),
                        Durations.format(e.range().highDurationNs()), e.range().evidence());
            }
            out.printf("    assumes: %s%n", e.assumption());
            if (e.reason() != null) {
                out.printf("    why: %s%n", e.reason());
            }
            if (e.frame() != null) {
                out.printf("    frame: %s%n", e.frame());
            }
            for (Change c : analysis.unmatchedChanges(r.index(), scenario)) {
                out.printf("    %s '%s' matches nothing in this response%n", WhatIfFlags.flagOf(c),
                        c.target().describe());
            }
            out.printf("    estimated critical path (%d segments):%n", e.path().segments().size());
            printPath(out, e.path());
        }
    }

    /** Each thread's share of a system response's path, by category (docs/system-responses.md §4). */
    private void printByThread(PrintWriter out, CriticalPath path) {
        out.printf("  path by thread (ms):%n");
        out.printf("    %-24s %9s %9s %9s %9s %9s%n", "thread", "cpu", "runnable", "io", "wait", "other");
        for (ThreadPathTotal t : path.byThread()) {
            out.printf("    %-24s %9s %9s %9s %9s %9s%n", clip(t.threadName() + " " + tid(t.thread()), 24),
                    ms3(t.cpuNs()), ms3(t.runnableNs()), ms3(t.ioNs()), ms3(t.waitNs()), ms3(t.otherNs()));
        }
    }

    /** Milliseconds to the µs: a thread's share is often well under the table's 0.1 ms. */
    private static String ms3(long ns) {
        return String.format(java.util.Locale.ROOT, "%.3f", ns / 1e6);
    }

    private long tid(int thread) {
        return analysis.trace().system().threads().get(thread).tid();
    }

    /** Drawn at, on screen at and where the start came from, for a system trace's response. */
    private void printSystem(PrintWriter out, SystemWork w, boolean byHand) {
        if (!byHand) { // a window set by hand starts and ends where the user said
            out.printf("  starts at the input's %s%n", w.inputTimeConverted() ? "eventTimeNano (on the trace clock)"
                    : "handler slice");
        }
        if (w.drawnAtNs() >= 0) {
            out.printf("  drawn at %s ms (frame %s), on screen at %s%n", at(w.drawnAtNs()),
                    w.vsyncId() < 0 ? "without vsync id" : w.vsyncId(),
                    w.onScreenAtNs() < 0 ? "unknown (no FrameTimeline for this frame)" : at(w.onScreenAtNs()) + " ms");
            if (w.endReason() != null) {
                out.printf("  %s%n", w.endReason());
            }
        }
        out.printf("  tracked work: %d stretches on %d threads%n", w.stretches().size(),
                w.stretches().stream().mapToInt(TrackedStretch::thread).distinct().count());
    }

    private void printFindings(PrintWriter out, List<Finding> findings) {
        if (findings.isEmpty()) {
            out.printf("  findings: none%n");
            return;
        }
        out.printf("  findings:%n");
        for (Finding f : findings) {
            out.printf("    [%s] %s: %s%n", f.severity(), f.rule(), f.message());
            out.printf("      evidence %s–%s ms", at(f.evidenceStartNs()), at(f.evidenceEndNs()));
            if (f.suggestion() != null) {
                out.printf("; fix: %s, saves about %s", f.suggestion().describe(), Durations.format(f.estimatedSavingNs()));
            }
            out.println();
        }
    }

    private static String describe(Scenario scenario) {
        StringBuilder sb = new StringBuilder();
        for (Change c : scenario.changes()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(c.describe());
        }
        return sb.toString();
    }

    private void printPath(PrintWriter out, CriticalPath path) {
        out.printf("    %10s %9s %9s  %-18s %-8s %-13s %s%n", "start ms", "dur ms", "slack ms", "thread", "category", "via",
                "name");
        for (PathRows.Row r : PathRows.of(path.segments())) {
            out.printf("    %10s %9s %9s  %-18s %-8s %-13s %s%n", at(r.startNs()), Durations.ms(r.durationNs()),
                    r.slackNs() == Long.MAX_VALUE ? "-" : Durations.ms(r.slackNs()), clip(r.thread(), 18),
                    r.category().label(), r.via() == null ? "-" : r.via().label(), r.label());
        }
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
