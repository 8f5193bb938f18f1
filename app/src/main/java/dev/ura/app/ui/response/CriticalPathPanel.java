package dev.ura.app.ui.response;

import dev.ura.app.ui.PlainText;

import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.render.ResponseOverlay;
import dev.ura.app.render.TimeFormat;

import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import javax.swing.table.AbstractTableModel;
import java.awt.BorderLayout;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/** The critical path of the selected response: segment, thread, category, duration, share, slack, link. */
public final class CriticalPathPanel extends JPanel {
    private final Table table = new Table();
    private final JTable view = PlainText.table(new JTable(table));

    /** @param show called with a segment the user double-clicks */
    public CriticalPathPanel(ResponseModel model, Consumer<Segment> show) {
        super(new BorderLayout());
        view.setName("criticalPath");
        view.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        add(new JScrollPane(view), BorderLayout.CENTER);
        view.addMouseListener(new MouseAdapter() {
            @Override
            public void mouseClicked(MouseEvent e) {
                int r = view.getSelectedRow();
                if (e.getClickCount() == 2 && r >= 0) {
                    show.accept(table.path.segments().get(r));
                }
            }
        });
        model.addListener(() -> {
            if (table.path != model.path()) {
                table.path = model.path();
                table.fireTableDataChanged();
            }
        });
    }

    private static final class Table extends AbstractTableModel {
        private static final String[] COLUMNS = {"Segment", "Thread", "Category", "Duration", "Share", "Slack", "Reached by"};
        private CriticalPath path;

        private List<Segment> rows() {
            return path == null ? List.of() : path.segments();
        }

        @Override
        public int getRowCount() {
            return rows().size();
        }

        @Override
        public int getColumnCount() {
            return COLUMNS.length;
        }

        @Override
        public String getColumnName(int c) {
            return COLUMNS[c];
        }

        @Override
        public Object getValueAt(int r, int c) {
            Segment s = rows().get(r);
            long total = Math.max(1, path.lengthNs());
            return switch (c) {
                case 0 -> s.name();
                case 1 -> s.threadName();
                case 2 -> s.category().label();
                case 3 -> TimeFormat.duration(s.durationNs());
                case 4 -> String.format(Locale.ROOT, "%.1f %%", 100.0 * s.durationNs() / total);
                case 5 -> TimeFormat.duration(s.slackNs());
                default -> s.via() == null ? "start" : s.via().label() + (s.via().isInferred() ? " (inferred)" : "");
            };
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
