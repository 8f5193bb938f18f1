package dev.ura.app.ui.runs;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.TableFit;
import dev.ura.app.ui.ChartStyle;
import org.jfree.chart.ChartPanel;
import org.jfree.data.category.DefaultCategoryDataset;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.app.analysis.regression.SegmentChange;

import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.SwingConstants;
import javax.swing.table.DefaultTableCellRenderer;
import javax.swing.table.TableCellRenderer;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Graphics;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs' critical paths side by side: one row per matched segment with its duration in run A and
 * in run B, both as bars on one scale, the difference, and whether it grew, shrank, appeared or vanished.
 * Use on the EDT only.
 */
public final class CriticalPathDiffPanel extends JPanel {
    /** Bars in the chart of changes. */
    static final int CHART_BARS = 10;
    private final DiffTableModel model = new DiffTableModel();
    private final JTable table = PlainText.table(new JTable(model));
    private final JLabel header = PlainText.label("No comparison");
    /** The largest changes as bars (B − A, ms), coloured as the Δ column. */
    private final DefaultCategoryDataset deltas = new DefaultCategoryDataset();
    private final Map<String, SegmentChange.Kind> deltaKinds = new HashMap<>();
    private CriticalPathDiff diff;

    public CriticalPathDiffPanel() {
        super(new BorderLayout());
        header.setBorder(Padding.of(6, 8, 6, 8));
        table.setFillsViewportHeight(true);
        table.setAutoCreateRowSorter(true);
        DefaultTableCellRenderer numbers = new Numbers();
        table.setDefaultRenderer(Double.class, numbers);
        table.setDefaultRenderer(String.class, new Kinds());
        table.setDefaultRenderer(SegmentChange.class, new Bars());
        TableFit.fit(table, DiffTableModel.THREAD, DiffTableModel.SEGMENT, DiffTableModel.BARS);
        add(header, BorderLayout.NORTH);
        ChartPanel chart = ChartStyle.barChart("Largest changes (B − A)", "ms", deltas,
                key -> deltaKinds.containsKey(key) ? colorOf(deltaKinds.get(key), null) : null);
        chart.setName("deltaChart");
        chart.setMinimumDrawWidth(10);
        chart.setMinimumDrawHeight(10);
        JSplitPane split = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, new JScrollPane(table), chart);
        split.setResizeWeight(0.65);
        add(split, BorderLayout.CENTER);
    }

    /**
     * Shows a comparison ({@code null} clears).
     *
     * @param labelA what run A is (file or run name)
     * @param labelB what run B is
     */
    public void setDiff(CriticalPathDiff d, String labelA, String labelB) {
        diff = d;
        model.set(d);
        fillChart();
        header.setText(d == null ? "No comparison" : String.format(Locale.ROOT,
                "A %s: %.1f ms  →  B %s: %.1f ms   (%+.1f ms; %d grew, %d shrank, %d appeared, %d vanished)",
                labelA, d.beforeNs() / 1e6, labelB, d.afterNs() / 1e6, d.deltaNs() / 1e6,
                d.of(SegmentChange.Kind.GREW).size(), d.of(SegmentChange.Kind.SHRANK).size(),
                d.of(SegmentChange.Kind.APPEARED).size(), d.of(SegmentChange.Kind.VANISHED).size()));
    }

    /** The chart's bars: the {@link #CHART_BARS} largest changes, as the table lists them. */
    private void fillChart() {
        deltas.clear();
        deltaKinds.clear();
        for (int r = 0; r < model.getRowCount() && deltaKinds.size() < CHART_BARS; r++) {
            SegmentChange c = model.row(r);
            if (c.kind() == SegmentChange.Kind.SAME) {
                break; // changed rows come first
            }
            String key = (String) model.getValueAt(r, DiffTableModel.SEGMENT);
            key = key.length() > 40 ? "…" + key.substring(key.length() - 39) : key;
            if (deltaKinds.containsKey(key)) {
                key = key + " (" + c.thread() + ")";
            }
            if (deltaKinds.putIfAbsent(key, c.kind()) == null) {
                deltas.addValue(c.deltaNs() / 1e6, "Δ", key);
            }
        }
    }

    /** The chart's data (for tests): one column per bar. */
    DefaultCategoryDataset chartData() {
        return deltas;
    }

    /** The comparison shown, or {@code null}. */
    public CriticalPathDiff diff() {
        return diff;
    }

    /** The table (for tests and keyboard navigation by the window). */
    public JTable table() {
        return table;
    }

    private static Color colorOf(SegmentChange.Kind kind, Color normal) {
        return switch (kind) {
            case GREW -> RunsColors.anomaly();
            case SHRANK -> RunsColors.improvement();
            case APPEARED -> RunsColors.changePoint();
            case VANISHED -> RunsColors.muted();
            case SAME -> normal;
        };
    }

    private SegmentChange.Kind kindAt(JTable t, int viewRow) {
        return model.row(t.convertRowIndexToModel(viewRow)).kind();
    }

    /** Milliseconds with one decimal; Δ coloured by what happened. */
    private final class Numbers extends DefaultTableCellRenderer {
        Numbers() {
            setHorizontalAlignment(SwingConstants.RIGHT);
        }

        @Override
        public Component getTableCellRendererComponent(JTable t, Object value, boolean selected, boolean focus,
                                                       int row, int column) {
            String text = value == null ? "—" : String.format(Locale.ROOT,
                    t.convertColumnIndexToModel(column) == DiffTableModel.DELTA ? "%+.1f" : "%.1f", (Double) value);
            super.getTableCellRendererComponent(t, text, selected, focus, row, column);
            if (!selected && t.convertColumnIndexToModel(column) == DiffTableModel.DELTA) {
                setForeground(colorOf(kindAt(t, row), t.getForeground()));
            } else if (!selected) {
                setForeground(t.getForeground());
            }
            return this;
        }
    }

    /** Thread, segment and change columns, the change coloured. */
    private final class Kinds extends DefaultTableCellRenderer {
        Kinds() {
            PlainText.of(this);
        }

        @Override
        public Component getTableCellRendererComponent(JTable t, Object value, boolean selected, boolean focus,
                                                       int row, int column) {
            super.getTableCellRendererComponent(t, value, selected, focus, row, column);
            if (!selected) {
                boolean kindColumn = t.convertColumnIndexToModel(column) == DiffTableModel.KIND;
                setForeground(kindColumn ? colorOf(kindAt(t, row), t.getForeground()) : t.getForeground());
            }
            return this;
        }
    }

    /** A's duration (upper bar) over B's (lower bar), on the scale of the longest segment. */
    private final class Bars extends JComponent implements TableCellRenderer {
        private SegmentChange change;
        private Color background;

        @Override
        public Component getTableCellRendererComponent(JTable t, Object value, boolean selected, boolean focus,
                                                       int row, int column) {
            change = (SegmentChange) value;
            background = selected ? t.getSelectionBackground() : t.getBackground();
            return this;
        }

        @Override
        protected void paintComponent(Graphics g) {
            g.setColor(background);
            g.fillRect(0, 0, getWidth(), getHeight());
            if (change == null) {
                return;
            }
            int w = getWidth() - 4;
            int h = Math.max(2, (getHeight() - 4) / 2);
            double scale = (double) w / model.longestNs();
            g.setColor(RunsColors.muted());
            g.fillRect(2, 2, (int) Math.round(change.beforeNs() * scale), h - 1);
            g.setColor(colorOf(change.kind(), RunsColors.line()));
            g.fillRect(2, 2 + h, (int) Math.round(change.afterNs() * scale), h - 1);
        }
    }
}
