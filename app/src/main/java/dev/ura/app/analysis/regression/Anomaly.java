package dev.ura.app.analysis.regression;

/**
 * A run well above the runs just before it.
 *
 * @param index  0-based index of the run in its series
 * @param value  its value
 * @param mean   mean of the baseline (the previous runs, at most the detector's window)
 * @param stddev standard deviation of the baseline (sample, n − 1), floored as {@link AnomalyDetector} says
 * @param sigmas {@code (value − mean) / stddev}
 */
public record Anomaly(int index, double value, double mean, double stddev, double sigmas) {
}
