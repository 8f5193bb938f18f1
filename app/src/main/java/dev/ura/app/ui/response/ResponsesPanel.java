package dev.ura.app.ui.response;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.ui.RowTableModel;
import dev.ura.app.ui.TableFit;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.report.ResponseText;

import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import java.awt.BorderLayout;
import java.awt.event.MouseEvent;
import java.util.List;

/**
 * The responses of the trace: trigger, start (from the trace start), duration, the event it ends
 * with and whether it is done; a row's tooltip says why it ends where it does. Selecting one shows it.
 * The input events of one gesture (a touch from down to up, a scroll) are bracketed in the trigger
 * column ({@code ┌ │ └}) so a scroll reads as one thing while each event keeps its own end.
 */
public final class ResponsesPanel extends JPanel {
    private final ResponseModel model;
    private final RowTableModel<Response> table = new RowTableModel<>(this::cell,
            "#", "Trigger", "Start", "Duration", "Ends with", "Done");
    private final JTable view = PlainText.table(new JTable(table) {
        @Override
        public String getToolTipText(MouseEvent e) {
            int row = rowAtPoint(e.getPoint());
            int column = columnAtPoint(e.getPoint());
            if (row < 0 || model.analysis() == null || row >= table.rows().size()) {
                return super.getToolTipText(e);
            }
            Response r = table.rows().get(row);
            boolean cut = model.analysis().cutOff(r.index());
            String tip = convertColumnIndexToModel(column) == DONE ? (cut ? DONE_CUT : r.finished() ? DONE_YES : DONE_NO)
                    : "#" + r.index() + " " + r.trigger() + " on " + r.threadName() + gestureText(table.rows(), r)
                    + "\n" + ResponseText.ending(model.analysis(), r);
            return PlainText.tooltip(tip);
        }
    });
    private final JLabel status = new JLabel(" ");
    private boolean syncing;
    private static final int DONE = 5;
    static final String DONE_YES = "Done: every screen update this response's work asked for was drawn before the trace ends";
    static final String DONE_NO = "Not done: an update this response's work asked for was never drawn before the trace ends,"
            + "\nso it ends at the last update that was drawn and its time is a lower bound";

    static final String DONE_CUT = "Cut off: its work was still running when the trace ends (the recording stopped),"
            + "\nso its duration and end are only what the file shows: it took at least this long";

    public ResponsesPanel(ResponseModel model) {
        super(new BorderLayout());
        this.model = model;
        view.setName("responses");
        view.setToolTipText("Select a response to show its window, end and critical path");
        view.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        view.setAutoCreateRowSorter(false);
        TableFit.fit(view, 1, 4); // trigger and ending are names: cut with the whole text in the tooltip
        view.getTableHeader().setToolTipText("Done: whether every screen update the response asked for was drawn");
        view.getSelectionModel().addListSelectionListener(e -> {
            if (!syncing && !e.getValueIsAdjusting() && view.getSelectedRow() >= 0
                    && view.getSelectedRow() != model.selected()) {
                model.select(view.getSelectedRow());
            }
        });
        status.setBorder(Padding.of(6, 8, 6, 8));
        JLabel title = new JLabel("Responses");
        title.putClientProperty("FlatLaf.styleClass", "h4");
        title.setBorder(Padding.of(6, 8, 0, 8));
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

    private Object cell(Response x, int c) {
        return switch (c) {
            case 0 -> x.index();
            case 1 -> gestureMark(table.rows(), x) + shortTrigger(x.trigger());
            case 2 -> model.loaded() == null ? "" : "+" + TimeFormat.duration(x.startNs() - model.loaded().trace().firstTimeNs());
            case 3 -> TimeFormat.duration(x.durationNs());
            case 4 -> model.analysis() == null ? endsWith(x) : endsWith(x, model.analysis().describe(x.index()));
            default -> model.analysis() != null && model.analysis().cutOff(x.index()) ? "cut off" : x.finished() ? "yes" : "no";
        };
    }

    /**
     * The bracket that shows a response's place in its gesture: {@code ┌ } first, {@code │ } inside,
     * {@code └ } last; empty for a response outside a gesture or alone in one.
     */
    static String gestureMark(List<Response> all, Response r) {
        int[] place = place(all, r);
        if (place[1] < 2) {
            return "";
        }
        return place[0] == 1 ? "┌ " : place[0] == place[1] ? "└ " : "│ ";
    }

    /** {@code  · gesture 2, input 3 of 5}, or empty outside a gesture. */
    static String gestureText(List<Response> all, Response r) {
        if (r.gesture() == Response.NO_GESTURE) {
            return "";
        }
        int[] place = place(all, r);
        return " · gesture " + r.gesture() + ", input " + place[0] + " of " + place[1];
    }

    /** {position in its gesture (1-based), members of its gesture}; {0, 0} outside a gesture. */
    private static int[] place(List<Response> all, Response r) {
        if (r.gesture() == Response.NO_GESTURE) {
            return new int[] {0, 0};
        }
        int of = 0;
        int at = 0;
        for (Response x : all) {
            if (x.gesture() == r.gesture()) {
                of++;
                if (x.index() <= r.index()) {
                    at = of;
                }
            }
        }
        return new int[] {at, of};
    }

    /** {@code draw NoteListView} / {@code no draw}: the kind and short name of the ending event. */
    static String endsWith(Response r) {
        if (r.end() == null) {
            return "no draw";
        }
        String name = r.end().name() == null ? "" : " " + shortTrigger(r.end().name());
        return r.end().kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + name;
    }

    /**
     * A response as its engine describes it: a system trace's shows its frame and when it was
     * shown, after the response's start
     * ({@code DrawFrames 42 · on screen +3.1 ms}), or {@code no frame} when unfinished; any other
     * shows its ending event as {@link #endsWith(Response)} does.
     */
    static String endsWith(Response r, ResponseDescription d) {
        if (d.engine() != ResponseDescription.Engine.SYSTEM) {
            return endsWith(r);
        }
        if (r.end() == null) {
            return "no frame";
        }
        String shown = d.onScreenAtNs() < 0 ? "" : " · on screen +" + TimeFormat.duration(d.onScreenAtNs() - r.startNs());
        return r.end().name() + shown;
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
