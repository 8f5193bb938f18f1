package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.events.MethodEventDeriver;
import dev.ura.app.analysis.events.MethodRule;
import dev.ura.app.analysis.events.UiThread;
import dev.ura.app.analysis.findings.FindingsAnalyzer;
import dev.ura.app.analysis.graph.method.DependencyGraphBuilder;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.system.SystemGraphBuilder;
import dev.ura.app.analysis.response.CutOff;
import dev.ura.app.analysis.response.HandSetResponse;
import dev.ura.app.analysis.response.HandWindow;
import dev.ura.app.analysis.response.HandoffLinker;
import dev.ura.app.analysis.response.ResponseCandidates;
import dev.ura.app.analysis.response.ResponseDetector;
import dev.ura.app.analysis.response.WorkUnits;
import dev.ura.app.analysis.system.HandThread;
import dev.ura.app.analysis.system.SystemResponses;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The analysis of one trace: what the command line and the window both call.
 *
 * <p>Agent logs bring their own events; for method traces the events are derived with the
 * options' rule table. Hand-offs are linked, responses detected, and everything per response
 * (critical path, findings, estimates) is computed on first request and cached. Immutable and
 * safe to read from any thread.
 */
public final class Analysis {
    private final Trace trace;
    private final AnalysisOptions options;
    private final boolean derived;
    private final ResponseByHand byHand;
    private final EventTable events;
    private final WorkUnits units;
    private final List<Link> links;
    private final List<String> warnings;
    private final List<ResponseWork> work;
    private final List<Response> responses;
    private volatile boolean[] cutOff;
    /** Per response of a system trace: its tracked stretches and ending frame; empty for other traces. */
    private final List<SystemWork> systemWork;
    /** Graphs and estimators are big: only the recent ones are kept; their small results are kept for all. */
    private final RecentCache<ResponseGraph> graphs = new RecentCache<>(RECENT_GRAPHS);
    /** One builder for every response, so per-thread indexes are derived once per analysis. */
    private final DependencyGraphBuilder builder = new DependencyGraphBuilder();
    /** The same for system traces (docs/system-responses.md §4); it keeps per-trace indexes too. */
    private final SystemGraphBuilder systemBuilder = new SystemGraphBuilder();
    private final RecentCache<WhatIfEstimator> estimators = new RecentCache<>(RECENT_GRAPHS);
    private final AtomicReferenceArray<CriticalPath> paths;
    private final AtomicReferenceArray<List<Finding>> findings;
    private final Map<EstimateKey, Estimate> estimates = new ConcurrentHashMap<>();

    private static final int RECENT_GRAPHS = 64;

    private record EstimateKey(int response, Scenario scenario) {
    }

    private Analysis(Trace trace, AnalysisOptions options, EventTable derivedEvents, WorkUnits derivedUnits) {
        this(trace, options, isDerived(trace), derivedEvents, derivedUnits);
    }

    private Analysis(Trace trace, AnalysisOptions options, boolean derived, EventTable derivedEvents,
                     WorkUnits derivedUnits) {
        this.trace = trace;
        this.options = options;
        this.derived = derived;
        this.byHand = null;
        if (trace.system().present()) {
            // System traces: docs/system-responses.md; the method rules and link edits do not apply.
            SystemResponses found = SystemResponses.detect(trace);
            this.events = found.events();
            this.units = null;
            this.links = found.links();
            this.warnings = found.warnings();
            this.work = found.work();
            this.systemWork = found.systems();
            this.responses = responsesOf(work);
            this.paths = new AtomicReferenceArray<>(work.size());
            this.findings = new AtomicReferenceArray<>(work.size());
            return;
        }
        this.systemWork = List.of();
        if (derivedEvents != null) {
            this.events = derivedEvents;
            this.units = derivedUnits;
        } else {
            this.events = derived ? new MethodEventDeriver(options.rules()).derive(trace) : trace.events();
            this.units = WorkUnits.of(trace, events, derived);
        }
        HandoffLinker.Result linked = HandoffLinker.linkWithWarnings(trace, events, units, derived, options.rules(),
                options.edits());
        this.links = linked.links();
        this.warnings = linked.warnings();
        this.work = new ResponseDetector(trace, events, units, links).detect();
        this.responses = responsesOf(work);
        this.paths = new AtomicReferenceArray<>(work.size());
        this.findings = new AtomicReferenceArray<>(work.size());
    }

