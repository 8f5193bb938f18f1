package dev.ura.app.ui.runs;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.regression.ChangePoint;
import dev.ura.app.analysis.regression.SeriesRegression;
import org.jfree.chart.ChartMouseEvent;
import org.jfree.chart.ChartMouseListener;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;

import javax.swing.Box;
import javax.swing.BoxLayout;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JPanel;
import java.awt.BasicStroke;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.event.InputEvent;
import java.awt.geom.Ellipse2D;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The runs view: one point per run (its value, e.g. response 0's duration), anomalies as red dots,
 * change points as vertical markers with their change and p-value, each segment's mean as a dashed
 * line, and the newest runs that decide the verdict shaded. Hovering a point shows its run and value;
 * clicking it asks the {@link RunsListener} to open that run; Ctrl/⌘-click selects up to two runs and
 * "Compare" asks the listener to compare them. Use on the EDT only.
 */
public final class RunsPanel extends JPanel {
    private static final RunsListener NONE = new RunsListener() {
        @Override
        public void openRun(int index, String run) {
            // Nobody mounted a listener: clicks only select.
        }

        @Override
        public void compareRuns(int older, String olderRun, int newer, String newerRun) {
            // Nobody mounted a listener: nothing to compare with.
        }
    };

    private static final Color TRANSPARENT = new Color(0, 0, 0, 0);

    private final RunsChartModel model = new RunsChartModel();
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ChartPanel chartPanel;
    private final XYLineAndShapeRenderer pointRenderer = new XYLineAndShapeRenderer(true, true);
    private final XYLineAndShapeRenderer meanRenderer = new XYLineAndShapeRenderer(true, false);
    private final JLabel summary = PlainText.label("No runs");
    private final JButton compare = new JButton("Compare");
    private final LinkedHashSet<Integer> selection = new LinkedHashSet<>();
    private RunsListener listener = NONE;

    public RunsPanel() {
        super(new BorderLayout());
        NumberAxis x = new NumberAxis("run");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis y = new NumberAxis("value");
        y.setAutoRangeIncludesZero(false);
        plot = new XYPlot(model.points(), x, y, pointRenderer);
        plot.setDataset(1, model.means());
        plot.setRenderer(1, meanRenderer);
        plot.setNoDataMessage("No runs");
        // Anomalies and selection rings must lie on top of the run line (JFreeChart draws series 0 last by default).
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        pointRenderer.setDefaultToolTipGenerator(this::toolTip);
        meanRenderer.setDefaultToolTipGenerator(this::meanToolTip);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chartPanel = new ChartPanel(chart, false, false, false, true, true);
        chartPanel.setName("runsChart");
        chartPanel.setInitialDelay(0);
        chartPanel.setDismissDelay(60_000);
        chartPanel.setMouseWheelEnabled(true);
        chartPanel.addChartMouseListener(new Clicks());
        compare.setEnabled(false);
        compare.setToolTipText("Compare the two selected runs (Ctrl/⌘-click to select)");
        compare.addActionListener(e -> compareSelected());
        JPanel top = new JPanel();
        top.setLayout(new BoxLayout(top, BoxLayout.X_AXIS));
        top.setBorder(Padding.of(4, 8, 4, 8));
        top.add(summary);
        top.add(Box.createHorizontalGlue());
        top.add(compare);
        add(top, BorderLayout.NORTH);
        add(chartPanel, BorderLayout.CENTER);
        applyTheme();
    }

    /** Receives clicks and compare requests (replaces the previous listener; {@code null} for none). */
    public void setRunsListener(RunsListener l) {
        listener = l == null ? NONE : l;
    }

    /**
     * Shows a regression result ({@code null} clears the view).
     *
     * @param nanoseconds whether the values are nanoseconds (shown as milliseconds)
     */
    public void setRegression(SeriesRegression result, boolean nanoseconds) {
        selection.clear();
        model.set(result, nanoseconds);
        plot.getRangeAxis().setLabel(result == null ? "value"
                : nanoseconds ? shownMetric(result.series().metric()) + " (ms)" : result.series().metric());
        plot.clearDomainMarkers();
        if (result == null) {
            plot.getDomainAxis().setAutoRange(true);
        } else {
            // the axis names each run (the file's build or name), not its position in the series
            SymbolAxis names = new SymbolAxis("run", result.series().runs().toArray(new String[0]));
            names.setVerticalTickLabels(result.series().size() > 12);
            plot.setDomainAxis(names);
            applyTheme();
            // half a run of room each side so the first and last points are not cut by the plot's edge
            plot.getDomainAxis().setRange(-0.5, Math.max(0.5, result.series().size() - 0.5));
        }
        if (result != null) {
            markWindow(result);
            for (ChangePoint c : result.changePoints()) {
                markChange(c);
            }
        }
        summary.setText(summaryText(result, nanoseconds));
        selectionChanged();
    }

    /** The shown result, or {@code null}. */
    public SeriesRegression regression() {
        return model.result();
    }

    /**
     * Toggles run {@code index} in the selection (what Ctrl/⌘-click does); at most two runs stay
     * selected, the oldest pick giving way.
     */
    public void toggleSelection(int index) {
        if (index < 0 || index >= model.size()) {
            throw new IndexOutOfBoundsException("run " + index + " of " + model.size());
        }
        if (!selection.remove(index)) {
            selection.add(index);
            if (selection.size() > 2) {
                selection.remove(selection.iterator().next());
            }
        }
        selectionChanged();
    }

    /** The selected runs in series order. */
    public List<Integer> selectedRuns() {
        return selection.stream().sorted().toList();
    }

    /** Asks the listener to compare the two selected runs; does nothing unless exactly two are selected. */
    public void compareSelected() {
        List<Integer> s = selectedRuns();
        if (s.size() == 2) {
            listener.compareRuns(s.get(0), model.run(s.get(0)), s.get(1), model.run(s.get(1)));
        }
    }

    /** The chart (for export and tests). */
    public JFreeChart chart() {
        return chart;
    }

    @Override
    public void updateUI() {
        super.updateUI();
        if (chart != null) {
            applyTheme();
        }
    }

    private void selectionChanged() {
        model.select(selectedRuns());
        compare.setEnabled(selection.size() == 2);
    }

    private void markWindow(SeriesRegression r) {
        int n = r.series().size();
        IntervalMarker window = new IntervalMarker(r.windowStart() - 0.5, n - 0.5);
        window.setPaint(RunsColors.window());
        window.setLabel(r.regressed() ? "newest runs: regression" : "newest runs");
        window.setLabelPaint(r.regressed() ? RunsColors.anomaly() : RunsColors.muted());
        window.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
        window.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        window.setLabelBackgroundColor(TRANSPARENT);
        plot.addDomainMarker(window, Layer.BACKGROUND);
    }

    private void markChange(ChangePoint c) {
        ValueMarker m = new ValueMarker(c.index() - 0.5);
        Color paint = c.isIncrease() ? RunsColors.changePoint() : RunsColors.improvement();
        m.setPaint(paint);
        m.setStroke(new BasicStroke(1.5f));
        m.setAlpha(1f);
        m.setLabel(String.format(Locale.ROOT, "%+.1f%%  p=%.3f", c.relativeChange() * 100, c.pValue()));
        m.setLabelPaint(paint);
        m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        m.setLabelBackgroundColor(TRANSPARENT);
        plot.addDomainMarker(m, Layer.FOREGROUND);
    }

    /** A nanosecond metric shown in ms loses its "Ns" suffix ("responseNs (ms)" reads as a contradiction). */
    private static String shownMetric(String metric) {
        return metric.endsWith("Ns") && metric.length() > 2 ? metric.substring(0, metric.length() - 2) : metric;
    }

    private String summaryText(SeriesRegression r, boolean nanoseconds) {
        if (r == null) {
            return "No runs";
        }
        return String.format(Locale.ROOT, "%s: %d runs · %d anomal%s · %d change point%s · newest %d runs: %s",
                nanoseconds ? shownMetric(r.series().metric()) : r.series().metric(), r.series().size(), r.anomalies().size(), r.anomalies().size() == 1 ? "y" : "ies",
                r.changePoints().size(), r.changePoints().size() == 1 ? "" : "s", r.series().size() - r.windowStart(),
                r.regressed() ? "REGRESSION" : "ok");
    }

    String toolTip(XYDataset dataset, int series, int item) {
        int index = (int) Math.round(dataset.getXValue(series, item));
        String value = format(dataset.getYValue(series, item));
        String what = series == RunsChartModel.ANOMALIES ? " — anomaly" : "";
        return model.run(index) + " (#" + index + "): " + value + what;
    }

    private String meanToolTip(XYDataset dataset, int series, int item) {
        return "segment mean: " + format(dataset.getYValue(series, item));
    }

    private String format(double shown) {
        return model.nanos() ? String.format(Locale.ROOT, "%.2f ms", shown) : String.format(Locale.ROOT, "%.6g", shown);
    }

    private void applyTheme() {
        Color bg = RunsColors.background();
        Color text = RunsColors.text();
        chart.setBackgroundPaint(bg);
        plot.setBackgroundPaint(bg);
        plot.setDomainGridlinePaint(RunsColors.grid());
        plot.setRangeGridlinePaint(RunsColors.grid());
        plot.setNoDataMessagePaint(RunsColors.muted());
        for (var axis : List.of(plot.getDomainAxis(), plot.getRangeAxis())) {
            axis.setLabelPaint(text);
            axis.setTickLabelPaint(text);
            axis.setAxisLinePaint(RunsColors.grid());
            axis.setTickMarkPaint(RunsColors.grid());
        }
        pointRenderer.setSeriesPaint(RunsChartModel.VALUES, RunsColors.line());
        pointRenderer.setSeriesShape(RunsChartModel.VALUES, new Ellipse2D.Double(-2.5, -2.5, 5, 5));
        pointRenderer.setSeriesPaint(RunsChartModel.ANOMALIES, RunsColors.anomaly());
        pointRenderer.setSeriesLinesVisible(RunsChartModel.ANOMALIES, false);
        pointRenderer.setSeriesShape(RunsChartModel.ANOMALIES, new Ellipse2D.Double(-5, -5, 10, 10));
        pointRenderer.setSeriesPaint(RunsChartModel.SELECTED, RunsColors.selection());
        pointRenderer.setSeriesLinesVisible(RunsChartModel.SELECTED, false);
        pointRenderer.setSeriesShapesFilled(RunsChartModel.SELECTED, false);
        pointRenderer.setSeriesStroke(RunsChartModel.SELECTED, new BasicStroke(2f));
        pointRenderer.setSeriesShape(RunsChartModel.SELECTED, new Ellipse2D.Double(-7, -7, 14, 14));
        meanRenderer.setAutoPopulateSeriesPaint(false);
        meanRenderer.setAutoPopulateSeriesStroke(false);
        meanRenderer.setDefaultPaint(RunsColors.muted());
        meanRenderer.setDefaultStroke(new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {6, 4}, 0));
        summary.setForeground(text);
    }

    /** Click opens, Ctrl/⌘-click selects (clicks on the values, the anomalies or the selection rings). */
    private final class Clicks implements ChartMouseListener {
        @Override
        public void chartMouseClicked(ChartMouseEvent e) {
            if (!(e.getEntity() instanceof XYItemEntity item) || item.getDataset() != model.points()) {
                return;
            }
            int index = (int) Math.round(item.getDataset().getXValue(item.getSeriesIndex(), item.getItem()));
            int mask = InputEvent.CTRL_DOWN_MASK | InputEvent.META_DOWN_MASK;
            if ((e.getTrigger().getModifiersEx() & mask) != 0) {
                toggleSelection(index);
            } else {
                listener.openRun(index, model.run(index));
            }
        }

        @Override
        public void chartMouseMoved(ChartMouseEvent e) {
            // Hover text comes from the tool-tip generators.
        }
    }

    /** The chart component (tests locate points through its rendering info). */
    ChartPanel chartPanel() {
        return chartPanel;
    }
}
