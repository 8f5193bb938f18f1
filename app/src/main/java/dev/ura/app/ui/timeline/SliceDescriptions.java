package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.profile.SliceSelfTime;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.render.Names;
import dev.ura.app.render.StateTimes;
import dev.ura.app.render.StripState;
import dev.ura.app.render.TimeFormat;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

/** Texts about one slice: self time, labels, the HTML of the details panel. */
public final class SliceDescriptions {
    private SliceDescriptions() {
    }

    /** Duration minus the durations of direct children (the engine's rule, {@link SliceSelfTime}). */
    static long selfTime(CallTable c, int call) {
        return SliceSelfTime.of(c, call);
    }

    /** {@code pkg.Class.method}, for what-if labels. */
    public static String label(Trace trace, SliceRef s) {
        CallTable c = trace.threads().get(s.thread()).calls();
        return trace.methods().get(c.method(s.call())).fullName();
    }

    /**
     * Whether a slice is on a response's critical path: the path segments that lie in it or in its
     * callees, their total time and their least slack (how much they could grow before the
     * response's end moves); {@code null} without a path.
     */
    static String onCriticalPath(Trace trace, SliceRef s, CriticalPath path) {
        if (path == null) {
            return null;
        }
        CallTable c = trace.threads().get(s.thread()).calls();
        int last = c.subtreeEnd(s.call());
        long time = 0;
        long slack = Long.MAX_VALUE;
        int n = 0;
        for (Segment g : path.segments()) {
            SliceRef in = g.call();
            if (in != null && in.thread() == s.thread() && in.call() >= s.call() && in.call() <= last) {
                time += g.durationNs();
                slack = Math.min(slack, g.slackNs());
                n++;
            }
        }
        if (n == 0) {
            return "no: none of its time is on the selected response's critical path";
        }
        return "yes: " + TimeFormat.duration(time) + " in " + n + (n == 1 ? " segment" : " segments")
                + " · slack " + (slack == Long.MAX_VALUE ? "unknown" : TimeFormat.duration(slack));
    }

    /**
     * On a system trace, how the slice's thread spent the slice: time running (and on which CPUs),
     * runnable, sleeping, in I/O and unknown (not recorded), as rows of name and text; empty when
     * the scheduler did not record the thread.
     */
    static java.util.List<String[]> stateBreakdown(Trace trace, SliceRef s) {
        var all = trace.system().states();
        if (s.thread() >= all.size() || all.get(s.thread()).size() == 0) {
            return java.util.List.of();
        }
        CallTable c = trace.threads().get(s.thread()).calls();
        StateTimes times = StateTimes.of(all.get(s.thread()), c.start(s.call()), c.end(s.call()));
        java.util.List<String[]> rows = new java.util.ArrayList<>();
        for (StripState st : StripState.values()) {
            long ns = times.of(st);
            if (ns == 0 && st == StripState.UNKNOWN) {
                continue;
            }
            String text = TimeFormat.duration(ns) + (times.totalNs() == 0 ? ""
                    : String.format(java.util.Locale.ROOT, " (%.0f%%)", 100.0 * ns / times.totalNs()));
            if (st == StripState.RUNNING && !times.runningOnCpu().isEmpty()) {
                java.util.List<String> cpus = new java.util.ArrayList<>();
                times.runningOnCpu().forEach((cpu, t) -> cpus.add("CPU " + cpu + " " + TimeFormat.duration(t)));
                text += " · on " + String.join(", ", cpus);
            }
            String name = st.label();
            rows.add(new String[] {Character.toUpperCase(name.charAt(0)) + name.substring(1), text});
        }
        return rows;
    }

    static String detailsHtml(Trace trace, SliceRef s) {
        return detailsHtml(trace, s, null);
    }

    /** The details pane's HTML; with a path it also says whether the slice is on it, and its slack. */
    static String detailsHtml(Trace trace, SliceRef s, CriticalPath path) {
        return detailsHtml(trace, s, path, trace.threads().get(s.thread()).calls()::parent);
    }

    /** The same, finding each caller of the stack with {@code parent} (a depth index's binary search in the window). */
    static String detailsHtml(Trace trace, SliceRef s, CriticalPath path, java.util.function.IntUnaryOperator parent) {
        ThreadTrack t = trace.threads().get(s.thread());
        CallTable c = t.calls();
        int i = s.call();
        MethodInfo m = trace.methods().get(c.method(i));
        StringBuilder sb = new StringBuilder("<html><body style='font-family:sans-serif'>");
        sb.append("<b style='font-size:larger'>").append(escape(m.name())).append("</b><br>");
        row(sb, "Class", m.className().isEmpty() ? "—" : m.className());
        String readable = Names.readableSignature(m.signature());
        row(sb, "Signature", m.signature() == null ? "—"
                : readable.equals(m.signature()) ? m.signature() : readable + "   " + m.signature());
        row(sb, "Source", m.sourceFile() == null ? "—" : m.sourceFile() + (m.line() >= 0 ? ":" + m.line() : ""));
        row(sb, "Thread", t.name());
        row(sb, "Wall time", TimeFormat.duration(c.duration(i)));
        row(sb, "Thread time", c.hasCpuTime() ? TimeFormat.duration(c.cpuEnd(i) - c.cpuStart(i)) : "not recorded");
        row(sb, "Self time", TimeFormat.duration(selfTime(c, i)));
        row(sb, "Starts at", "+" + TimeFormat.duration(c.start(i) - trace.firstTimeNs()));
        String critical = onCriticalPath(trace, s, path);
        if (critical != null) {
            row(sb, "Critical path", critical);
        }
        java.util.List<String[]> states = stateBreakdown(trace, s);
        if (!states.isEmpty()) {
            sb.append("<br><b>Thread state during the slice</b><br>");
            for (String[] r : states) {
                row(sb, r[0], r[1]);
            }
        }
        sb.append("<br><b>Call stack</b><br>");
        int p = i;
        int shown = 0;
        while (p >= 0 && shown < 64) {
            sb.append("&nbsp;&nbsp;").append(escape(trace.methods().get(c.method(p)).fullName())).append("<br>");
            p = parent.applyAsInt(p);
            shown++;
        }
        return sb.append("</body></html>").toString();
    }

    private static void row(StringBuilder sb, String k, String v) {
        sb.append("<span style='color:gray'>").append(k).append(":</span> ").append(escape(v)).append("<br>");
    }

    public static String escape(String s) {
        return PlainText.escape(s);
    }
}
