package dev.ura.app.cli;

import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.events.InvalidRulesException;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.batch.BatchProgress;
import dev.ura.app.batch.MemoryBudget;
import dev.ura.app.batch.TraceFiles;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code ura batch PATH|GLOB… --store DIR}: analyses many traces in parallel into a run store. */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = {"Analyses every trace under the given paths into a run store (DuckDB; docs/store.md), in"
                + " parallel. A trace already in the store (same SHA-256) is skipped, so a batch that was stopped"
                + " continues where it was; each trace is stored whole or not at all.",
            "A file that fails is reported and the batch goes on. Progress goes to standard error, the summary"
                + " to standard output."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every trace is in the store", "1:some traces failed (the others are stored), or the"
                + " store cannot be used", "2:bad usage (no trace found, a bad --tag)"})
final class BatchCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH|GLOB", description = "Trace files, folders (searched"
            + " recursively) or quoted globs ('lab/**/*.trace').")
    List<String> paths;

    @Option(names = "--store", required = true, paramLabel = "DIR", description = "The run store (made when missing).")
    Path store;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "Stored with every run of this batch"
            + " (scenario=login, device=pixel7, build=1234). Repeatable.")
    List<String> tags = new ArrayList<>();

    @Option(names = "--jobs", paramLabel = "N", description = "Traces analysed at once (default: the number of cores).")
    Integer jobs;

    @Option(names = "--json", description = "Print the summary as JSON (see docs/cli.md).")
    boolean json;

    @Option(names = "--rules", paramLabel = "FILE", description = "Rule table, as in analyze.")
    Path rules;

    @Option(names = "--defer", paramLabel = "PATTERN", description = "What-if, as in analyze. Repeatable.")
    List<String> defer;

    @Option(names = "--parallel", paramLabel = "PATTERN", description = "What-if, as in analyze. Repeatable.")
    List<String> parallel;

    @Option(names = "--side-by-side", paramLabel = "PATTERN", description = "What-if, as in analyze. Repeatable.")
    List<String> sideBySide;

    @Option(names = "--speedup", paramLabel = "PATTERN=FACTOR", description = "What-if, as in analyze. Repeatable.")
    List<String> speedup;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        Scenario scenario = WhatIfFlags.scenario(spec.commandLine(), args);
        Map<String, String> tagMap = TraceRows.tags(tags);
        int workers = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (workers < 1) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--jobs must be 1 or more: " + workers);
        }
        AnalysisOptions options = AnalysisOptions.defaults();
        if (rules != null) {
            try {
                options = options.withRules(MethodRules.load(rules));
            } catch (InvalidRulesException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
        }
        TraceFiles.Found found = TraceFiles.find(paths);
        PrintWriter err = spec.commandLine().getErr();
        for (String u : found.unmatched()) {
            err.println("ura: warning: " + u + ": no trace file here");
        }
        if (found.files().isEmpty()) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "no trace file in " + String.join(" ", paths));
        }
        TraceRows.Settings settings = new TraceRows.Settings(options, scenario, WhatIfFlags.text(args), tagMap,
                TraceRows.uraVersion());
        long start = System.nanoTime();
        BatchRun.Summary summary;
        try (RunStore runStore = openStore()) {
            BatchProgress progress = new BatchProgress(err, System.console() != null, found.files().size());
            BatchRun batch = new BatchRun(runStore, settings, MemoryBudget.ofHeap(), progress);
            Thread hook = new Thread(batch::interrupted, "ura-batch-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                summary = batch.run(found.files(), workers);
            } finally {
                removeHook(hook);
                progress.end();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, BatchReport.of(store.toString(), found.files().size(), summary, seconds, workers));
        } else {
            BatchReport.printText(out, store.toString(), found.files().size(), summary, seconds);
        }
        return summary.failures().isEmpty() ? UraCommand.EXIT_OK : UraCommand.EXIT_BAD_INPUT;
    }

    private RunStore openStore() throws CommandFailure {
        try {
            return RunStore.openForWriting(store);
        } catch (StoreException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (Ctrl+C): the hook runs
        }
    }
}
