package dev.ura.app.ui.response;

import dev.ura.app.ui.Padding;
import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.ChartStyle;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.report.ResponseText;
import org.jfree.chart.ChartPanel;
import org.jfree.data.category.DefaultCategoryDataset;

import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.GridLayout;
import java.util.List;
import java.util.Locale;

/**
 * The what-if scenario of the selected response: its changes (removable) each with what it saves
 * on its own, the estimated response time and saving, and a bar comparing baseline and scenario. Changes come from the timeline's
 * context menu or from findings.
 */
public final class WhatIfPanel extends JPanel {
    private final ResponseModel model;
    private final DefaultListModel<String> changes = new DefaultListModel<>();
    private final JList<String> list = PlainText.list(new JList<>(changes));
    private final JLabel baseline = new JLabel(" ");
    private final JLabel estimated = new JLabel(" ");
    private final JLabel saved = new JLabel(" ");
    /** What the estimate assumed about durations (docs/what-if.md, "Assumption and range"). */
    private final JLabel assumes = new JLabel(" ");
    private final DefaultCategoryDataset data = new DefaultCategoryDataset();

    public WhatIfPanel(ResponseModel model) {
        super(new BorderLayout());
        this.model = model;
        list.setName("scenario");
        estimated.setName("estimate");
        assumes.setName("assumption");
        JButton remove = new JButton("Remove");
        remove.setName("removeChange");
        remove.addActionListener(e -> model.removeChange(list.getSelectedIndex()));
        // only with a change selected: a Remove that does nothing reads as broken
        remove.setEnabled(false);
        list.addListSelectionListener(e -> remove.setEnabled(list.getSelectedIndex() >= 0));
        JPanel left = new JPanel(new BorderLayout(0, 4));
        left.setBorder(Padding.of(6, 8, 6, 8));
        JLabel hint = new JLabel("Right-click a slice: defer, run in parallel or speed it up.");
        hint.setEnabled(false);
        left.add(hint, BorderLayout.NORTH);
        left.add(new JScrollPane(list), BorderLayout.CENTER);
        JPanel figures = new JPanel(new GridLayout(0, 1));
        figures.add(baseline);
        figures.add(estimated);
        figures.add(saved);
        figures.add(assumes);
        JPanel south = new JPanel(new BorderLayout());
        south.add(figures, BorderLayout.CENTER);
        south.add(remove, BorderLayout.EAST);
        left.add(south, BorderLayout.SOUTH);
        ChartPanel chart = ChartStyle.barChart(null, "response time (ms)", data);
        chart.setPreferredSize(new Dimension(UIScale.scale(360), UIScale.scale(160)));
        JSplitPane split = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, left, chart);
        split.setResizeWeight(0.5);
        add(split, BorderLayout.CENTER);
        model.addListener(this::refresh);
    }

    private void refresh() {
        changes.clear();
        List<Change> list = model.scenario().changes();
        List<Long> each = model.changeSavings();
        for (int i = 0; i < list.size(); i++) {
            changes.addElement(list.get(i).describe() + (each.size() == list.size()
                    ? "  —  saves " + TimeFormat.duration(each.get(i)) + (list.size() > 1 ? " on its own" : "") : ""));
        }
        Response r = model.selectedResponse();
        data.clear();
        if (r == null) {
            baseline.setText(" ");
            estimated.setText(" ");
            saved.setText(" ");
            assumes.setText(" ");
            return;
        }
        baseline.setText("Baseline: " + TimeFormat.duration(r.durationNs()));
        data.addValue(r.durationNs() / 1e6, "time", "baseline");
        Estimate e = model.estimate();
        if (model.scenario().isEmpty()) {
            estimated.setText("Estimated: — (no change yet)");
            saved.setText(" ");
            assumes.setText(" ");
        } else if (e == null) {
            estimated.setText("Estimated: computing…");
            saved.setText(" ");
            assumes.setText(" ");
        } else {
            estimated.setText("Estimated: " + TimeFormat.duration(e.durationNs()) + (e.range() == null ? ""
                    : " (range " + TimeFormat.duration(e.range().lowDurationNs()) + "–"
                    + TimeFormat.duration(e.range().highDurationNs()) + ")"));
            saved.setText(String.format(Locale.ROOT, "Saved: %s (%.1f %%)", TimeFormat.duration(e.savedNs()), e.savedPercent())
                    + (e.reason() != null ? " · " + e.reason() : e.frame() != null ? " · " + e.frame() : "")
                    + (list.size() > 1 ? " · changes can overlap, so their own savings need not add up" : ""));
            assumes.setText("Assumes " + e.assumption());
            assumes.setToolTipText(e.assumption() + ResponseText.range(e));
            data.addValue(e.durationNs() / 1e6, "time", ChartStyle.WHAT_IF);
        }
    }

    /** The one-line summary for export headers, or {@code null} without changes. */
    static String summary(ResponseModel model) {
        if (model.scenario().isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (Change c : model.scenario().changes()) {
            if (sb.length() > 0) {
                sb.append("; ");
            }
            sb.append(c.describe());
        }
        Estimate e = model.estimate();
        if (e != null) {
            sb.append(" → estimated ").append(TimeFormat.duration(e.durationNs()))
                    .append(" (saves ").append(TimeFormat.duration(e.savedNs())).append(")");
        }
        return sb.toString();
    }
}
