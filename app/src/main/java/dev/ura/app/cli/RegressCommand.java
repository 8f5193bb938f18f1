package dev.ura.app.cli;

import dev.ura.app.analysis.regression.AnomalyDetector;
import dev.ura.app.analysis.regression.ChangePointMethod;
import dev.ura.app.analysis.regression.EDivisiveAlgorithm;
import dev.ura.app.analysis.regression.RegressionAnalyzer;
import dev.ura.app.analysis.regression.RegressionOptions;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.RunSeriesCsvReader;
import dev.ura.app.analysis.regression.SeriesRegression;
import dev.ura.app.analysis.regression.SeriesSet;
import dev.ura.app.analysis.regression.TraceFolderSeries;
import dev.ura.trace.util.OneLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ura regress SERIES}: anomalies and change points over a series of runs; exit 3 on a regression. */
@Command(name = "regress", mixinStandardHelpOptions = true,
        description = {"Anomalies and change points over a series of runs; exit 3 when the newest runs regressed.",
            "",
            "SERIES is a CSV file with a header, run,value or run,metric,value (run = commit or build id, oldest"
                + " first; bad rows are skipped with a warning naming the line), or a folder of traces: each is"
                + " analysed and its response 0's duration is the value.",
            "Traces of one build are grouped and the build keeps its fastest run: a file name containing"
                + " 'build' and a number (login@build-12.trace, build-12-run-3.trace, build_12.trace) belongs to"
                + " build-12; builds are ordered by number, other files are runs of their own in file-name order"
                + " (numbers compared by value).",
            "",
            "An anomaly is a run more than --sigmas standard deviations above the mean of the --window runs"
                + " before it. A change point is a significant E-Divisive split (Matteson & James 2014; permutation"
                + " test) among the newest --history runs; a shift fewer than --min-size runs from the end is"
                + " found once 3 runs show it, and placed at its first run. A regression is an anomaly or an"
                + " upward change point among the newest --window runs."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:no regression", "1:bad input", "2:bad usage", "3:the newest runs regressed"})
final class RegressCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SERIES",
            description = "A CSV file or a folder of traces (or --store instead).")
    Path series;

    @Option(names = "--store", paramLabel = "DIR", description = "Judge the runs of a run store (ura batch) instead"
            + " of SERIES: --metric picks the value (default duration), --by splits them into one series per tag value.")
    Path store;

    @Option(names = "--by", paramLabel = "KEY", description = "With --store: one series per value of this tag.")
    String by;

    @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
    boolean json;

    @Option(names = "--window", paramLabel = "M", defaultValue = "" + AnomalyDetector.DEFAULT_WINDOW,
            description = "Anomaly baseline and newest runs judged (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--sigmas", paramLabel = "N", defaultValue = "4",
            description = "Anomaly threshold in standard deviations (default: ${DEFAULT-VALUE}).")
    double sigmas;

    @Option(names = "--alpha", paramLabel = "A", defaultValue = "" + EDivisiveAlgorithm.DEFAULT_ALPHA,
            description = "Change-point significance level (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--permutations", paramLabel = "R", defaultValue = "" + EDivisiveAlgorithm.DEFAULT_PERMUTATIONS,
            description = "Permutations of the significance test (default: ${DEFAULT-VALUE}).")
    int permutations;

    @Option(names = "--min-size", paramLabel = "K", defaultValue = "" + EDivisiveAlgorithm.DEFAULT_MIN_SIZE,
            description = "Fewest runs on each side of a change point (default: ${DEFAULT-VALUE}).")
    int minSize;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + EDivisiveAlgorithm.DEFAULT_SEED,
            description = "Seed of the permutations, for reproducible results (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--history", paramLabel = "H", defaultValue = "" + RegressionOptions.DEFAULT_HISTORY,
            description = "Change points are searched in the newest H runs; 0 = all (default: ${DEFAULT-VALUE}).")
    int history;

    @Option(names = "--metric", paramLabel = "NAME", description = "Only this metric of a run,metric,value CSV.")
    String metric;

    @Option(names = "--method", paramLabel = "NAME", defaultValue = "e-divisive",
            description = "Change-point method: e-divisive (permutation test) or hunter (Apache Otava's t-test split"
                    + " and merge, window 50, deterministic; --alpha is its p-value, Otava's default is 0.001)"
                    + " (default: ${DEFAULT-VALUE}).")
    String method;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ChangePointMethod m = ChangePointMethod.of(method).orElseThrow(() -> new CommandFailure(UraCommand.EXIT_USAGE,
                "--method must be e-divisive or hunter: " + method));
        RegressionAnalyzer analyzer;
        try {
            analyzer = new RegressionAnalyzer(new RegressionOptions(window, sigmas, alpha, permutations, minSize, seed,
                    history, m));
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, e.getMessage());
        }
        if ((series == null) == (store == null)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "give either SERIES or --store DIR");
        }
        if (by != null && store == null) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--by needs --store");
        }
        boolean folder = store == null && Files.isDirectory(series);
        SeriesSet set;
        List<RunSeries> chosen;
        if (store != null) {
            set = RegressStore.read(store, metric, by);
            chosen = set.series();
        } else {
            if (!folder && !Files.exists(series)) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, series + ": no such file or folder");
            }
            set = folder ? TraceFolderSeries.read(series, ResponseTimes::responseZeroNs)
                    : RunSeriesCsvReader.read(series);
            chosen = select(set.series());
        }
        List<SeriesRegression> results = new ArrayList<>();
        List<String> warnings = new ArrayList<>(set.warnings());
        for (RunSeries s : chosen) {
            results.add(analyzer.analyze(s));
            int searched = analyzer.options().effectiveHistory(s.values().length);
            if (searched < s.values().length && (history <= 0 || history > searched)) {
                warnings.add(s.metric() + ": change points searched in the newest " + searched + " of "
                        + s.values().length + " runs only (at most " + RegressionOptions.MAX_HISTORY + ")");
            }
        }
        // Values in nanoseconds print as durations: trace folders and every store metric but a count.
        boolean nanos = folder || store != null && !"responses".equals(metric);
        RegressReport report = RegressReport.of(results, nanos, warnings);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, report);
            PrintWriter err = spec.commandLine().getErr();
            warnings.forEach(w -> err.println("ura: warning: " + OneLine.of(w)));
            err.flush();
        } else {
            report.printText(out, nanos);
        }
        return report.regressed() ? UraCommand.EXIT_REGRESSION : UraCommand.EXIT_OK;
    }

    private List<RunSeries> select(List<RunSeries> all) throws CommandFailure {
        if (metric == null) {
            return all;
        }
        List<RunSeries> chosen = all.stream().filter(s -> s.metric().equals(metric)).toList();
        if (chosen.isEmpty()) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "no metric '" + metric + "' in " + series + " (it has: "
                    + String.join(", ", all.stream().map(RunSeries::metric).toList()) + ")");
        }
        return chosen;
    }
}
