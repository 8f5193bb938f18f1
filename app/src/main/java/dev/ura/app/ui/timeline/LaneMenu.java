package dev.ura.app.ui.timeline;

import dev.ura.app.ui.PlainText;
import dev.ura.app.render.LaneLayout;
import dev.ura.trace.model.Trace;

import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;

/** The context menu of a thread lane: collapse, hide, pin, move, show hidden threads. */
public final class LaneMenu {
    private LaneMenu() {
    }

    static JPopupMenu build(TimelineView view, int thread) {
        LaneLayout layout = view.scene().layout();
        Trace trace = view.scene().index().trace();
        JPopupMenu menu = new JPopupMenu(trace.threads().get(thread).name());
        boolean collapsed = layout.isCollapsed(thread);
        menu.add(item(collapsed ? "Expand" : "Collapse", () -> layout.setCollapsed(thread, !collapsed), view));
        boolean pinned = layout.isPinned(thread);
        menu.add(item(pinned ? "Unpin" : "Pin to top", () -> layout.setPinned(thread, !pinned), view));
        menu.add(item("Move up", () -> layout.move(thread, -1), view));
        menu.add(item("Move down", () -> layout.move(thread, 1), view));
        menu.add(item("Hide thread", () -> layout.setHidden(thread, true), view));
        menu.add(hiddenMenu(view));
        return menu;
    }

    /** "Show hidden threads" with one entry per hidden thread and "Show all". */
    public static JMenu hiddenMenu(TimelineView view) {
        JMenu show = new JMenu("Show hidden threads");
        if (view.scene() == null) {
            show.setEnabled(false);
            return show;
        }
        LaneLayout layout = view.scene().layout();
        Trace trace = view.scene().index().trace();
        for (int t : layout.hiddenThreads()) {
            show.add(item(trace.threads().get(t).name(), () -> layout.setHidden(t, false), view));
        }
        show.setEnabled(!layout.hiddenThreads().isEmpty());
        if (show.isEnabled()) {
            show.addSeparator();
            show.add(item("Show all", layout::showAll, view));
        }
        return show;
    }

    private static JMenuItem item(String text, Runnable action, TimelineView view) {
        JMenuItem i = PlainText.menuItem(text);
        i.addActionListener(e -> {
            action.run();
            view.lanesChanged();
        });
        return i;
    }
}
