package dev.ura.app.analysis.regression;

import java.util.List;

/**
 * The regression check of one series.
 *
 * @param series       the series
 * @param anomalies    runs far above their baseline, in index order
 * @param changePoints significant changes, in index order
 * @param windowStart  first index of the newest runs that decide the verdict
 */
public record SeriesRegression(RunSeries series, List<Anomaly> anomalies, List<ChangePoint> changePoints,
                               int windowStart) {
    public SeriesRegression {
        anomalies = List.copyOf(anomalies);
        changePoints = List.copyOf(changePoints);
    }

    /** Whether the newest runs regressed: an anomaly or an upward change point at or after {@link #windowStart}. */
    public boolean regressed() {
        return anomalies.stream().anyMatch(a -> a.index() >= windowStart)
                || changePoints.stream().anyMatch(c -> c.index() >= windowStart && c.isIncrease());
    }
}
