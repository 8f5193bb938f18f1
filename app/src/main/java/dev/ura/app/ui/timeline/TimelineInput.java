package dev.ura.app.ui.timeline;

import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.LaneBox;

import javax.swing.JPopupMenu;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import java.awt.Point;
import java.awt.event.KeyAdapter;
import java.awt.event.KeyEvent;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.awt.event.MouseWheelEvent;
import java.util.BitSet;

/**
 * Mouse and keyboard of the timeline, Perfetto-style: wheel scrolls the threads and Ctrl/⌘+wheel
 * zooms around the cursor (or the other way round with {@link TimelineView#setWheelZooms}),
 * shift+wheel and sideways trackpad swipes pan, alt+wheel scrolls, drag pans both ways, W/S zoom and A/D pan while held, arrows too,
 * {@code F} fits the selection or response, {@code 0} fits everything, Enter or Space opens or
 * closes the process (or CPUs) header under the pointer, else the selected slice's process. Keys are matched by key code,
 * not character, and the AZERTY positions (Z, Q) count as W and A, so the same physical keys work.
 */
public final class TimelineInput {
    private static final double KEY_ZOOM_PER_TICK = 1.06;
    private static final double KEY_PAN_FRACTION_PER_TICK = 0.015;
    private final TimelineView view;
    private final BitSet held = new BitSet();
    private final Timer keyTimer;
    private Point pressAt;
    private Point lastDrag;
    private boolean dragged;
    private TimelineHooks.PointerHandler owner;

    TimelineInput(TimelineView view) {
        this.view = view;
        this.keyTimer = new Timer(16, e -> tick());
    }

    void install() {
        MouseAdapter mouse = new Mouse();
        view.addMouseListener(mouse);
        view.addMouseMotionListener(mouse);
        view.addMouseWheelListener(mouse);
        view.addKeyListener(new Keys());
        // A key released after the focus left the view (a dialog, the search field, another
        // window) never reaches it: without this, its pan or zoom would go on every 16 ms for good.
        view.addFocusListener(new java.awt.event.FocusAdapter() {
            @Override
            public void focusLost(java.awt.event.FocusEvent e) {
                releaseAll();
            }
        });
    }

    /** Whether the held-key timer runs (a held motion key pans or zooms the view every 16 ms). */
    boolean moving() {
        return keyTimer.isRunning();
    }

    private void releaseAll() {
        held.clear();
        keyTimer.stop();
    }

    private void tick() {
        if (!view.isShowing()) {
            releaseAll(); // the window closed while a key was held
            return;
        }
        double w = view.getWidth();
        double zoom = 1;
        double pan = 0;
        if (held.get(KeyEvent.VK_W) || held.get(KeyEvent.VK_Z) || held.get(KeyEvent.VK_UP)) {
            zoom *= KEY_ZOOM_PER_TICK;
        }
        if (held.get(KeyEvent.VK_S) || held.get(KeyEvent.VK_DOWN)) {
            zoom /= KEY_ZOOM_PER_TICK;
        }
        if (held.get(KeyEvent.VK_A) || held.get(KeyEvent.VK_Q) || held.get(KeyEvent.VK_LEFT)) {
            pan -= w * KEY_PAN_FRACTION_PER_TICK;
        }
        if (held.get(KeyEvent.VK_D) || held.get(KeyEvent.VK_RIGHT)) {
            pan += w * KEY_PAN_FRACTION_PER_TICK;
        }
        if (zoom != 1) {
            Point p = view.getMousePosition();
            view.zoomAt(p != null ? p.x : w / 2, zoom);
        }
        if (pan != 0) {
            view.pan(pan);
        }
        if (held.isEmpty()) {
            keyTimer.stop();
        }
    }

    private static boolean isMotionKey(int code) {
        return switch (code) {
            case KeyEvent.VK_W, KeyEvent.VK_Z, KeyEvent.VK_S, KeyEvent.VK_A, KeyEvent.VK_Q, KeyEvent.VK_D,
                 KeyEvent.VK_UP, KeyEvent.VK_DOWN, KeyEvent.VK_LEFT, KeyEvent.VK_RIGHT -> true;
            default -> false;
        };
    }

    private final class Keys extends KeyAdapter {
        @Override
        public void keyPressed(KeyEvent e) {
            if (e.isControlDown() || e.isMetaDown() || e.isAltDown()) {
                return;
            }
            int code = e.getKeyCode();
            if (isMotionKey(code)) {
                if (!held.get(code)) {
                    held.set(code);
                    tick();
                    keyTimer.start();
                }
                e.consume();
            } else if (code == KeyEvent.VK_F) {
                view.fitFocus();
                e.consume();
            } else if (code == KeyEvent.VK_0 || code == KeyEvent.VK_NUMPAD0) {
                view.fitAll();
                e.consume();
            } else if (code == KeyEvent.VK_ENTER || code == KeyEvent.VK_SPACE) {
                if (view.toggleGroupAtPointerOrSelection()) {
                    e.consume();
                }
            } else if (code == KeyEvent.VK_ESCAPE) {
                view.select(null);
            }
        }