    /** The analysis of one response set by hand (see {@link #byHand}). */
    private Analysis(Trace trace, AnalysisOptions options, ResponseByHand byHand) {
        this.trace = trace;
        this.options = options;
        this.derived = isDerived(trace);
        this.byHand = byHand;
        if (trace.system().present()) {
            // The system engine, as for detected responses (docs/system-responses.md §8).
            HandWindow window = HandWindow.resolve(trace, byHand);
            int thread = byHand.process() != null || byHand.isWindow()
                    ? HandThread.choose(trace, byHand.process(), window.fromNs(), window.toNs()) : window.thread();
            SystemResponses found = SystemResponses.byHand(trace, thread >= 0 ? thread : window.thread(),
                    window.fromNs(), window.toNs(), window.trigger());
            this.events = found.events();
            this.units = null;
            this.links = found.links();
            this.warnings = found.warnings();
            this.work = found.work();
            this.systemWork = found.systems();
            this.responses = responsesOf(work);
            this.paths = new AtomicReferenceArray<>(1);
            this.findings = new AtomicReferenceArray<>(1);
            return;
        }
        if (byHand.process() != null) {
            throw new IllegalArgumentException("--process " + byHand.process()
                    + " applies to system traces (Perfetto, systrace) only");
        }
        EventTable base = derived ? new MethodEventDeriver(options.rules()).derive(trace) : trace.events();
        HandSetResponse.Built built = HandSetResponse.build(trace, base, derived, options.rules(), options.edits(),
                HandWindow.resolve(trace, byHand));
        this.events = built.events();
        this.units = built.units();
        this.links = built.links();
        this.warnings = List.of();
        this.work = List.of(built.work());
        this.systemWork = List.of();
        this.responses = responsesOf(work);
        this.paths = new AtomicReferenceArray<>(1);
        this.findings = new AtomicReferenceArray<>(1);
    }

    /**
     * An agent log always brings its own events (even none); anything else is a call trace, or a
     * system trace whose events the analysis derives from its slices.
     */
    private static boolean isDerived(Trace trace) {
        return trace.events().size() == 0 && !"agent-log".equals(trace.metadata().format());
    }

    private static List<Response> responsesOf(List<ResponseWork> work) {
        List<Response> rs = new ArrayList<>(work.size());
        for (ResponseWork w : work) {
            rs.add(w.response());
        }
        return List.copyOf(rs);
    }

    /** Analyses {@code trace} with the default rules and no link edits. */
    public static Analysis of(Trace trace) {
        return of(trace, AnalysisOptions.defaults());
    }

    /** Analyses {@code trace} with {@code options}. */
    public static Analysis of(Trace trace, AnalysisOptions options) {
        return new Analysis(trace, options, null, null);
    }

    /**
     * The one response the user set by hand on {@code trace}: a window of time, or from the first
     * slice matching one pattern to the end of the first slice matching another after it. It is
     * analysed like a detected response (critical path, findings, what-if) and marked
     * {@link Response#setByHand()}.
     *
     * @throws IllegalArgumentException with a one-line message when a pattern matches nothing or
     *                                  the window is outside the trace
     */
    public static Analysis byHand(Trace trace, AnalysisOptions options, ResponseByHand byHand) {
        return new Analysis(trace, options, byHand);
    }

    /** The response set by hand this analysis is of, or {@code null} when responses were detected. */
    public ResponseByHand responseByHand() {
        return byHand;
    }

    /**
     * The same trace with other link edits: events are reused, links and responses recomputed.
     */
    public Analysis withEdits(LinkEdits edits) {
        if (byHand != null) {
            return new Analysis(trace, options.withEdits(edits), byHand);
        }
        if (systemResponses()) {
            return new Analysis(trace, options.withEdits(edits), null, null);
        }
        return new Analysis(trace, options.withEdits(edits), derived, events, units);
    }

    /** The trace analysed. */
    public Trace trace() {
        return trace;
    }

    /** The options this analysis ran with (rules, link edits, finding thresholds). */
    public AnalysisOptions options() {
        return options;
    }

    /**
     * Whether the responses are a system trace's (docs/system-responses.md): events derived from
     * its slices, hand-offs from the kernel's wakeups, binder and flows, and a {@link #systemWork}
     * per response.
     */
    public boolean systemResponses() {
        return trace.system().present();
    }

    /** Whether the events were derived (from method names, or a system trace's slices) rather than read. */
    public boolean eventsDerived() {
        return derived;
    }

    /** The response events: the agent log's, or those derived from the method trace. */
    public EventTable events() {
        return events;
    }

    /** Every hand-off link, ordered by send time. */
    public List<Link> links() {
        return links;
    }

    /**
     * What the analysis had to guess for the whole trace, one line each naming the file's lines
     * (e.g. hand-offs linked by inference); the reader's own repairs are {@link Trace#warnings()}.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** The responses in start order (index = position). */
    public List<Response> responses() {
        return responses;
    }

    /**
     * Whether response {@code index} was cut off: some of its tracked work was still running when
     * the trace ends ({@link CutOff}), so its duration is a lower bound whatever {@code finished} says.
     */
    public boolean cutOff(int index) {
        Objects.checkIndex(index, work.size());
        boolean[] c = cutOff;
        if (c == null) {
            CutOff rule = new CutOff(trace);
            c = new boolean[work.size()];
            for (int i = 0; i < c.length; i++) {
                int k = i;
                c[i] = systemWork(i).map(s -> rule.cutOff(s, responses.get(k).setByHand())).orElse(false)
                        || rule.cutOff(work.get(i));
            }
            cutOff = c; // racy but idempotent: two threads compute the same answer
        }
        return c[index];
    }

