package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.events.InvalidRulesException;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code ura analyze FILE [--json] [--defer P] [--parallel P] [--side-by-side P] [--speedup P=F] [--rules FILE]}:
 * responses, their end, critical path, and a what-if estimate when what-if flags are given.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Responses to user input, their end, critical path, findings and what-if estimates.")
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
    boolean json;

    @Option(names = "--rules", paramLabel = "FILE",
            description = "Rule table (JSON) that derives events from Android method names, instead of the built-in one "
                    + "(or added to it, with \"extendsDefaults\": true); see docs/android-method-rules.md.")
    Path rules;

    @Option(names = "--defer", paramLabel = "PATTERN",
            description = "What-if: matching work (glob over slice names) runs after the response ends. Repeatable.")
    List<String> defer;

    @Option(names = "--parallel", paramLabel = "PATTERN",
            description = "What-if: matching work starts with the response, on its own thread. Repeatable.")
    List<String> parallel;

    @Option(names = "--side-by-side", paramLabel = "PATTERN",
            description = "What-if: matching work that ran one after another on a thread runs at the same time, all starting where the first started. Repeatable.")
    List<String> sideBySide;

    @Option(names = "--speedup", paramLabel = "PATTERN=FACTOR",
            description = "What-if: matching work takes 1/FACTOR of its time (2 = twice as fast). Repeatable.")
    List<String> speedup;

    @Option(names = "--from", paramLabel = "NS",
            description = "With --to: analyse exactly the window from NS to --to NS (the trace's time base) as one "
                    + "response set by hand; saved in the trace's sidecar (FILE.ura.json).")
    Long from;

    @Option(names = "--to", paramLabel = "NS", description = "End of the window set by hand (see --from).")
    Long to;

    @Option(names = "--start", paramLabel = "PATTERN",
            description = "With --end: one response set by hand, from the first slice matching PATTERN (glob, as in "
                    + "what-if) to the end of the first slice matching --end that starts after it; saved in the sidecar.")
    String start;

    @Option(names = "--end", paramLabel = "PATTERN", description = "The last slice of the response set by hand (see --start).")
    String end;

    @Option(names = "--process", paramLabel = "NAME|PID",
            description = "System traces: the response set by hand (--from/--to or --start/--end) is on this "
                    + "process's UI thread; by default, on the UI thread of the app that runs most in the window.")
    String process;

    @Option(names = "--relative",
            description = "Text: print times in ms from the trace's start, as the window's axis reads them "
                    + "(default: on the file's own clock). JSON always has both (traceStartNs, startOffsetNs, endOffsetNs).")
    boolean relative;

    @Option(names = "--no-saved-what-if",
            description = "Without what-if flags, do not estimate the what-if changes saved for each response in "
                    + "the sidecar (FILE.ura.json) by the window.")
    boolean noSavedWhatIf;

    @Option(names = "--detect",
            description = "Detect responses even when the sidecar holds a response set by hand.")
    boolean detect;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Scenario scenario = WhatIfFlags.scenario(spec.commandLine(), spec.commandLine().getParseResult().originalArgs());
        AnalysisOptions options = AnalysisOptions.defaults();
        if (rules != null) {
            try {
                options = options.withRules(MethodRules.load(rules));
            } catch (InvalidRulesException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
        }
        ResponseByHand byHand = ResponsesByHand.fromFlags(from, to, start, end, process);
        Trace trace = TraceLoading.load(file);
        Analysis analysis = ResponsesByHand.analyse(file, trace, options, byHand, detect, spec.commandLine().getErr());
        WhatIfFlags.requireMatches(file.toString(), analysis, scenario);
        ResponseScenarios scenarios = ResponseScenarios.of(scenario, file, trace, noSavedWhatIf);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, AnalyzeReport.of(file.toString(), analysis, scenarios));
        } else {
            new AnalyzeTextReport(file.toString(), analysis, scenarios, relative).print(out);
        }
        return UraCommand.EXIT_OK;
    }
}
