package dev.ura.app.report;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.render.PathRows;
import dev.ura.app.render.TimeFormat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The content of a bug report on one response: the picture, the trace's facts, every response in
 * a table (the reported one in bold), why the reported one ended where it did, its longest
 * critical-path stretches, its findings with their evidence and suggested fix, and the what-if
 * scenario with its saving, change by change.
 */
public final class ReportBuilder {
    /** Critical-path rows listed: enough to name what decided the time, few enough to read. */
    static final int TOP_SEGMENTS = 10;

    private ReportBuilder() {
    }

    /**
     * @param file  the trace's file name
     * @param image the picture's file name (Markdown) and bytes (HTML), or {@code null} for none
     */
    public static ReportDoc build(String file, Analysis analysis, int response, Scenario scenario, String imageFile,
                                  byte[] png) {
        return build(new ReportDoc(), file, analysis, response, scenario, imageFile, png, true);
    }

    /** Appends the report on one response to {@code doc}; {@code withTable} adds the table of every response. */
    public static ReportDoc build(ReportDoc doc, String file, Analysis analysis, int response, Scenario scenario,
                                  String imageFile, byte[] png, boolean withTable) {
        Response r = analysis.responses().get(response);
        doc.add(new ReportDoc.Heading(1, "Response " + ResponseText.title(r) + ": " + TimeFormat.duration(r.durationNs())));
        doc.add(new ReportDoc.Paragraph("Trace", file + " — " + ResponseText.facts(analysis.trace())));
        doc.add(new ReportDoc.Paragraph("End", ResponseText.ending(analysis, r)));
        String whatIf = ResponseText.whatIf(analysis, r, scenario);
        if (whatIf != null) {
            doc.add(new ReportDoc.Paragraph("What-if", whatIf));
            doc.add(new ReportDoc.Paragraph("Assumes", analysis.estimate(r.index(), scenario).assumption()));
        }
        if (imageFile != null) {
            doc.add(new ReportDoc.Image("response " + ResponseText.title(r), imageFile, png));
        }
        if (withTable) {
            doc.add(new ReportDoc.Heading(2, "Responses"));
            doc.add(responses(analysis, response));
        }
        doc.add(new ReportDoc.Heading(2, "Longest critical-path segments"));
        doc.add(segments(analysis, r));
        doc.add(new ReportDoc.Heading(2, "Findings"));
        List<Finding> findings = analysis.findings(response);
        if (findings.isEmpty()) {
            doc.add(new ReportDoc.Paragraph("", "None: no rule found anything worth fixing in this response."));
        } else {
            doc.add(findings(analysis, findings));
        }
        if (scenario != null && !scenario.isEmpty()) {
            doc.add(new ReportDoc.Heading(2, "What-if"));
            doc.add(whatIfTable(analysis, r, scenario));
        }
        doc.add(new ReportDoc.Paragraph("", "Times are from the trace's start, as the picture's axis reads them; durations as measured. Made with ura."));
        return doc;
    }

    private static ReportDoc.Table responses(Analysis analysis, int selected) {
        long base = analysis.trace().firstTimeNs();
        List<List<String>> rows = new ArrayList<>();
        for (Response r : analysis.responses()) {
            String mark = r.index() == selected ? "▶ " : "";
            String end = r.end() == null ? "no requested draw" : r.end().kind().name().toLowerCase(Locale.ROOT) + " "
                    + shortName(r.end().name());
            rows.add(List.of(mark + r.index(), r.trigger(), r.threadName(), ResponseText.ms(r.startNs() - base),
                    TimeFormat.duration(r.durationNs()), end + (analysis.cutOff(r.index()) ? " (cut off by the trace end)" : r.finished() ? "" : " (unfinished)")));
        }
        return new ReportDoc.Table(List.of("#", "trigger", "thread", "start", "duration", "ends with"), "rllrrl", rows);
    }

    private static ReportDoc.Table segments(Analysis analysis, Response r) {
        long base = analysis.trace().firstTimeNs();
        List<PathRows.Row> rows = new ArrayList<>(PathRows.of(analysis.criticalPath(r.index()).segments()));
        rows.sort(Comparator.comparingLong((PathRows.Row x) -> -x.durationNs()).thenComparingLong(PathRows.Row::startNs));
        List<List<String>> out = new ArrayList<>();
        for (PathRows.Row row : rows.subList(0, Math.min(TOP_SEGMENTS, rows.size()))) {
            out.add(List.of(TimeFormat.duration(row.durationNs()), percent(row.durationNs(), r.durationNs()),
                    row.thread(), row.category().label(), row.label(), ResponseText.ms(row.startNs() - base)));
        }
        return new ReportDoc.Table(List.of("duration", "share", "thread", "category", "work", "starts at"), "rrlllr", out);
    }

    private static ReportDoc.Bullets findings(Analysis analysis, List<Finding> findings) {
        long base = analysis.trace().firstTimeNs();
        List<ReportDoc.Paragraph> items = new ArrayList<>();
        for (Finding f : findings) {
            StringBuilder text = new StringBuilder(f.rule()).append(": ").append(f.message());
            text.append(" Evidence: ").append(ResponseText.ms(f.evidenceStartNs() - base)).append(" to ")
                    .append(ResponseText.ms(f.evidenceEndNs() - base));
            if (f.thread() >= 0 && f.thread() < analysis.trace().threads().size()) {
                text.append(" on ").append(analysis.trace().threads().get(f.thread()).name());
            }
            if (!f.calls().isEmpty()) {
                text.append(" (").append(f.calls().size()).append(f.calls().size() == 1 ? " call" : " calls").append(')');
            }
            text.append('.');
            if (f.suggestion() != null) {
                text.append(" Fix: ").append(f.suggestion().describe()).append(", saves about ")
                        .append(TimeFormat.duration(f.estimatedSavingNs())).append('.');
            }
            items.add(new ReportDoc.Paragraph(f.severity().toUpperCase(Locale.ROOT), text.toString()));
        }
        return new ReportDoc.Bullets(items);
    }

    /** Each change alone, then all together: what a reviewer needs to weigh the changes. */
    private static ReportDoc.Table whatIfTable(Analysis analysis, Response r, Scenario scenario) {
        List<List<String>> rows = new ArrayList<>();
        if (scenario.changes().size() > 1) {
            for (Change c : scenario.changes()) {
                rows.add(row(c.describe() + " (alone)", analysis.estimate(r.index(), new Scenario(List.of(c)))));
            }
        }
        rows.add(row(ResponseText.changes(scenario), analysis.estimate(r.index(), scenario)));
        return new ReportDoc.Table(List.of("change", "estimated", "saves", "saves %"), "lrrr", rows);
    }

    private static List<String> row(String what, Estimate e) {
        return List.of(what, TimeFormat.duration(e.durationNs()), TimeFormat.duration(e.savedNs()),
                String.format(Locale.ROOT, "%.1f%%", e.savedPercent()));
    }

    private static String percent(long part, long whole) {
        return whole <= 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    private static String shortName(String name) {
        if (name == null) {
            return "";
        }
        int paren = name.indexOf('(');
        String n = paren < 0 ? name : name.substring(0, paren);
        int dot = n.lastIndexOf('.', n.lastIndexOf('.') - 1);
        return dot < 0 ? n : n.substring(dot + 1);
    }
}
