package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.app.analysis.regression.Anomaly;
import dev.ura.app.analysis.regression.ChangePoint;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.SeriesRegression;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code regress --json} document (contract fields first; {@code regressed}, {@code windowStart}
 * and {@code warnings} are additions). Values of trace series are integer nanoseconds.
 */
@JsonPropertyOrder({"metrics", "regressed", "warnings"})
record RegressReport(List<MetricReport> metrics, boolean regressed, List<String> warnings) {

    @JsonPropertyOrder({"metric", "points", "anomalies", "changePoints", "regressed", "windowStart"})
    record MetricReport(String metric, int points, List<AnomalyReport> anomalies, List<ChangeReport> changePoints,
                        boolean regressed, int windowStart) {
    }

    @JsonPropertyOrder({"index", "run", "value", "mean", "stddev", "sigmas"})
    record AnomalyReport(int index, String run, Number value, Number mean, Number stddev, double sigmas) {
    }

    @JsonPropertyOrder({"index", "run", "before", "after", "pValue"})
    record ChangeReport(int index, String run, Number before, Number after, double pValue) {
    }

    static RegressReport of(List<SeriesRegression> results, boolean nanos, List<String> warnings) {
        List<MetricReport> metrics = new ArrayList<>();
        boolean any = false;
        for (SeriesRegression r : results) {
            RunSeries s = r.series();
            List<AnomalyReport> anomalies = new ArrayList<>();
            for (Anomaly a : r.anomalies()) {
                anomalies.add(new AnomalyReport(a.index(), s.runs().get(a.index()), num(a.value(), nanos),
                        num(a.mean(), nanos), num(a.stddev(), nanos), a.sigmas()));
            }
            List<ChangeReport> changes = new ArrayList<>();
            for (ChangePoint c : r.changePoints()) {
                changes.add(new ChangeReport(c.index(), s.runs().get(c.index()), num(c.before(), nanos),
                        num(c.after(), nanos), c.pValue()));
            }
            metrics.add(new MetricReport(s.metric(), s.size(), anomalies, changes, r.regressed(), r.windowStart()));
            any |= r.regressed();
        }
        return new RegressReport(metrics, any, warnings);
    }

    private static Number num(double v, boolean nanos) {
        return nanos ? (Number) Math.round(v) : (Number) v;
    }

    void printText(PrintWriter out, boolean nanos) {
        for (String w : warnings) {
            out.printf("warning: %s%n", w);
        }
        for (MetricReport m : metrics) {
            out.printf("%s: %d runs, verdict on runs %d..%d: %s%n", m.metric(), m.points(), m.windowStart(),
                    m.points() - 1, m.regressed() ? "REGRESSION" : "ok");
            if (m.anomalies().isEmpty()) {
                out.printf("  anomalies: none%n");
            } else {
                out.printf("  anomalies:%n    %6s  %-20s %12s %12s %12s %8s%n", "index", "run", "value", "mean", "stddev",
                        "sigmas");
                for (AnomalyReport a : m.anomalies()) {
                    out.printf("    %6d  %-20s %12s %12s %12s %8s%n", a.index(), a.run(), text(a.value(), nanos),
                            text(a.mean(), nanos), text(a.stddev(), nanos), sigmas(a.sigmas()));
                }
            }
            if (m.changePoints().isEmpty()) {
                out.printf("  change points: none%n");
            } else {
                out.printf("  change points:%n    %6s  %-20s %12s %12s %8s %8s%n", "index", "run", "before", "after",
                        "change", "p");
                for (ChangeReport c : m.changePoints()) {
                    double before = c.before().doubleValue();
                    String change = before == 0 ? "-"
                            : String.format(Locale.ROOT, "%+.1f%%", (c.after().doubleValue() / before - 1) * 100);
                    out.printf("    %6d  %-20s %12s %12s %8s %8.4f%n", c.index(), c.run(), text(c.before(), nanos),
                            text(c.after(), nanos), change, c.pValue());
                }
            }
        }
        out.flush();
    }

    /** One decimal for ordinary distances; a huge one (a near-constant baseline) in short scientific form. */
    static String sigmas(double s) {
        if (!Double.isFinite(s)) {
            return s > 0 ? "inf" : "n/a";
        }
        return Math.abs(s) < 1e6 ? String.format(Locale.ROOT, "%.1f", s) : String.format(Locale.ROOT, "%.3g", s);
    }

    private static String text(Number v, boolean nanos) {
        return nanos ? Durations.format(v.longValue()) : String.format(Locale.ROOT, "%.6g", v.doubleValue());
    }
}