        @Override
        public void keyReleased(KeyEvent e) {
            held.clear(e.getKeyCode());
        }
    }

    private final class Mouse extends MouseAdapter {
        @Override
        public void mousePressed(MouseEvent e) {
            view.requestFocusInWindow();
            pressAt = e.getPoint();
            lastDrag = e.getPoint();
            dragged = false;
            if (e.isPopupTrigger()) {
                popup(e);
                return;
            }
            if (SwingUtilities.isLeftMouseButton(e) && view.scene() != null) {
                for (TimelineHooks.PointerHandler h : view.pointerHandlers()) {
                    if (h.pressed(e)) {
                        owner = h;
                        return;
                    }
                }
            }
        }

        @Override
        public void mouseReleased(MouseEvent e) {
            if (owner != null) {
                owner.released(e);
                owner = null;
                pressAt = null;
                return;
            }
            if (e.isPopupTrigger()) {
                popup(e);
                return;
            }
            if (!dragged && SwingUtilities.isLeftMouseButton(e) && pressAt != null) {
                click(e);
            }
            pressAt = null;
        }

        @Override
        public void mouseDragged(MouseEvent e) {
            if (owner != null) {
                owner.dragged(e);
                return;
            }
            if (pressAt == null || !SwingUtilities.isLeftMouseButton(e)) {
                return;
            }
            if (!dragged && pressAt.distance(e.getPoint()) < 4) {
                return;
            }
            dragged = true;
            view.pan(lastDrag.x - e.getX());
            view.scrollBy(lastDrag.y - e.getY());
            lastDrag = e.getPoint();
        }

        @Override
        public void mouseWheelMoved(MouseWheelEvent e) {
            double r = e.getPreciseWheelRotation();
            // a sideways trackpad swipe arrives as a shift+wheel event
            boolean command = e.isControlDown() || e.isMetaDown();
            if (e.isShiftDown()) {
                view.pan(r * view.getWidth() * 0.05);
            } else if (e.isAltDown() || command == view.wheelZooms()) {
                view.scrollBy((int) Math.round(r * UIScale.scale(40)));
            } else {
                view.zoomAt(e.getX(), Math.pow(1.2, -r));
            }
        }

        private void click(MouseEvent e) {
            if (view.frame() == null) {
                return;
            }
            dev.ura.app.render.GroupBox group = view.frame().groupAt(e.getY());
            if (group != null) {
                view.toggleGroup(group.key());
                return;
            }
            LaneBox lane = view.frame().laneAt(e.getY());
            if (view.frame().onHeader(lane, e.getY())) {
                view.scene().layout().setCollapsed(lane.thread(), !lane.collapsed());
                view.lanesChanged();
                return;
            }
            int item = view.itemAt(e.getX(), e.getY());
            if (item >= 0 && view.frame().items().isFold(item) && e.getClickCount() == 1) {
                double x = view.frame().items().x(item);
                double w = view.frame().items().width(item);
                long a = view.scene().axis().toNs(x);
                long b = view.scene().axis().toNs(x + w);
                view.fitRange(a, b);
                return;
            }
            SliceRef s = view.sliceAt(e.getX(), e.getY());
            view.select(s);
            if (s != null && e.getClickCount() == 2) {
                view.fitFocus();
            }
        }

        private void popup(MouseEvent e) {
            if (view.frame() == null) {
                return;
            }
            LaneBox lane = view.frame().laneAt(e.getY());
            JPopupMenu menu = null;
            boolean claimed = view.menuContributors().stream().anyMatch(c -> c.claims(e.getPoint()));
            if (view.frame().onHeader(lane, e.getY()) && !claimed) {
                menu = LaneMenu.build(view, lane.thread());
            } else if (e.getY() >= view.scene().metrics().ruler()) {
                SliceRef s = view.sliceAt(e.getX(), e.getY());
                if (s != null) {
                    view.select(s);
                }
                menu = new JPopupMenu();
                for (TimelineHooks.MenuContributor c : view.menuContributors()) {
                    c.contribute(menu, e.getPoint(), s);
                }
                if (menu.getComponentCount() == 0) {
                    menu = lane == null ? null : LaneMenu.build(view, lane.thread());
                }
            }
            if (menu != null) {
                menu.show(view, e.getX(), e.getY());
            }
        }
    }
}
