package dev.ura.app.ui.runs;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import org.junit.jupiter.api.Test;

import javax.swing.JLabel;
import java.awt.Component;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CriticalPathDiffPanelTest {
    private static Segment seg(String thread, String name, long ms) {
        return new Segment(0, 0, thread, name, 0, ms * 1_000_000, Category.CPU, null, 0, null);
    }

    /**
     * Runs on the EDT, as the window does: the table refits its columns in an event it posts when
     * its model changes, and that refit prepares the same shared renderer label this test reads
     * (off the EDT the two raced: CI once read the next cell's "80.0" instead of "+30.0").
     */
    @Test
    void showsRowsHeaderAndColours() throws Exception {
        try {
            javax.swing.SwingUtilities.invokeAndWait(CriticalPathDiffPanelTest::checkRowsHeaderAndColours);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    private static void checkRowsHeaderAndColours() {
        CriticalPathDiff d = CriticalPathDiff.compare(
                List.of(seg("main", "onClick", 10), seg("main", "query", 30), seg("bg", "load", 50)),
                List.of(seg("main", "onClick", 10), seg("bg", "load", 80), seg("bg", "parse", 20)));
        CriticalPathDiffPanel panel = new CriticalPathDiffPanel();
        panel.setDiff(d, "build-1", "build-2");
        var table = panel.table();
        assertThat(table.getRowCount()).isEqualTo(4);
        // changed rows first, largest |Δ| first (query −30 and load +30 tie: path order), then
        // parse (appeared, +20), then the unchanged onClick
        assertThat(java.util.stream.IntStream.range(0, 4).mapToObj(r -> table.getValueAt(r, DiffTableModel.SEGMENT)))
                .containsExactly("query", "load", "parse", "onClick");
        assertThat(table.getValueAt(1, DiffTableModel.DELTA)).isEqualTo(30.0);
        assertThat(table.getValueAt(2, DiffTableModel.BEFORE)).isNull();
        assertThat(table.getValueAt(0, DiffTableModel.KIND)).isEqualTo("vanished");
        Component delta = table.prepareRenderer(table.getCellRenderer(1, DiffTableModel.DELTA), 1, DiffTableModel.DELTA);
        assertThat(((JLabel) delta).getText()).isEqualTo("+30.0");
        assertThat(delta.getForeground()).isEqualTo(RunsColors.anomaly());
        Component shrank = table.prepareRenderer(table.getCellRenderer(0, DiffTableModel.KIND), 0, DiffTableModel.KIND);
        assertThat(shrank.getForeground()).isEqualTo(RunsColors.muted());
        // the chart of changes: the three changed segments, B − A in ms, unchanged ones left out
        var bars = panel.chartData();
        assertThat(bars.getColumnKeys()).containsExactly("query", "load", "parse");
        assertThat(bars.getValue("Δ", "query").doubleValue()).isEqualTo(-30.0);
        assertThat(bars.getValue("Δ", "load").doubleValue()).isEqualTo(30.0);
        assertThat(bars.getValue("Δ", "parse").doubleValue()).isEqualTo(20.0);
        JLabel header = (JLabel) ((java.awt.BorderLayout) panel.getLayout()).getLayoutComponent(java.awt.BorderLayout.NORTH);
        assertThat(header.getText()).isEqualTo("A build-1: 90.0 ms  →  B build-2: 110.0 ms   (+20.0 ms; 1 grew,"
                + " 0 shrank, 1 appeared, 1 vanished)");

        panel.setSize(900, 300);
        layout(panel);
        BufferedImage img = new BufferedImage(900, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        panel.paint(g);
        g.dispose();
        assertThat(RunsPanelTest.count(img, RunsColors.anomaly().getRGB())).isGreaterThan(50);
        panel.setDiff(null, null, null);
        assertThat(table.getRowCount()).isZero();
        assertThat(panel.chartData().getColumnCount()).isZero();
        assertThat(header.getText()).isEqualTo("No comparison");
    }

    private static void layout(Component c) {
        c.doLayout();
        if (c instanceof java.awt.Container k) {
            for (Component child : k.getComponents()) {
                layout(child);
            }
        }
    }
}
