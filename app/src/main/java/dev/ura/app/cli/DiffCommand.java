package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.FirstAction;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.trace.io.TraceFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ura diff A B}: two runs' critical paths side by side. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Two runs' critical paths side by side: segments that grew, shrank, appeared, vanished.",
            "Segments match by thread name, segment name and occurrence along the path (the second"
                + " main/onBind of A pairs with the second of B)."})
final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The run before (a trace file).")
    Path before;

    @Parameters(index = "1", paramLabel = "B", description = "The run after (a trace file).")
    Path after;

    @Option(names = "--response", paramLabel = "N",
            description = "Which response of each trace (default: each trace's first user action: response 0,"
                    + " or the slowest event of response 0's gesture).")
    Integer response;

    @Option(names = "--tolerance", paramLabel = "MS", defaultValue = "" + CriticalPathDiff.DEFAULT_TOLERANCE_MS,
            description = "Matched segments within this many ms count as the same (default: ${DEFAULT-VALUE}).")
    double toleranceMs;

    @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (response != null && response < 0) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--response must not be negative: " + response);
        }
        if (!(toleranceMs >= 0) || !Double.isFinite(toleranceMs)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--tolerance must be a finite number of ms, 0 or more: " + toleranceMs);
        }
        Side a = side(before);
        Side b = side(after);
        CriticalPathDiff diff = TraceSession.diff(a.path().segments(), b.path().segments(),
                Math.round(toleranceMs * 1e6));
        DiffReport report = DiffReport.of(before.toString(), a.response(), after.toString(), b.response(), diff);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, report);
        } else {
            report.printText(out);
        }
        return UraCommand.EXIT_OK;
    }

    private Side side(Path file) throws TraceFormatException, CommandFailure {
        Analysis analysis = ResponsesByHand.analyse(file, TraceLoading.load(file), AnalysisOptions.defaults(), null,
                false, spec.commandLine().getErr());
        int index = response != null ? response : Math.max(0, FirstAction.index(analysis.responses()));
        if (analysis.responses().size() <= index) {
            String why = analysis.noResponseReason().map(r -> ": " + r).orElse("");
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, file + ": no response " + index + " (it has "
                    + analysis.responses().size() + ")" + why);
        }
        return new Side(analysis.responses().get(index), analysis.criticalPath(index));
    }

    private record Side(Response response, CriticalPath path) {
    }
}
