package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
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
import java.util.concurrent.Callable;

/** {@code ura analyze FILE [--json] [--rules FILE]}: responses, their end, critical path. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Responses to user input, their end, critical path, findings and what-if estimates.")
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = "--json", description = "Print JSON (see shared/design/cli.md).")
    boolean json;

    @Option(names = "--rules", paramLabel = "FILE",
            description = "Rule table (JSON) that derives events from Android method names, instead of the built-in one.")
    Path rules;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        AnalysisOptions options = AnalysisOptions.defaults();
        if (rules != null) {
            try {
                options = options.withRules(MethodRules.load(rules));
            } catch (InvalidRulesException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
        }
        Trace trace = TraceLoading.load(file);
        Analysis analysis = Analysis.of(trace, options);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, AnalyzeReport.of(file.toString(), analysis));
        } else {
            new AnalyzeTextReport(file.toString(), analysis).print(out);
        }
        return UraCommand.EXIT_OK;
    }
}
