package dev.ura.app.analysis.regression;

/**
 * The regression check both the command line and the runs view use: anomalies against a rolling
 * baseline plus E-Divisive change points, and the verdict on the newest {@code window} runs.
 */
public final class RegressionAnalyzer {
    private final RegressionOptions options;
    private final AnomalyDetector anomalies;
    private final EDivisiveAlgorithm changes;

    /** @throws IllegalArgumentException when an option is out of range (message names it) */
    public RegressionAnalyzer(RegressionOptions options) {
        if (options.window() < 2) {
            throw new IllegalArgumentException("--window must be at least 2: " + options.window());
        }
        if (options.history() < 0) {
            throw new IllegalArgumentException("--history must not be negative: " + options.history());
        }
        this.options = options;
        this.anomalies = new AnomalyDetector(options.window(), options.sigmas(),
                Math.min(AnomalyDetector.DEFAULT_MIN_HISTORY, options.window()));
        this.changes = new EDivisiveAlgorithm(options.alpha(), options.permutations(), options.minSize(),
                options.seed());
    }

    public RegressionOptions options() {
        return options;
    }

    /** Checks one series. */
    public SeriesRegression analyze(RunSeries series) {
        double[] values = series.values();
        return new SeriesRegression(series, anomalies.detect(values), changes.changePoints(values, options.history()),
                Math.max(0, values.length - options.window()));
    }
}
