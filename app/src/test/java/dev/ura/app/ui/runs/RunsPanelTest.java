package dev.ura.app.ui.runs;

import dev.ura.app.analysis.regression.RegressionAnalyzer;
import dev.ura.app.analysis.regression.RegressionOptions;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.SeriesRegression;
import org.jfree.chart.ChartMouseEvent;
import org.jfree.chart.ChartMouseListener;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Headless: the panel is built and painted off screen (no window, no robot). */
class RunsPanelTest {
    static SeriesRegression shiftAndSpike() {
        double[] v = new double[80];
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            v[i] = (100 + ((i * 7) % 5 - 2) * 0.5 + (i >= 50 ? 8 : 0)) * 1e6;
            runs.add("c" + i);
        }
        v[20] = 130e6;
        return new RegressionAnalyzer(RegressionOptions.defaults()).analyze(new RunSeries("responseNs", runs, v));
    }

    private static final class Recorder implements RunsListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void openRun(int index, String run) {
            calls.add("open " + index + " " + run);
        }

        @Override
        public void compareRuns(int older, String olderRun, int newer, String newerRun) {
            calls.add("compare " + older + " " + olderRun + " " + newer + " " + newerRun);
        }
    }

    @Test
    void showsRunsAnomaliesChangePointsAndTheWindow() {
        SeriesRegression r = shiftAndSpike();
        assertThat(r.anomalies()).extracting(a -> a.index()).contains(20);
        assertThat(r.changePoints()).hasSize(1);
        RunsPanel panel = new RunsPanel();
        panel.setRegression(r, true);
        XYPlot plot = panel.chart().getXYPlot();
        assertThat(plot.getDataset(0).getItemCount(RunsChartModel.VALUES)).isEqualTo(80);
        assertThat(plot.getDataset(0).getYValue(RunsChartModel.VALUES, 0)).isEqualTo(99.0);
        assertThat(plot.getDataset(0).getItemCount(RunsChartModel.ANOMALIES)).isEqualTo(r.anomalies().size());
        assertThat(plot.getDataset(1).getSeriesCount()).isEqualTo(2);
        assertThat(plot.getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).hasSize(1);
        assertThat(plot.getDomainMarkers(org.jfree.chart.ui.Layer.BACKGROUND)).hasSize(1);
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("response (ms)");
        assertThat(panel.toolTip(plot.getDataset(0), RunsChartModel.ANOMALIES, 0)).isEqualTo(
                "c20 (#20): 130.00 ms — anomaly");
        BufferedImage img = new BufferedImage(900, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        // Without anti-aliasing the thin marker line keeps its exact colour.
        panel.chart().setAntiAlias(false);
        panel.chart().draw(g, new Rectangle(0, 0, 900, 400));
        g.dispose();
        assertThat(count(img, RunsColors.anomaly().getRGB())).isGreaterThan(20);
        assertThat(count(img, RunsColors.changePoint().getRGB())).isGreaterThan(20);
    }

    @Test
    void clickOpensCtrlClickSelectsAndCompareAsksForTwo() {
        RunsPanel panel = new RunsPanel();
        panel.setRegression(shiftAndSpike(), true);
        Recorder rec = new Recorder();
        panel.setRunsListener(rec);
        ChartMouseListener clicks = (ChartMouseListener) panel.chartPanel().getListeners(ChartMouseListener.class)[0];
        clicks.chartMouseClicked(click(panel, 12, 0));
        assertThat(rec.calls).containsExactly("open 12 c12");
        clicks.chartMouseClicked(click(panel, 60, InputEvent.CTRL_DOWN_MASK));
        clicks.chartMouseClicked(click(panel, 5, InputEvent.CTRL_DOWN_MASK));
        assertThat(panel.selectedRuns()).containsExactly(5, 60);
        assertThat(panel.chart().getXYPlot().getDataset(0).getItemCount(RunsChartModel.SELECTED)).isEqualTo(2);
        panel.compareSelected();
        assertThat(rec.calls).containsExactly("open 12 c12", "compare 5 c5 60 c60");
        panel.toggleSelection(70);
        assertThat(panel.selectedRuns()).containsExactly(5, 70);
        panel.toggleSelection(5);
        panel.compareSelected();
        assertThat(rec.calls).hasSize(2);
        panel.setRegression(null, false);
        assertThat(panel.selectedRuns()).isEmpty();
        assertThat(panel.chart().getXYPlot().getDataset(0).getItemCount(RunsChartModel.VALUES)).isZero();
    }

    private static ChartMouseEvent click(RunsPanel panel, int index, int modifiers) {
        var dataset = panel.chart().getXYPlot().getDataset(0);
        XYItemEntity entity = new XYItemEntity(new Rectangle(0, 0, 4, 4), dataset, RunsChartModel.VALUES, index,
                null, null);
        MouseEvent e = new MouseEvent(panel.chartPanel(), MouseEvent.MOUSE_CLICKED, 0L, modifiers, 1, 1, 1, false);
        return new ChartMouseEvent(panel.chart(), e, entity);
    }

    /** Pixels within a small distance of {@code rgb} (anti-aliased lines are blended at their edges). */
    static int count(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                int d = Math.abs(((p >> 16) & 0xff) - ((rgb >> 16) & 0xff)) + Math.abs(((p >> 8) & 0xff)
                        - ((rgb >> 8) & 0xff)) + Math.abs((p & 0xff) - (rgb & 0xff));
                if (d <= 60) {
                    n++;
                }
            }
        }
        return n;
    }
}
