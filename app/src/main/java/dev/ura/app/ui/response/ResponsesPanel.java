package dev.ura.app.ui.response;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.ui.RowTableModel;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.render.TimeFormat;

import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import java.awt.BorderLayout;
import java.util.List;

/** The responses of the trace: trigger, thread, duration, finished; selecting one shows it. */
public final class ResponsesPanel extends JPanel {
    private final ResponseModel model;
    private final RowTableModel<Response> table = new RowTableModel<>((x, c) -> switch (c) {
        case 0 -> x.index();
        case 1 -> shortTrigger(x.trigger());
        case 2 -> TimeFormat.duration(x.durationNs());
        default -> x.finished() ? "yes" : "no";
    }, "#", "Trigger", "Duration", "Done");
    private final JTable view = PlainText.table(new JTable(table));
    private final JLabel status = new JLabel(" ");
    private boolean syncing;

    public ResponsesPanel(ResponseModel model) {
        super(new BorderLayout());
        this.model = model;
        view.setName("responses");
        view.setToolTipText("Select a response to show its window, end and critical path");
        view.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        view.setAutoCreateRowSorter(false);
        view.getColumnModel().getColumn(0).setMaxWidth(40);
        view.getColumnModel().getColumn(3).setMaxWidth(60);
        view.getSelectionModel().addListSelectionListener(e -> {
            if (!syncing && !e.getValueIsAdjusting() && view.getSelectedRow() >= 0
                    && view.getSelectedRow() != model.selected()) {
                model.select(view.getSelectedRow());
            }
        });
        status.setBorder(BorderFactory.createEmptyBorder(6, 8, 6, 8));
        JLabel title = new JLabel("Responses");
        title.putClientProperty("FlatLaf.styleClass", "h4");
        title.setBorder(BorderFactory.createEmptyBorder(6, 8, 0, 8));
        JPanel head = new JPanel(new BorderLayout());
        head.add(title, BorderLayout.NORTH);
        head.add(status, BorderLayout.CENTER);
        add(head, BorderLayout.NORTH);
        add(new JScrollPane(view), BorderLayout.CENTER);
        model.addListener(this::refresh);
    }

    private void refresh() {
        syncing = true;
        try {
            status.setText("<html>" + SliceDescriptions.escape(model.status()) + "</html>");
            table.setRows(model.responses());
            int s = model.selected();
            if (s >= 0 && s < view.getRowCount() && view.getSelectedRow() != s) {
                view.setRowSelectionInterval(s, s);
                view.scrollRectToVisible(view.getCellRect(s, 0, true));
            }
        } finally {
            syncing = false;
        }
    }

    /** {@code HomeActivity} for {@code org.mozilla.fenix.HomeActivity}, {@code View.performClick} kept whole. */
    static String shortTrigger(String trigger) {
        int dot = trigger.lastIndexOf('.');
        if (dot < 0 || dot == trigger.length() - 1) {
            return trigger;
        }
        if (Character.isLowerCase(trigger.charAt(dot + 1))) {
            int prev = trigger.lastIndexOf('.', dot - 1);
            return trigger.substring(prev + 1);
        }
        return trigger.substring(dot + 1);
    }
}
