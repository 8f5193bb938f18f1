package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Which responses a command analyses: the one set by hand with {@code --from/--to} or
 * {@code --start/--end} (saved in the trace's sidecar), else the one saved in the sidecar, else
 * those detection finds.
 */
final class ResponsesByHand {
    private ResponsesByHand() {
    }

    /** The response the flags set by hand, or {@code null} when none of them is given. */
    static ResponseByHand fromFlags(Long from, Long to, String start, String end, String process)
            throws CommandFailure {
        if (from == null && to == null && start == null && end == null) {
            if (process != null) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, "--process goes with --from/--to or --start/--end");
            }
            return null;
        }
        try {
            return new ResponseByHand(from, to, start, end, process);
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, e.getMessage());
        }
    }

    /**
     * The analysis of {@code trace}: of {@code flags} when given (then saved in the sidecar; a
     * sidecar that cannot be written is a warning), else of the sidecar's response set by hand
     * unless {@code detect}, else detected responses.
     */
    static Analysis analyse(Path file, Trace trace, AnalysisOptions options, ResponseByHand flags, boolean detect,
                            PrintWriter err) throws CommandFailure {
        AnnotationStore store = AnnotationStore.beside(file);
        ResponseByHand byHand = flags;
        if (byHand == null && !detect) {
            byHand = store.readResponseByHand();
            if (byHand != null) {
                err.println("ura: note: " + file + ": analysing the response set by hand in "
                        + store.sidecar().getFileName() + " (" + byHand.describe() + "); --detect ignores it");
                err.flush();
            }
        }
        if (byHand == null) {
            return Analysis.of(trace, options);
        }
        Analysis analysis;
        try {
            analysis = Analysis.byHand(trace, options, byHand);
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, file + ": " + e.getMessage());
        }
        if (flags != null) {
            try {
                store.saveResponseByHand(file.getFileName().toString(), flags);
            } catch (IOException e) {
                err.println("ura: warning: the response set by hand was not saved in " + store.sidecar() + ": "
                        + e.getMessage());
                err.flush();
            }
        }
        return analysis;
    }
}
