package dev.ura.app.report;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.render.TimeFormat;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One-line texts about a response shared by export headers and report summaries, so a picture
 * and the Markdown beside it say the same thing in the same words.
 */
public final class ResponseText {
    private ResponseText() {
    }

    /** Format, variant, VM, clock, process and any device properties the file carries. */
    public static String facts(Trace trace) {
        TraceMetadata md = trace.metadata();
        List<String> parts = new ArrayList<>();
        StringBuilder format = new StringBuilder(md.format());
        if (md.variant() != null && !md.variant().isEmpty()) {
            format.append(" (").append(md.variant()).append(md.version() > 0 ? ", v" + md.version() : "").append(')');
        }
        parts.add(format.toString());
        if (md.vm() != null) {
            parts.add(md.vm().toUpperCase(Locale.ROOT));
        }
        if (md.clock() != null) {
            parts.add(md.clock().name().toLowerCase(Locale.ROOT).replace('_', '-') + " clock");
        }
        if (md.pid() >= 0) {
            parts.add("pid " + md.pid());
        }
        for (Map.Entry<String, String> e : md.properties().entrySet()) {
            String k = e.getKey().toLowerCase(Locale.ROOT);
            if (k.contains("device") || k.contains("model") || k.contains("build") || k.contains("sdk")
                    || k.startsWith("os") || k.contains("manufacturer")) {
                parts.add(e.getKey() + " " + e.getValue());
            }
        }
        parts.add(trace.threads().size() + " threads");
        return String.join(" · ", parts);
    }

    /** {@code #2 onClick on main}. */
    public static String title(Response r) {
        return "#" + r.index() + " " + r.trigger() + " on " + r.threadName();
    }

    /** What a response cut off by the end of the trace adds to its ending. */
    public static final String CUT_OFF = "CUT OFF: its work was still running when the trace ends,"
            + " so it took at least this long";

    /**
     * Why the response ends where it does. Times are from the trace's start, as on the timeline's
     * axis (a system trace's clock reads hours, which no one can match against the picture).
     */
    public static String ending(Analysis analysis, Response r) {
        String why = endingOnly(analysis, r);
        return analysis.cutOff(r.index()) ? CUT_OFF + "; " + why : why;
    }

    private static String endingOnly(Analysis analysis, Response r) {
        long base = analysis.trace().firstTimeNs();
        ResponseDescription d = analysis.describe(r.index());
        if (d.endsAtDrawnFrame()) {
            return frameEnding(d, r, base);
        }
        String at = " at " + ms(r.endNs() - base);
        if (r.end() != null) {
            String s = "ends with " + r.end().kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " of "
                    + r.end().name() + " on " + r.end().threadName() + at
                    + ": the last screen update the input asked for";
            return r.finished() ? s : s + "; " + d.unfinished();
        }
        boolean launch = "START_ACTIVITY".equals(analysis.events().kind(analysis.work(r.index()).triggerEvent()).name());
        return "no requested update was drawn; ends where its " + (launch ? "activity start" : "input handler")
                + " ends" + at + (r.finished() ? " (its work requested no update)" : "; " + d.unfinished());
    }

    /** A response ended by a drawn frame (docs/system-responses.md §3): drawn at and on screen at. */
    private static String frameEnding(ResponseDescription d, Response r, long base) {
        if (r.end() == null) {
            // The reason the engine gave (posts back after the last frame, asked for no frame, a game's own
            // drawing thread …), not always "requested no frame".
            String why = d.unfinished() != null ? d.unfinished() : "UNFINISHED: its tracked work requested no frame";
            return why + "; ends where that work ends at " + ms(r.endNs() - base);
        }
        String frame = d.vsyncId() >= 0 ? "frame " + d.vsyncId() : "the frame";
        return "drawn at " + ms(d.drawnAtNs() - base) + " (" + r.end().name() + " on " + r.end().threadName()
                + "), on screen at " + (d.onScreenAtNs() >= 0 ? ms(d.onScreenAtNs() - base) : "unknown (no FrameTimeline)") + ": " + frame
                + ", the last one its tracked work requested";
    }

    /** The scenario's changes, comma-separated. */
    public static String changes(Scenario scenario) {
        List<String> parts = new ArrayList<>();
        for (Change c : scenario.changes()) {
            parts.add(c.describe());
        }
        return String.join(", ", parts);
    }

    /** {@code what-if: defer X → 300.0 ms, saves 100.0 ms (25.0%)}, or {@code null} for the baseline. */
    public static String whatIf(Analysis analysis, Response r, Scenario scenario) {
        if (scenario == null || scenario.isEmpty()) {
            return null;
        }
        Estimate e = analysis.estimate(r.index(), scenario);
        return changes(scenario) + " → " + TimeFormat.duration(e.durationNs()) + " instead of "
                + TimeFormat.duration(r.durationNs()) + ", saves " + TimeFormat.duration(e.savedNs())
                + String.format(Locale.ROOT, " (%.1f%%)", e.savedPercent())
                + (e.reason() != null ? ": " + e.reason() : e.frame() != null ? "; " + e.frame() : "")
                + range(e);
    }

    /** {@code ; range 29.0 ms–47.0 ms (…)}, or "" without a range (docs/what-if.md, "Assumption and range"). */
    public static String range(Estimate e) {
        return e.range() == null ? "" : "; range " + TimeFormat.duration(e.range().lowDurationNs()) + "–"
                + TimeFormat.duration(e.range().highDurationNs()) + " (" + e.range().evidence() + ")";
    }

    /** The full export header of a response. */
    public static ExportHeader header(String file, Analysis analysis, Response r, Scenario scenario) {
        return new ExportHeader(file, title(r), TimeFormat.duration(r.durationNs()), whatIf(analysis, r, scenario),
                facts(analysis.trace()), ending(analysis, r));
    }

    /** Milliseconds, one decimal; callers pass times from the trace's start (as the axis reads), or durations. */
    static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }
}
