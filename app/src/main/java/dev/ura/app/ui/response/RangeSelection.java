package dev.ura.app.ui.response;

import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.timeline.TimelineHooks;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.app.render.TimeFormat;

import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;
import javax.swing.SwingUtilities;
import javax.swing.event.PopupMenuEvent;
import javax.swing.event.PopupMenuListener;
import java.awt.event.MouseEvent;

/**
 * Shift+drag on the timeline marks a time range; on release a menu offers "Analyse as Response"
 * (a response set by hand over that window, saved in the sidecar like the slice menu's) and
 * "Zoom to Range". A plain drag still pans: only Shift starts a range.
 */
final class RangeSelection implements TimelineHooks.PointerHandler {
    /** Narrower drags than this (in pixels) are taken as a click, not a range. */
    private static final int MIN_DRAG_PX = 4;

    private final TimelineView view;
    private final ResponseModel model;
    private int pressX;
    private long pressNs;

    RangeSelection(TimelineView view, ResponseModel model) {
        this.view = view;
        this.model = model;
        view.addPointerHandler(this);
    }

    @Override
    public boolean pressed(MouseEvent e) {
        if (!e.isShiftDown() || !SwingUtilities.isLeftMouseButton(e) || view.scene() == null) {
            return false;
        }
        pressX = e.getX();
        pressNs = view.timeAtPx(e.getX());
        view.setRangeMark(new long[]{pressNs, pressNs});
        return true;
    }

    @Override
    public void dragged(MouseEvent e) {
        view.setRangeMark(new long[]{pressNs, view.timeAtPx(e.getX())});
    }

    @Override
    public void released(MouseEvent e) {
        if (Math.abs(e.getX() - pressX) < MIN_DRAG_PX) {
            view.setRangeMark(null);
            return;
        }
        long a = Math.min(pressNs, view.timeAtPx(e.getX()));
        long b = Math.max(pressNs, view.timeAtPx(e.getX()));
        view.setRangeMark(new long[]{a, b});
        menu(a, b).show(view, e.getX(), e.getY());
    }

    /** The menu for a marked range {@code [a, b]}; closing it clears the mark. */
    JPopupMenu menu(long a, long b) {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("rangeMenu");
        String span = TimeFormat.duration(b - a);
        JMenuItem analyse = PlainText.menuItem("Analyse as Response (" + span + ")");
        analyse.setName("analyseRange");
        analyse.addActionListener(ev -> model.setResponseByHand(ResponseByHand.window(a, b)));
        JMenuItem zoom = PlainText.menuItem("Zoom to Range");
        zoom.setName("zoomRange");
        zoom.addActionListener(ev -> view.fitRange(a, b));
        menu.add(analyse);
        menu.add(zoom);
        menu.addPopupMenuListener(new PopupMenuListener() {
            @Override
            public void popupMenuWillBecomeVisible(PopupMenuEvent e) {
            }

            @Override
            public void popupMenuWillBecomeInvisible(PopupMenuEvent e) {
                view.setRangeMark(null);
            }

            @Override
            public void popupMenuCanceled(PopupMenuEvent e) {
                view.setRangeMark(null);
            }
        });
        return menu;
    }
}
