package dev.ura.app.ui;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

import javax.swing.UIManager;
import java.awt.Color;
import java.awt.Font;
import java.util.function.Function;

/** JFreeChart bar charts that follow the FlatLaf theme (restyled on every theme switch). */
public final class ChartStyle {
    /** The column key painted in the what-if colour. */
    public static final String WHAT_IF = "what-if";

    private ChartStyle() {
    }

    /** A horizontal bar chart of {@code data} with a value axis label. */
    public static ChartPanel barChart(String title, String valueLabel, DefaultCategoryDataset data) {
        return barChart(title, valueLabel, data, null);
    }

    /**
     * A horizontal bar chart whose bars take their colour from their column key ({@code null}
     * from the function: the theme's colour), e.g. critical-path categories.
     */
    public static ChartPanel barChart(String title, String valueLabel, DefaultCategoryDataset data,
                                      Function<String, Color> barColour) {
        JFreeChart chart = ChartFactory.createBarChart(title, null, valueLabel, data, PlotOrientation.HORIZONTAL,
                false, true, false);
        ChartPanel panel = new ChartPanel(chart, false, false, false, false, true);
        panel.setMouseWheelEnabled(false);
        panel.setPopupMenu(null);
        apply(chart, barColour);
        UIManager.addPropertyChangeListener(e -> {
            if ("lookAndFeel".equals(e.getPropertyName())) {
                apply(chart, barColour);
            }
        });
        return panel;
    }

    static void apply(JFreeChart chart, Function<String, Color> barColour) {
        Color bg = color("Panel.background", Color.WHITE);
        Color fg = color("Label.foreground", Color.BLACK);
        Color grid = color("Component.borderColor", Color.LIGHT_GRAY);
        Font font = UIManager.getFont("Label.font");
        chart.setBackgroundPaint(bg);
        if (chart.getTitle() != null) {
            chart.getTitle().setPaint(fg);
            if (font != null) {
                chart.getTitle().setFont(font.deriveFont(Font.BOLD));
            }
        }
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(bg);
        plot.setOutlineVisible(false);
        plot.setRangeGridlinePaint(grid);
        CategoryAxis cat = plot.getDomainAxis();
        ValueAxis val = plot.getRangeAxis();
        cat.setTickLabelPaint(fg);
        cat.setLabelPaint(fg);
        val.setTickLabelPaint(fg);
        val.setLabelPaint(fg);
        if (font != null) {
            cat.setTickLabelFont(font);
            val.setTickLabelFont(font);
            val.setLabelFont(font);
        }
        Color first = color("Ura.timeline.selection", new Color(0x0969DA));
        Color second = color("Ura.timeline.ghost", new Color(0x8250DF));
        BarRenderer r = new BarRenderer() {
            @Override
            public java.awt.Paint getItemPaint(int row, int column) {
                Color own = barColour == null ? null : barColour.apply(String.valueOf(plot.getDataset().getColumnKey(column)));
                if (own != null) {
                    return own;
                }
                return column == 1 && plot.getDataset().getColumnKey(1).equals(WHAT_IF) ? second : first;
            }
        };
        plot.setRenderer(r);
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        r.setMaximumBarWidth(0.12);
    }

    /** Gives a chart's replaced title the theme's colour and font. */
    public static void restyleTitle(JFreeChart chart) {
        Font font = UIManager.getFont("Label.font");
        if (chart.getTitle() != null) {
            chart.getTitle().setPaint(color("Label.foreground", Color.BLACK));
            if (font != null) {
                chart.getTitle().setFont(font.deriveFont(Font.BOLD));
            }
        }
    }

    private static Color color(String key, Color fallback) {
        Color c = UIManager.getColor(key);
        return c == null ? fallback : c;
    }
}
