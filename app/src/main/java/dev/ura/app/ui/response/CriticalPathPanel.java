package dev.ura.app.ui.response;

import dev.ura.app.ui.PlainText;

import dev.ura.app.ui.timeline.SliceDescriptions;
import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.render.CategoryColors;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.render.PathRows;
import dev.ura.app.render.ResponseOverlay;
import dev.ura.app.ui.RowTableModel;
import dev.ura.app.ui.TableFit;
import dev.ura.app.render.TimeFormat;

import javax.swing.Icon;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import javax.swing.table.DefaultTableCellRenderer;
import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Graphics;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The critical path of the selected response: segment, thread, category, duration, share, slack,
 * link. Consecutive pieces of the same call on one thread are one row with a count ({@code ×N}),
 * as in the command line's table; double-click a row to select its call and zoom to it.
 */
public final class CriticalPathPanel extends JPanel {
    private final RowTableModel<PathRows.Row> table = new RowTableModel<>(this::cell,
            "Segment", "Thread", "Category", "Duration", "Share", "Slack", "Reached by");
    private final JTable view = PlainText.table(new JTable(table));
    private CriticalPath path;

    /** @param show called with the segments of the row the user double-clicks */
    public CriticalPathPanel(ResponseModel model, Consumer<List<Segment>> show) {
        super(new BorderLayout());
        view.setName("criticalPath");
        view.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        view.getColumnModel().getColumn(2).setCellRenderer(new CategoryRenderer());
        TableFit.fit(view, 0, 1, 6);
        add(new JScrollPane(view), BorderLayout.CENTER);
        view.addMouseListener(new MouseAdapter() {
            @Override
            public void mouseClicked(MouseEvent e) {
                int r = view.getSelectedRow();
                if (e.getClickCount() == 2 && r >= 0 && path != null) {
                    PathRows.Row row = table.rows().get(r);
                    show.accept(path.segments().subList(row.first(), row.last() + 1));
                }
            }
        });
        model.addListener(() -> {
            if (path != model.path()) {
                path = model.path();
                table.setRows(path == null ? List.of() : PathRows.of(path.segments()));
            }
        });
    }

    private Object cell(PathRows.Row r, int c) {
        long total = Math.max(1, path.lengthNs());
        return switch (c) {
            case 0 -> r.label();
            case 1 -> r.thread();
            case 2 -> r.category().label();
            case 3 -> TimeFormat.duration(r.durationNs());
            case 4 -> String.format(Locale.ROOT, "%.1f %%", 100.0 * r.durationNs() / total);
            case 5 -> r.slackNs() == Long.MAX_VALUE ? "—" : TimeFormat.duration(r.slackNs());
            default -> r.via() == null ? "start" : r.via() == LinkKind.INFERRED ? "inferred (no identity)"
                    : r.via().label() + (r.via().isInferred() ? " (inferred)" : "");
        };
    }

    /** The category with a swatch of its colour on the path bar and in the statistics. */
    private final class CategoryRenderer extends DefaultTableCellRenderer {
        CategoryRenderer() {
            PlainText.of(this);
        }

        @Override
        public Component getTableCellRendererComponent(JTable t, Object value, boolean selected, boolean focus,
                                                       int row, int column) {
            super.getTableCellRendererComponent(t, value, selected, focus, row, column);
            int r = t.convertRowIndexToModel(row);
            Category c = r < table.rows().size() ? table.rows().get(r).category() : null;
            setIcon(c == null ? null : new Swatch(CategoryColors.of(c)));
            return this;
        }
    }

    /** A small filled square. */
    private record Swatch(Color colour) implements Icon {
        @Override
        public void paintIcon(Component c, Graphics g, int x, int y) {
            g.setColor(colour);
            g.fillRect(x, y, getIconWidth(), getIconHeight());
        }

        @Override
        public int getIconWidth() {
            return UIScale.scale(9);
        }

        @Override
        public int getIconHeight() {
            return UIScale.scale(9);
        }
    }

    /** The tooltip of a hand-off arrow. */
    static String arrowTip(ResponseOverlay.Arrow a) {
        return "<html>hand-off <b>" + SliceDescriptions.escape(a.from().threadName()) + "</b> → <b>"
                + SliceDescriptions.escape(a.to().threadName()) + "</b><br>"
                + (a.to().via() == null ? "" : a.to().via().label() + ": ") + ResponseOverlay.explain(a.to().via())
                + "<br><i>right-click to remove a wrong link</i></html>";
    }
}