    /** The tracked work of response {@code index}. */
    public ResponseWork work(int index) {
        return work.get(index);
    }

    /**
     * What a system trace's response {@code index} adds: its tracked stretches and the frame that
     * ended it (drawn at, on screen at; for a response set by hand, its thread at the window's end);
     * empty for other traces.
     */
    public Optional<SystemWork> systemWork(int index) {
        Objects.checkIndex(index, work.size());
        return systemWork.isEmpty() ? Optional.empty() : Optional.of(systemWork.get(index));
    }

    /**
     * How to read response {@code index}: which front half found it, what its end means, what its
     * path's categories are and, when unfinished, why. Clients word and draw a response from this
     * instead of asking which kind of trace it came from.
     */
    public ResponseDescription describe(int index) {
        Objects.checkIndex(index, work.size());
        Response r = responses.get(index);
        return systemWork.isEmpty() ? ResponseDescriptions.method(r, work.get(index), events)
                : ResponseDescriptions.system(r, systemWork.get(index));
    }

    /**
     * The dependency graph of response {@code index} (built on first use; the most recently used
     * ones are cached, so memory does not grow with the number of responses looked at).
     */
    public ResponseGraph graph(int index) {
        return graphs.get(index, i -> systemWork.isEmpty() ? builder.build(work.get(i))
                : systemBuilder.build(work.get(i), systemWork.get(i)));
    }

    /** The recorded critical path of response {@code index}, with slack, ending at its end (cached). */
    public CriticalPath criticalPath(int index) {
        CriticalPath p = paths.get(index);
        if (p == null) {
            p = graph(index).criticalPath();
            if (!paths.compareAndSet(index, null, p)) {
                p = paths.get(index);
            }
        }
        return p;
    }

    /** What is worth fixing in response {@code index}, with suggested changes and their savings (cached). */
    public List<Finding> findings(int index) {
        List<Finding> f = findings.get(index);
        if (f == null) {
            f = List.copyOf(new FindingsAnalyzer(options.thresholds()).analyze(graph(index)));
            if (!findings.compareAndSet(index, null, f)) {
                f = findings.get(index);
            }
        }
        return f;
    }

    /**
     * What response {@code index} would take under {@code scenario} (memoized; the empty scenario
     * gives the recorded response).
     */
    public Estimate estimate(int index, Scenario scenario) {
        return estimates.computeIfAbsent(new EstimateKey(index, scenario), k -> estimator(index).estimate(scenario));
    }

    /**
     * What response {@code index} would save under {@code scenario}, ns: {@link #estimate}'s
     * figure, without the assumption and range nobody shows for it (per-change figures).
     */
    public long savedNs(int index, Scenario scenario) {
        Estimate known = estimates.get(new EstimateKey(index, scenario));
        return known != null ? known.savedNs() : estimator(index).savedNs(scenario);
    }

    /**
     * The changes of {@code scenario} that select nothing in response {@code index} (no slice
     * overlapping its work matches), in scenario order; empty when every change applies.
     */
    public List<Change> unmatchedChanges(int index, Scenario scenario) {
        return scenario.isEmpty() ? List.of() : estimator(index).unmatched(scenario);
    }

    private WhatIfEstimator estimator(int index) {
        return estimators.get(index, i -> new WhatIfEstimator(graph(i)));
    }

    /**
     * When there is no response: the longest main-thread work, which the user can set as a response
     * by hand (at most three, longest first); empty when there is a response.
     */
    public List<ResponseCandidates.Candidate> responseCandidates() {
        return responses.isEmpty() ? ResponseCandidates.of(trace, events, 3) : List.of();
    }

    /** Why there is no response, in one line; empty when there is one. */
    public Optional<String> noResponseReason() {
        if (!responses.isEmpty()) {
            return Optional.empty();
        }
        if (systemResponses()) {
            return Optional.of("no input (deliverInputEvent) or app launch (bindApplication) on an app's thread in the"
                    + " trace");
        }
        if (trace.callCount() == 0 && trace.events().size() == 0) {
            return Optional.of("the trace has no calls or events");
        }
        if (!derived) {
            return Optional.of("no USER_INPUT or START_ACTIVITY event in the log");
        }
        String what = "no input handler (" + examples(EventKind.USER_INPUT) + ") or activity launch ("
                + examples(EventKind.START_ACTIVITY) + ") in the trace";
        return Optional.of(UiThread.of(trace, options.rules()) >= 0 ? what : "no main thread, and " + what);
    }

    private String examples(EventKind kind) {
        List<String> names = new ArrayList<>();
        for (MethodRule r : options.rules().rules()) {
            if (r.event() == kind && !r.joinsLaunch()) {
                for (String m : r.methods()) {
                    int dot = m.lastIndexOf('.', m.lastIndexOf('.') - 1);
                    names.add(m.substring(dot + 1));
                }
            }
        }
        if (names.isEmpty()) {
            return "none in the rules";
        }
        return names.size() <= 2 ? String.join(", ", names) : names.get(0) + ", " + names.get(1) + ", ...";
    }
}
