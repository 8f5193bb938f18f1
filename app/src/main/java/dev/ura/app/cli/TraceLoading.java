package dev.ura.app.cli;

import dev.ura.app.analysis.TraceSession;
import dev.ura.app.report.ReportBundle;
import dev.ura.trace.android.MethodTraceScan;
import dev.ura.trace.android.MethodTraceSummary;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.nio.file.Files;
import java.nio.file.Path;

/** How every command turns a FILE argument into a trace. */
final class TraceLoading {
    /** The file being loaded most recently, so an out-of-memory message can name it. */
    private static volatile Path last;

    private TraceLoading() {
    }

    static Trace load(Path file) throws TraceFormatException {
        last = file;
        try {
            return TraceSession.load(file, Progress.NONE);
        } catch (TraceFormatException e) {
            throw bundleOr(file, e);
        }
    }

    /**
     * One streaming pass over a method trace, calls handed to {@code visitors} and not kept
     * ({@link MethodTraceScan}); {@code null} when the file needs the full reader.
     */
    static MethodTraceSummary scan(Path file, MethodTraceScan.Visitors visitors) throws TraceFormatException {
        last = file;
        try {
            return MethodTraceScan.scan(file, visitors);
        } catch (TraceFormatException e) {
            throw bundleOr(file, e);
        }
    }

    /**
     * A report bundle ({@code .ura.zip}) is no trace, so the readers call it unknown content; say
     * what it is and what to do instead. Any other failure is passed on as it is.
     */
    private static TraceFormatException bundleOr(Path file, TraceFormatException e) {
        Path name = file.getFileName();
        if (name == null || !ReportBundle.isBundle(name.toString()) || !Files.isRegularFile(file)) {
            return e;
        }
        return TraceFormatException.ofFile(file.toString(), "a ura report bundle, not a trace: open it in the window"
                + " (ura " + name + "), or unzip it and give this command the trace inside", e);
    }

    /**
     * The input to name when memory ran out: the trace loaded last, else the first argument that is
     * an existing file; {@code null} when there is none.
     */
    static String lastInput(String[] args) {
        Path p = last;
        if (p != null) {
            return p.toString();
        }
        for (int i = 1; i < args.length; i++) {
            try {
                if (!args[i].startsWith("-") && Files.exists(Path.of(args[i]))) {
                    return args[i];
                }
            } catch (java.nio.file.InvalidPathException e) {
                continue; // not a path (a NUL byte): cannot be the input
            }
        }
        return null;
    }
}
