package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One thread's running time makes up most of the critical path: that thread is the bottleneck. */
public final class ThreadDominatesRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "thread-dominates";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        ResponseGraph g = ctx.graph();
        long duration = ctx.response().durationNs();
        Map<Integer, Evidence> byThread = new LinkedHashMap<>();
        Map<String, Long> byOwner = new HashMap<>();
        boolean system = ctx.system();
        for (int v : g.baseline().path()) {
            // On a system trace every piece is WORK: only running time is the thread's own work.
            if (g.kind(v) == SegmentKind.WORK && (!system || g.category(v) == Category.CPU)) {
                byThread.computeIfAbsent(g.thread(v), t -> new Evidence(g)).add(v, true);
                SliceRef s = g.slice(v);
                if (s == null && system) {
                    continue; // running outside any slice: nothing a what-if could name
                }
                String owner = g.thread(v) + "\u0000" + (s == null ? g.name(v) : ctx.name(ctx.appOwner(s)));
                byOwner.merge(owner, g.durationNs(v), Long::sum);
            }
        }
        for (Map.Entry<Integer, Evidence> e : byThread.entrySet()) {
            Evidence ev = e.getValue();
            if (duration <= 0 || ev.totalNs() <= ctx.thresholds().threadShare() * duration) {
                continue;
            }
            int thread = e.getKey();
            String heaviest = null;
            long heaviestNs = -1;
            for (Map.Entry<String, Long> o : byOwner.entrySet()) {
                String[] key = o.getKey().split("\u0000", 2);
                if (Integer.parseInt(key[0]) == thread && o.getValue() > heaviestNs) {
                    heaviest = key[1];
                    heaviestNs = o.getValue();
                }
            }
            String threadName = ctx.trace().threads().get(thread).name();
            if (heaviest == null) {
                String message = "Thread " + threadName + " runs for " + FindingContext.percent((double) ev.totalNs() / duration)
                        + " of this response (" + FindingContext.ms(ev.totalNs()) + " on the critical path), outside any"
                        + " recorded slice: add trace sections (android.os.Trace) to see what it runs.";
                return List.of(new Finding(ID, ctx.thresholds().severityFor(0), message, ev.startNs(), ev.endNs(),
                        thread, ev.calls(), null, 0));
            }
            Change fix = new Change.SpeedUp(new SliceSelector.ByName(heaviest), 2);
            long saved = ctx.saving(fix);
            String message = "Thread " + threadName + " runs for " + FindingContext.percent((double) ev.totalNs() / duration)
                    + " of this response (" + FindingContext.ms(ev.totalNs()) + " on the critical path); its heaviest work is "
                    + heaviest + " (" + FindingContext.ms(heaviestNs) + "). Making that twice as fast would save about "
                    + FindingContext.ms(saved) + (system && SystemFacts.isContainer(heaviest)
                    // the framework's drawing or container: no developer moves it to another thread
                    ? SystemFacts.isDrawing(heaviest) ? "; it is the framework drawing the frame, which cannot move"
                    + " to another thread: only a frame with less to draw (fewer or simpler views, fewer layers)"
                    + " shortens it." : "; it is the framework's container of the app's work: trace sections"
                    + " (android.os.Trace) around the app's code inside it would show which part to move to"
                    + " another thread or shorten."
                    : "; moving part of it to another thread may save more.");
            return List.of(new Finding(ID, ctx.thresholds().severityFor(saved), message, ev.startNs(), ev.endNs(),
                    thread, ev.calls(), fix, saved));
        }
        return List.of();
    }
}
