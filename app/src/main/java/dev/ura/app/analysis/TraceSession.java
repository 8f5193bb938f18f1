package dev.ura.app.analysis;

import dev.ura.app.analysis.callgraph.CallGraph;
import dev.ura.app.analysis.callgraph.CallGraphAnalyzer;
import dev.ura.app.analysis.callgraph.CallGraphFilter;
import dev.ura.app.analysis.model.FirstAction;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileAnalyzer;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The headless engine's entry points that the command line and the window share, so that the
 * two cannot drift: how a file becomes a trace (with progress and cancel), how a trace becomes an
 * analysis (detected responses, or one set by hand), and the one rule that turns a trace into a
 * run's value in a regression series, and the whole-trace views: profiles, call graphs and the
 * diff of two critical paths. Per-response results (critical path, findings, what-if) are on
 * {@link Analysis}. The CLI and the window call these, never the algorithms behind them.
 */
public final class TraceSession {
    private TraceSession() {
    }

    /** Reads {@code file}, reporting progress to {@code progress} and stopping when it is cancelled. */
    public static Trace load(Path file, Progress progress) throws TraceFormatException {
        return TraceFiles.read(file, progress);
    }

    /** Reads a trace already in memory (a bundled sample, a report bundle's entry), named {@code name}. */
    public static Trace load(String name, ByteBuffer data, Progress progress) throws TraceFormatException {
        return TraceFiles.read(name, data, progress);
    }

    /** Detected responses with {@code options}, or the one set by hand when {@code byHand} is given. */
    public static Analysis analyse(Trace trace, AnalysisOptions options, ResponseByHand byHand) {
        return byHand == null ? Analysis.of(trace, options) : Analysis.byHand(trace, options, byHand);
    }

    /**
     * The value of one trace in a regression series: the duration of its first user action's response
     * ({@link FirstAction}: response 0, or the slowest event of response 0's gesture), or empty when
     * it has none. A response set by hand counts when {@code byHand} is given.
     */
    public static OptionalLong runValueNs(Trace trace, ResponseByHand byHand) {
        List<Response> responses = analyse(trace, AnalysisOptions.defaults(), byHand).responses();
        int first = FirstAction.index(responses);
        return first < 0 ? OptionalLong.empty() : OptionalLong.of(responses.get(first).durationNs());
    }

    /** The flat profile (no trees) of the calls in {@code scope}: what {@code ura profile} prints. */
    public static Profile flatProfile(Trace trace, CallScope scope) {
        return new ProfileAnalyzer(trace).flat(scope);
    }

    /**
     * The profile of the calls in {@code scope} with its top-down and bottom-up trees (the window's
     * Profile tab), stopping early when {@code progress} is cancelled.
     */
    public static Profile treeProfile(Trace trace, CallScope scope, Progress progress) {
        return new ProfileAnalyzer(trace).analyze(scope, true, progress);
    }

    /** The caller → callee graph of the calls in {@code scope}, edges below {@code filter} left out. */
    public static CallGraph callGraph(Trace trace, CallScope scope, CallGraphFilter filter) {
        return new CallGraphAnalyzer(trace).analyze(scope, filter);
    }

    /**
     * What grew, shrank, appeared and vanished between two critical paths; changes within
     * {@code toleranceNs} count as unchanged ({@link CriticalPathDiff#DEFAULT_TOLERANCE_NS} unless the user says).
     */
    public static CriticalPathDiff diff(List<Segment> before, List<Segment> after, long toleranceNs) {
        return CriticalPathDiff.compare(before, after, toleranceNs);
    }
}
