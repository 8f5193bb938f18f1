package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.events.UiThread;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.graph.AppClasses;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.Trace;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/** What every rule needs about one response: its graph, the thresholds, estimates and call names. */
public final class FindingContext {
    private final ResponseGraph graph;
    private final FindingThresholds thresholds;
    private final WhatIfEstimator estimator;
    private final BitSet critical = new BitSet();
    private SystemFacts facts;
    private static final int UNKNOWN = -2;
    /** The UI thread's index once asked for (a scan of the calls), {@link #UNKNOWN} before. */
    private int uiThread = UNKNOWN;
    private List<Segment> path;

    FindingContext(ResponseGraph graph, FindingThresholds thresholds) {
        this.graph = graph;
        this.thresholds = thresholds;
        this.estimator = new WhatIfEstimator(graph);
        for (int v : graph.baseline().path()) {
            critical.set(v);
        }
    }

    /** The response's dependency graph. */
    public ResponseGraph graph() {
        return graph;
    }

    /** The thresholds in force. */
    public FindingThresholds thresholds() {
        return thresholds;
    }

    /** The response. */
    public Response response() {
        return graph.work().response();
    }

    /** The trace the response is in. */
    public Trace trace() {
        return graph.work().trace();
    }

    /** Whether a vertex is on the recorded critical path. */
    public boolean isCritical(int v) {
        return critical.get(v);
    }

    /** Whether the response is on a system trace (Perfetto, systrace): the rules differ. */
    public boolean system() {
        return trace().system().present();
    }

    /** The facts of the system trace around this response (slices at instants, thread labels). */
    public SystemFacts systemFacts() {
        if (facts == null) {
            facts = new SystemFacts(trace());
        }
        return facts;
    }

    /**
     * The recorded critical path's segments in time order (cached): on a system trace, the
     * backward walk's pieces with their categories.
     */
    public List<Segment> path() {
        if (path == null) {
            path = graph.criticalPath().segments();
        }
        return path;
    }

    /**
     * Index of the main (UI) thread, or -1: on a method trace or agent log the thread that runs the
     * frames ({@link UiThread}). On a system trace: the thread the trigger ran on — the UI
     * thread an input was delivered on (docs/system-responses.md §3: not always tid = pid), or the
     * main thread of a launch; for a response set by hand, the main thread (tid = pid) of its
     * thread's process.
     */
    public int mainThread() {
        if (system()) {
            Response r = response();
            return r.setByHand() || r.thread() < 0 ? systemFacts().processMain(r.thread()) : r.thread();
        }
        if (uiThread == UNKNOWN) {
            uiThread = UiThread.of(trace());
        }
        return uiThread;
    }

    /** What the change saves on this response, ns (estimated). */
    public long saving(Change change) {
        return estimator.savedNs(Scenario.BASELINE.with(change));
    }

    /** {@code pkg.Class.method} (or {@code KIND:name}) of a call. */
    public String name(SliceRef slice) {
        return method(slice).fullName();
    }

    /** The method a call runs. */
    public MethodInfo method(SliceRef slice) {
        CallTable calls = trace().threads().get(slice.thread()).calls();
        return trace().methods().get(calls.method(slice.call()));
    }

    /** The call itself when it is app code, else its nearest app-code caller, else the call itself. */
    public SliceRef appOwner(SliceRef slice) {
        CallTable calls = trace().threads().get(slice.thread()).calls();
        for (int c = slice.call(); c >= 0; c = calls.parent(c)) {
            if (AppClasses.isApp(trace().methods().get(calls.method(c)).className())) {
                return new SliceRef(slice.thread(), c);
            }
        }
        return slice;
    }

    /** Milliseconds with one decimal and a unit, for messages. */
    public static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    /** A percentage without decimals, for messages. */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }
}
