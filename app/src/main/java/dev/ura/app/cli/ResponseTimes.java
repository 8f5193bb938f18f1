package dev.ura.app.cli;

import dev.ura.app.analysis.TraceSession;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.trace.io.TraceFormatException;

import java.nio.file.Path;
import java.util.OptionalLong;

/** The value of one trace in a regression series: {@link TraceSession#runValueNs} (shared with the runs view). */
final class ResponseTimes {
    private ResponseTimes() {
    }

    /** Response 0's duration in ns, or empty when the trace has no response. */
    static OptionalLong responseZeroNs(Path file) throws TraceFormatException {
        return TraceSession.runValueNs(TraceLoading.load(file), AnnotationStore.beside(file).readResponseByHand());
    }
}
