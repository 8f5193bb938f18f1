package dev.ura.app.ui;

import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JTable;
import javax.swing.JViewport;
import javax.swing.SwingUtilities;
import javax.swing.table.TableCellRenderer;
import javax.swing.table.TableColumn;
import java.awt.Component;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.util.Arrays;

/**
 * Columns as wide as their values. A number cut to "1.97…" reads as another unit, so every column
 * not named flexible is exactly as wide as its widest value (with its unit) and never narrower;
 * flexible columns (names, messages) take what is left and, when cut, show the whole text in the
 * tooltip ({@link PlainText#table}). When even the fixed widths do not fit, the table scrolls
 * sideways instead of squeezing them.
 */
public final class TableFit {
    /** Rows measured: enough for every table of the window; a longer profile table is sampled. */
    static final int MEASURED_ROWS = 2_000;
    /** The narrowest a flexible column gets before the table scrolls sideways, px. */
    static final int FLEXIBLE_MIN = 48;
    private static final String KEY = "ura.tableFit.flexible";
    private static final String NEEDS = "ura.tableFit.needs";

    private TableFit() {
    }

    /** Fits {@code table}'s columns now and whenever its rows change. */
    public static JTable fit(JTable table, int... flexible) {
        int[] flex = flexible.clone();
        Arrays.sort(flex);
        table.putClientProperty(KEY, flex);
        table.getModel().addTableModelListener(e -> SwingUtilities.invokeLater(() -> refit(table)));
        table.addComponentListener(new ComponentAdapter() {
            @Override
            public void componentResized(ComponentEvent e) {
                chooseResizeMode(table);
            }
        });
        table.addHierarchyListener(e -> {
            if (table.getParent() instanceof JViewport v && v.getClientProperty(KEY) == null) {
                v.putClientProperty(KEY, Boolean.TRUE);
                v.addComponentListener(new ComponentAdapter() {
                    @Override
                    public void componentResized(ComponentEvent ev) {
                        chooseResizeMode(table);
                    }
                });
            }
        });
        refit(table);
        return table;
    }

    /** Whether column {@code column} (model index) of a fitted table may be narrower than its values. */
    public static boolean flexible(JTable table, int column) {
        return table.getClientProperty(KEY) instanceof int[] flex && Arrays.binarySearch(flex, column) >= 0;
    }

    /** The width a cell's value needs, px. */
    public static int needed(JTable table, int row, int viewColumn) {
        TableCellRenderer r = table.getCellRenderer(row, viewColumn);
        Component c = table.prepareRenderer(r, row, viewColumn);
        int w = c.getPreferredSize().width;
        if (c instanceof JLabel l && l.getText() != null && l.getIcon() == null) {
            // a renderer's preferred width can lag behind its text until it is laid out: measure the text
            w = Math.max(w, l.getFontMetrics(l.getFont()).stringWidth(l.getText()) + l.getInsets().left
                    + l.getInsets().right);
        }
        return w + table.getIntercellSpacing().width;
    }

    static void refit(JTable table) {
        for (int vc = 0; vc < table.getColumnCount(); vc++) {
            TableColumn col = table.getColumnModel().getColumn(vc);
            int need = headerWidth(table, col, vc);
            int rows = Math.min(table.getRowCount(), MEASURED_ROWS);
            for (int r = 0; r < rows; r++) {
                need = Math.max(need, needed(table, r, vc));
            }
            need += 6; // a little air so neighbouring values do not touch
            if (flexible(table, col.getModelIndex())) {
                needs(table).put(col.getModelIndex(), need);
                col.setMinWidth(Math.min(need, FLEXIBLE_MIN));
                col.setMaxWidth(Integer.MAX_VALUE);
                col.setPreferredWidth(need);
            } else {
                // max before min: Swing clamps each to the other
                col.setMaxWidth(Math.max(need, col.getMinWidth()));
                col.setMinWidth(need);
                col.setMaxWidth(hasFlexible(table) ? need : Integer.MAX_VALUE);
                col.setPreferredWidth(need);
            }
        }
        chooseResizeMode(table);
    }

    @SuppressWarnings("unchecked")
    private static java.util.Map<Integer, Integer> needs(JTable table) {
        Object o = table.getClientProperty(NEEDS);
        if (o instanceof java.util.Map<?, ?> m) {
            return (java.util.Map<Integer, Integer>) m;
        }
        java.util.Map<Integer, Integer> m = new java.util.HashMap<>();
        table.putClientProperty(NEEDS, m);
        return m;
    }

    private static int needOf(JTable table, int modelColumn, int fallback) {
        return needs(table).getOrDefault(modelColumn, fallback);
    }

    private static boolean hasFlexible(JTable table) {
        return table.getClientProperty(KEY) instanceof int[] flex && flex.length > 0;
    }

    private static int headerWidth(JTable table, TableColumn col, int vc) {
        TableCellRenderer h = col.getHeaderRenderer() != null ? col.getHeaderRenderer()
                : table.getTableHeader() == null ? null : table.getTableHeader().getDefaultRenderer();
        if (h == null) {
            return 0;
        }
        Component c = h.getTableCellRendererComponent(table, col.getHeaderValue(), false, false, -1, vc);
        return c.getPreferredSize().width;
    }

    /** Fill the viewport when every column fits at its minimum; scroll sideways when not. */
    private static void chooseResizeMode(JTable table) {
        if (!(table.getParent() instanceof JViewport v)) {
            return;
        }
        int min = 0;
        for (int vc = 0; vc < table.getColumnCount(); vc++) {
            min += table.getColumnModel().getColumn(vc).getMinWidth();
        }
        boolean tooNarrow = min > v.getWidth() && v.getWidth() > 0;
        int mode = tooNarrow ? JTable.AUTO_RESIZE_OFF : JTable.AUTO_RESIZE_SUBSEQUENT_COLUMNS;
        for (int vc = 0; vc < table.getColumnCount(); vc++) {
            TableColumn col = table.getColumnModel().getColumn(vc);
            if (flexible(table, col.getModelIndex())) {
                // scrolling sideways: names at their narrowest, so the numbers come first into view
                int want = tooNarrow ? col.getMinWidth() : needOf(table, col.getModelIndex(), col.getPreferredWidth());
                if (col.getPreferredWidth() != want) {
                    col.setPreferredWidth(want);
                }
            }
        }
        if (table.getAutoResizeMode() != mode) {
            table.setAutoResizeMode(mode);
        }
    }

    /** Whether a cell shows less than its whole value. */
    public static boolean cut(JTable table, int row, int viewColumn) {
        return needed(table, row, viewColumn) > table.getColumnModel().getColumn(viewColumn).getWidth();
    }

    /** The text a cell's renderer shows, or {@code null} for a painted cell. */
    public static String text(JTable table, int row, int viewColumn) {
        Component c = table.prepareRenderer(table.getCellRenderer(row, viewColumn), row, viewColumn);
        return c instanceof JLabel l ? l.getText() : null;
    }

    /** The tooltip a cell's renderer carries. */
    public static String tooltip(JTable table, int row, int viewColumn) {
        Component c = table.prepareRenderer(table.getCellRenderer(row, viewColumn), row, viewColumn);
        return c instanceof JComponent j ? j.getToolTipText() : null;
    }
}
