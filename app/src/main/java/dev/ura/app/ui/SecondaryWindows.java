package dev.ura.app.ui;

import javax.swing.AbstractAction;
import javax.swing.JComponent;
import javax.swing.KeyStroke;
import javax.swing.RootPaneContainer;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;
import java.awt.event.WindowEvent;

/** Esc and Ctrl+W (⌘W on macOS) close a secondary window (runs, comparison, help), as users expect. */
public final class SecondaryWindows {
    private SecondaryWindows() {
    }

    /** Binds the keys on the window's root pane, whatever component inside has the focus. */
    public static <W extends Window & RootPaneContainer> W closeOnEscape(W window) {
        JComponent root = window.getRootPane();
        int shortcut = Toolkit.getDefaultToolkit().getMenuShortcutKeyMaskEx();
        root.getInputMap(JComponent.WHEN_IN_FOCUSED_WINDOW).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), "ura.close");
        root.getInputMap(JComponent.WHEN_IN_FOCUSED_WINDOW).put(KeyStroke.getKeyStroke(KeyEvent.VK_W, shortcut), "ura.close");
        root.getActionMap().put("ura.close", new AbstractAction() {
            @Override
            public void actionPerformed(ActionEvent e) {
                // a closing event, not dispose(): the window's own close handling (saving, cancelling) runs
                window.dispatchEvent(new WindowEvent(window, WindowEvent.WINDOW_CLOSING));
            }
        });
        return window;
    }
}
