package dev.ura.app.cli;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.nio.file.Path;

/** How every command turns a FILE argument into a trace. */
final class TraceLoading {
    private TraceLoading() {
    }

    static Trace load(Path file) throws TraceFormatException {
        return TraceFiles.read(file);
    }
}
