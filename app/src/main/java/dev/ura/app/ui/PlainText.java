package dev.ura.app.ui;

import javax.swing.DefaultListCellRenderer;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JMenuItem;
import javax.swing.JTable;
import javax.swing.JTextArea;
import javax.swing.UIManager;
import javax.swing.table.DefaultTableCellRenderer;
import java.awt.Component;

/**
 * Names from a trace shown as plain text. Swing renders any label, cell, menu item or tooltip
 * whose text starts with {@code <html>} as HTML, and HTML can fetch images from URLs, so a thread
 * or method called {@code <html><img src=http://…>} would make the window open connections. Every
 * component that may show text from a file goes through here.
 */
public final class PlainText {
    /** The client property Swing's label, button and menu UIs read before interpreting HTML. */
    private static final String HTML_DISABLE = "html.disable";

    private PlainText() {
    }

    /** Turns HTML rendering off for a label, button, menu item or renderer component. */
    public static <T extends JComponent> T of(T c) {
        c.putClientProperty(HTML_DISABLE, Boolean.TRUE);
        return c;
    }

    /**
     * A label that never renders HTML. The text is set after the property: a look and feel builds
     * the HTML view (and starts fetching its images) as soon as it is installed with the text.
     */
    public static JLabel label(String text) {
        JLabel l = of(new JLabel());
        l.setText(text);
        return l;
    }

    /** A menu item that never renders HTML (text set after the property, as for labels). */
    public static JMenuItem menuItem(String text) {
        JMenuItem i = of(new JMenuItem());
        i.setText(text);
        return i;
    }

    /**
     * Gives a table plain-text renderers for every column whose class has no renderer of its own;
     * a cell too narrow for its text has the whole text as its tooltip.
     */
    public static JTable table(JTable table) {
        DefaultTableCellRenderer cells = new DefaultTableCellRenderer() {
            @Override
            public Component getTableCellRendererComponent(JTable t, Object value, boolean selected, boolean focus,
                                                           int row, int column) {
                super.getTableCellRendererComponent(t, value, selected, focus, row, column);
                String text = getText();
                boolean cut = text != null && !text.isEmpty()
                        && getFontMetrics(getFont()).stringWidth(text) + getInsets().left + getInsets().right
                        > t.getColumnModel().getColumn(column).getWidth();
                setToolTipText(cut ? tooltip(text) : null);
                return this;
            }
        };
        of(cells);
        table.setDefaultRenderer(Object.class, cells);
        table.setDefaultRenderer(String.class, cells);
        return table;
    }

    /** Gives a list a plain-text renderer. */
    public static <T> JList<T> list(JList<T> list) {
        list.setCellRenderer(of(new DefaultListCellRenderer()));
        return list;
    }

    /** Gives a combo box a plain-text renderer (the look and feel's own keeps its insets and colours). */
    public static <T> JComboBox<T> combo(JComboBox<T> combo) {
        javax.swing.ListCellRenderer<? super T> base = combo.getRenderer();
        combo.setRenderer((list, value, index, selected, focus) -> {
            Component c = base.getListCellRendererComponent(list, value, index, selected, focus);
            if (c instanceof JComponent j) {
                of(j);
            }
            return c;
        });
        return combo;
    }

    /**
     * A message for a dialog: a read-only, wrapped text area, so a long line (a path, a reader's
     * message) wraps instead of widening the dialog past the screen and nothing in it is HTML.
     */
    public static JComponent message(String text) {
        JTextArea area = new JTextArea(text) {
            @Override
            public String toString() {
                // what the dialog says, for accessibility tools and tests that read the message
                return getText();
            }
        };
        area.setEditable(false);
        area.setLineWrap(true);
        area.setWrapStyleWord(true);
        area.setOpaque(false);
        area.setBorder(null);
        area.setFont(UIManager.getFont("Label.font"));
        area.setColumns(Math.min(60, Math.max(20, longestLine(text))));
        return area;
    }

    /** A tooltip showing {@code text} literally, line breaks kept. */
    public static String tooltip(String text) {
        return text == null ? null : "<html>" + escape(text).replace("\n", "<br>") + "</html>";
    }

    /** Escapes text for inclusion in Swing HTML (tooltips, the details pane). */
    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static int longestLine(String text) {
        int best = 0;
        for (String line : text.split("\n", -1)) {
            best = Math.max(best, line.length());
        }
        return best;
    }
}
