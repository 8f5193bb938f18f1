package dev.ura.app.analysis.regression;

import java.util.List;

/**
 * One metric measured over a sequence of runs, oldest first.
 *
 * @param metric what was measured ({@code value}, a CSV metric name, {@code response0Ns})
 * @param runs   the run names (commit, build id, file), one per value
 * @param values the values, in the metric's unit (nanoseconds for traces)
 */
public record RunSeries(String metric, List<String> runs, double[] values) {
    public RunSeries {
        runs = List.copyOf(runs);
        values = values.clone();
        if (runs.size() != values.length) {
            throw new IllegalArgumentException(runs.size() + " runs but " + values.length + " values");
        }
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    /** Number of runs. */
    public int size() {
        return values.length;
    }

    /** Value of run {@code i}. */
    public double value(int i) {
        return values[i];
    }
}
