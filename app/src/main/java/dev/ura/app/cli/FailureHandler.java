package dev.ura.app.cli;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.util.OneLine;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Turns failures into the contract's exit codes: bad input is one line on stderr and exit 1; a
 * stack trace only with {@code --debug}.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean debug = parsed.hasMatchedOption("--debug") || hasDebug(parsed);
        return report(ex, debug, cl.getErr());
    }

    /** Prints the failure (its stack trace too when {@code debug}) and returns the exit code. */
    static int report(Exception ex, boolean debug, PrintWriter err) {
        if (debug) {
            ex.printStackTrace(err);
        }
        // Messages quote file names and content: escaped, so each stays one printable line.
        if (ex instanceof TraceFormatException) {
            err.println("ura: " + OneLine.of(ex.getMessage()));
            return UraCommand.EXIT_BAD_INPUT;
        }
        if (ex instanceof CommandFailure f) {
            err.println("ura: " + OneLine.of(f.getMessage()));
            return f.exitCode();
        }
        if (ex instanceof java.io.IOException io) {
            // An input or output file the OS refused (full disk, no permission, gone): not a bug.
            err.println("ura: " + OneLine.of(IoMessages.describe(io)));
            return UraCommand.EXIT_BAD_INPUT;
        }
        err.println("ura: internal error: " + OneLine.of(String.valueOf(ex))
                + (debug ? "" : " (run with --debug for details)"));
        return UraCommand.EXIT_BAD_INPUT;
    }

    private static boolean hasDebug(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
