package dev.ura.app.ui.runs;

import dev.ura.app.analysis.regression.Anomaly;
import dev.ura.app.analysis.regression.ChangePoint;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.SeriesRegression;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.util.Collection;
import java.util.List;

/**
 * The chart data of a regression result: run values (series 0), anomalies (1) and selected runs (2)
 * in {@link #points()}, one flat line per segment between change points in {@link #means()}.
 * Values of nanosecond series are shown in milliseconds.
 */
final class RunsChartModel {
    static final int VALUES = 0;
    static final int ANOMALIES = 1;
    static final int SELECTED = 2;

    private final XYSeriesCollection points = new XYSeriesCollection();
    private final XYSeriesCollection means = new XYSeriesCollection();
    private final XYSeries values = new XYSeries("runs", false, true);
    private final XYSeries anomalies = new XYSeries("anomalies", false, true);
    private final XYSeries selected = new XYSeries("selected", false, true);
    private SeriesRegression result;
    private boolean nanos;

    RunsChartModel() {
        points.addSeries(values);
        points.addSeries(anomalies);
        points.addSeries(selected);
    }

    XYSeriesCollection points() {
        return points;
    }

    XYSeriesCollection means() {
        return means;
    }

    SeriesRegression result() {
        return result;
    }

    boolean nanos() {
        return nanos;
    }

    int size() {
        return result == null ? 0 : result.series().size();
    }

    String run(int index) {
        return result.series().runs().get(index);
    }

    /** The value as shown (ms for nanosecond series). */
    double shown(double value) {
        return nanos ? value / 1e6 : value;
    }

    void set(SeriesRegression r, boolean nanoseconds) {
        this.result = r;
        this.nanos = nanoseconds;
        values.clear();
        anomalies.clear();
        selected.clear();
        means.removeAllSeries();
        if (r == null) {
            return;
        }
        RunSeries s = r.series();
        for (int i = 0; i < s.size(); i++) {
            values.add(i, shown(s.value(i)), false);
        }
        values.fireSeriesChanged();
        for (Anomaly a : r.anomalies()) {
            anomalies.add(a.index(), shown(a.value()));
        }
        List<ChangePoint> cps = r.changePoints();
        int from = 0;
        for (int k = 0; k <= cps.size(); k++) {
            int to = k < cps.size() ? cps.get(k).index() : s.size();
            double mean = k < cps.size() ? cps.get(k).before() : (cps.isEmpty() ? Double.NaN : cps.get(k - 1).after());
            if (!Double.isNaN(mean) && to > from) {
                XYSeries seg = new XYSeries("mean " + k, false, true);
                seg.add(from - 0.4, shown(mean));
                seg.add(to - 0.6, shown(mean));
                means.addSeries(seg);
            }
            from = to;
        }
    }

    void select(Collection<Integer> indices) {
        selected.clear();
        if (result == null) {
            return;
        }
        for (int i : indices) {
            selected.add(i, shown(result.series().value(i)));
        }
    }
}
