package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.io.TraceFormatException;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/** The value of one trace in a regression series: its response 0's duration. */
final class ResponseTimes {
    private ResponseTimes() {
    }

    /** Response 0's duration in ns, or empty when the trace has no response. */
    static OptionalLong responseZeroNs(Path file) throws TraceFormatException {
        List<Response> responses = Analysis.of(TraceLoading.load(file)).responses();
        return responses.isEmpty() ? OptionalLong.empty() : OptionalLong.of(responses.get(0).durationNs());
    }
}
