package dev.ura.app.ui.app;

import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.TableFit;
import dev.ura.app.ui.SecondaryWindows;

import javax.swing.JDialog;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.table.DefaultTableModel;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.Window;

/**
 * Help › Keyboard and Mouse: a two-column table of gestures and what they do. (A JOptionPane
 * with an HTML string splits it at line breaks into one label per line, so the markup showed raw.)
 */
final class KeysHelp {
    private KeysHelp() {
    }

    /** The rows, gesture then effect, for the wheel mode in effect. */
    static String[][] rows(boolean wheelZooms) {
        String wheel = wheelZooms ? "zoom around the pointer" : "scroll threads up and down";
        String ctrlWheel = wheelZooms ? "scroll threads up and down" : "zoom around the pointer";
        return new String[][]{
                {"Wheel", wheel},
                {"Ctrl+wheel (⌘+wheel on macOS)", ctrlWheel},
                {"Shift+wheel, or a sideways trackpad swipe", "pan left / right"},
                {"Drag", "pan and scroll"},
                {"Shift+drag", "mark a time range: Analyse as Response, Zoom to Range"},
                {"W S (or ↑ ↓)", "zoom in / out (Z works on AZERTY)"},
                {"A D (or ← →)", "pan left / right (Q works on AZERTY)"},
                {"F", "fit the selected slice, else the response"},
                {"0", "fit the whole trace"},
                {"Click / double-click", "select a slice / and zoom to it"},
                {"Click a thread header", "collapse or expand the thread"},
                {"Right-click", "what-if, links, notes, arrows, boxes; thread header: collapse, pin, hide, move"},
                {"Ctrl+F, Enter / Shift+Enter", "search methods, next / previous match"},
                {"Esc", "clear the selection, cancel an arrow, box or link; close a secondary window"},
                {"Ctrl+W", "close the window"},
        };
    }

    static JDialog show(Window owner, boolean wheelZooms) {
        JTable table = PlainText.table(new JTable(new DefaultTableModel(rows(wheelZooms), new String[]{"Gesture", "Action"}) {
            @Override
            public boolean isCellEditable(int row, int column) {
                return false;
            }
        }));
        table.setName("keysTable");
        table.setFocusable(false);
        table.setRowSelectionAllowed(false);
        TableFit.fit(table);
        int width = 0;
        for (int c = 0; c < table.getColumnCount(); c++) {
            width += table.getColumnModel().getColumn(c).getPreferredWidth();
        }
        JScrollPane scroll = new JScrollPane(table);
        // as wide as the widest gesture and action, so no row is cut
        scroll.setPreferredSize(new Dimension(width + UIScale.scale(8), table.getRowHeight() * (table.getRowCount() + 2) + UIScale.scale(8)));
        JDialog d = new JDialog(owner, "Keyboard and mouse");
        d.setName("keysHelp");
        d.getContentPane().add(scroll, BorderLayout.CENTER);
        d.setDefaultCloseOperation(JDialog.DISPOSE_ON_CLOSE);
        SecondaryWindows.closeOnEscape(d);
        d.pack();
        d.setLocationRelativeTo(owner);
        d.setVisible(true);
        return d;
    }
}
