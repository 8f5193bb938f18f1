package dev.ura.app.analysis.regression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The regression check both the command line and the runs view use: anomalies against a rolling
 * baseline plus change points (E-Divisive by default, or Otava's Hunter), and the verdict on the
 * newest {@code window} runs.
 */
public final class RegressionAnalyzer {
    private final RegressionOptions options;
    private final AnomalyDetector anomalies;
    private final EDivisiveAlgorithm eDivisive;
    private final HunterAlgorithm hunter;

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
        boolean useHunter = options.method() == ChangePointMethod.HUNTER;
        this.eDivisive = useHunter ? null : new EDivisiveAlgorithm(options.alpha(), options.permutations(),
                options.minSize(), options.seed());
        this.hunter = useHunter ? new HunterAlgorithm(RegressionOptions.HUNTER_WINDOW, options.alpha(), 0) : null;
    }

    public RegressionOptions options() {
        return options;
    }

    /** Checks one series. */
    public SeriesRegression analyze(RunSeries series) {
        double[] values = series.values();
        return new SeriesRegression(series, anomalies.detect(values), changePoints(values),
                Math.max(0, values.length - options.window()));
    }

    private List<ChangePoint> changePoints(double[] values) {
        int history = options.effectiveHistory(values.length);
        if (eDivisive != null) {
            return eDivisive.changePoints(values, history);
        }
        int offset = values.length - history;
        List<ChangePoint> out = new ArrayList<>();
        for (ChangePoint c : hunter.changePoints(Arrays.copyOfRange(values, offset, values.length))) {
            out.add(new ChangePoint(c.index() + offset, c.before(), c.after(), c.pValue(), c.statistic()));
        }
        return out;
    }
}
