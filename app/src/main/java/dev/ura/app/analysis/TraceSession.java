package dev.ura.app.analysis;

import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The headless engine's entry points that the command line and the window share, so that the
 * two cannot drift: how a file becomes a trace (with progress and cancel), how a trace becomes an
 * analysis (detected responses, or one set by hand), and the one rule that turns a trace into a
 * run's value in a regression series. Per-response results (critical path, findings, what-if,
 * breakdown) are on {@link Analysis}.
 */
public final class TraceSession {
    private TraceSession() {
    }

    /** Reads {@code file}, reporting progress to {@code progress} and stopping when it is cancelled. */
    public static Trace load(Path file, Progress progress) throws TraceFormatException {
        return TraceFiles.read(file, progress);
    }

    /** Detected responses with {@code options}, or the one set by hand when {@code byHand} is given. */
    public static Analysis analyse(Trace trace, AnalysisOptions options, ResponseByHand byHand) {
        return byHand == null ? Analysis.of(trace, options) : Analysis.byHand(trace, options, byHand);
    }

    /**
     * The value of one trace in a regression series: the duration of its first response (response 0),
     * or empty when it has none. A response set by hand counts when {@code byHand} is given.
     */
    public static OptionalLong runValueNs(Trace trace, ResponseByHand byHand) {
        List<Response> responses = analyse(trace, AnalysisOptions.defaults(), byHand).responses();
        return responses.isEmpty() ? OptionalLong.empty() : OptionalLong.of(responses.get(0).durationNs());
    }
}
