package dev.ura.app.ui.timeline;

import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.CpuRow;
import dev.ura.app.render.DrawList;
import dev.ura.app.render.GroupBox;
import dev.ura.app.render.LaneBox;
import dev.ura.app.render.Metrics;
import dev.ura.app.render.RenderedFrame;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.render.TimelineRenderer;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.ui.WindowEvents;
import dev.ura.trace.model.CallTable;

import javax.swing.JComponent;
import javax.swing.ToolTipManager;
import javax.swing.UIManager;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.event.MouseEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The timeline: one swimlane per thread with its calls as a flame chart. Painting is delegated to
 * {@link TimelineRenderer}; input to {@link TimelineInput}. Fires {@code "view"} property changes
 * when zoom, pan or scroll change, and calls selection listeners when the selected slice changes.
 */
public final class TimelineView extends JComponent {
    private final TimelineRenderer renderer = new TimelineRenderer();
    private final List<Consumer<SliceRef>> selectionListeners = new ArrayList<>();
    private final List<TimelineHooks.PointerHandler> pointerHandlers = new ArrayList<>();
    private final List<TimelineHooks.MenuContributor> menuContributors = new ArrayList<>();
    private final List<TimelineHooks.TooltipProvider> tooltipProviders = new ArrayList<>();
    private final TimelineInput input = new TimelineInput(this);
    private TimelineScene scene;
    private RenderedFrame frame;
    private boolean needsFit;
    /** A range asked for before the view had a width: fitted at the first paint instead of the whole trace. */
    private long[] pendingFit;
    private long[] focusWindow;
    private boolean wheelZooms;
    /** Threads hidden because they have no calls (not by the user): shown again when a response runs on them. */
    private final java.util.Set<Integer> emptyHidden = new java.util.HashSet<>();

    private long[] rangeMark;
    private dev.ura.app.render.ArrowToggles arrows = dev.ura.app.render.ArrowToggles.ALL;

    public TimelineView() {
        setFocusable(true);
        setOpaque(true);
        ToolTipManager.sharedInstance().registerComponent(this);
        input.install();
    }

    /** Whether a held motion key (W/A/S/D, arrows) is still panning or zooming the view every 16 ms. */
    boolean keyMotionRunning() {
        return input.moving();
    }

    public TimelineScene scene() {
        return scene;
    }

    /** Shows a scene (or nothing, with {@code null}) and fits the whole trace. */
    public void setScene(TimelineScene s) {
        scene = s;
        frame = null;
        focusWindow = null;
        emptyHidden.clear();
        if (s != null) {
            s.setMetrics(Metrics.at(UIScale.getUserScaleFactor()));
            s.setPalette(UiPalette.current());
            s.setArrows(arrows);
            needsFit = true;
            pendingFit = null;
            var threads = s.index().trace().threads();
            for (int t = 0; t < threads.size(); t++) {
                if (threads.get(t).calls().size() == 0) {
                    s.layout().setHidden(t, true);
                    emptyHidden.add(t);
                }
            }
        }
        changed();
    }

    /** How many threads were hidden on opening because they have no calls (View › Show Hidden Threads lists them). */
    public int emptyThreadsHidden() {
        return emptyHidden.size();
    }

    /** Whether thread {@code t} is hidden for having no calls (the one rule every lane filter keeps). */
    public boolean hiddenForNoCalls(int t) {
        return emptyHidden.contains(t);
    }

    /** Shows threads that were hidden only for having no calls (a response's critical path runs on them). */
    public void revealEmpty(java.util.Collection<Integer> threads) {
        boolean any = false;
        for (int t : threads) {
            if (emptyHidden.remove(t) && scene != null) {
                scene.layout().setHidden(t, false);
                any = true;
            }
        }
        if (any) {
            lanesChanged();
        }
    }

    /** The last painted frame, or {@code null}. */
    public RenderedFrame frame() {
        return frame;
    }

    public void addSelectionListener(Consumer<SliceRef> l) {
        selectionListeners.add(l);
    }

    /**
     * Marks {@code [startNs, endNs]} (a range being dragged out) with a translucent band over the
     * lanes; {@code null} clears it.
     */
    public void setRangeMark(long[] range) {
        rangeMark = range == null ? null : range.clone();
        repaint();
    }

    /** The marked range {@code [start, end]} in ns, or {@code null}. */
    public long[] rangeMark() {
        return rangeMark == null ? null : rangeMark.clone();
    }

    /** The trace time at horizontal pixel {@code x}, or 0 without a trace. */
    public long timeAtPx(int x) {
        return scene == null ? 0 : scene.axis().toNs(x);
    }

    public void addPointerHandler(TimelineHooks.PointerHandler h) {
        pointerHandlers.add(h);
    }

    List<TimelineHooks.PointerHandler> pointerHandlers() {
        return pointerHandlers;
    }

    public void addMenuContributor(TimelineHooks.MenuContributor c) {
        menuContributors.add(c);
    }

    public void addTooltipProvider(TimelineHooks.TooltipProvider p) {
        tooltipProviders.add(p);
    }

    List<TimelineHooks.MenuContributor> menuContributors() {
        return menuContributors;
    }

    /** Whether the plain wheel zooms (and Ctrl+wheel scrolls), as before 0.2; else the reverse. */
    public boolean wheelZooms() {
        return wheelZooms;
    }

    public void setWheelZooms(boolean on) {
        wheelZooms = on;
    }

    /** Which arrows are drawn (View › Arrows). */
    public dev.ura.app.render.ArrowToggles arrows() {
        return arrows;
    }

    /** Shows or hides kinds of arrows, in this trace's picture and the next ones'. */
    public void setArrows(dev.ura.app.render.ArrowToggles a) {
        arrows = a;
        if (scene != null) {
            scene.setArrows(a);
        }
        changed();
    }

    /** The window {@code F} fits when nothing is selected (the selected response), or {@code null}. */
    public void setFocusWindow(long[] window) {
        focusWindow = window;
    }

    @Override
    public void updateUI() {
        super.updateUI();
        if (scene != null) {
            scene.setMetrics(Metrics.at(UIScale.getUserScaleFactor()));
            scene.setPalette(UiPalette.current());
        }
    }

    @Override
    protected void paintComponent(Graphics g) {
        Graphics2D g2 = (Graphics2D) g.create();
        try {
            if (scene == null) {
                paintEmpty(g2);
                return;
            }
            if ((needsFit || pendingFit != null) && getWidth() > 0) {
                needsFit = false;
                long[] range = pendingFit != null ? pendingFit : new long[]{scene.index().startNs(), scene.index().endNs()};
                pendingFit = null;
                scene.axis().setWidthPx(getWidth());
                fitRange(range[0], range[1]);
            }
            frame = renderer.paint(g2, scene, getWidth(), getHeight());
            paintRangeMark(g2);
            WindowEvents.tracePainted();
        } finally {
            g2.dispose();
        }
    }

    private void paintRangeMark(Graphics2D g) {
        long[] r = rangeMark;
        if (r == null) {
            return;
        }
        int x0 = (int) Math.floor(scene.axis().toPx(Math.min(r[0], r[1])));
        int x1 = (int) Math.ceil(scene.axis().toPx(Math.max(r[0], r[1])));
        java.awt.Color c = UIManager.getColor("Component.focusColor");
        if (c == null) {
            c = java.awt.Color.BLUE;
        }
        g.setColor(new java.awt.Color(c.getRed(), c.getGreen(), c.getBlue(), 48));
        g.fillRect(x0, 0, Math.max(1, x1 - x0), getHeight());
        g.setColor(c);
        g.drawLine(x0, 0, x0, getHeight());
        g.drawLine(x1, 0, x1, getHeight());
    }

    private void paintEmpty(Graphics2D g) {
        g.setColor(UIManager.getColor("Panel.background"));
        g.fillRect(0, 0, getWidth(), getHeight());
        g.setColor(UIManager.getColor("Label.disabledForeground"));
        String msg = "Open a trace: File › Open, a sample, or drop a file here";
        int w = g.getFontMetrics().stringWidth(msg);
        g.drawString(msg, (getWidth() - w) / 2, getHeight() / 2);
    }

    public void select(SliceRef s) {
        if (scene == null) {
            return;
        }
        scene.setSelection(s);
        for (Consumer<SliceRef> l : selectionListeners) {
            l.accept(s);
        }
        repaint();
    }

    /** Fits the selection, else the focus window (response), else everything. */
    public void fitFocus() {
        if (scene == null) {
            return;
        }
        SliceRef s = scene.selection();
        if (s != null) {
            CallTable c = scene.index().trace().threads().get(s.thread()).calls();
            fitRange(c.start(s.call()), c.end(s.call()));
            revealLane(s.thread());
        } else if (focusWindow != null) {
            fitRange(focusWindow[0], focusWindow[1]);
        } else {
            fitAll();
        }
    }

    public void fitAll() {
        if (scene != null) {
            fitRange(scene.index().startNs(), scene.index().endNs());
        }
    }

    public void fitRange(long start, long end) {
        if (scene == null) {
            return;
        }
        // An explicit fit wins over the whole-trace fit of a new scene's first paint. The response
        // is analysed in the background and its fit could come before that paint (a small trace on
        // a busy machine): the first paint then zoomed back out to the whole trace, which is what
        // made AnnotationAndLinkRobotTest find no clickable slices now and then.
        needsFit = false;
        if (getWidth() <= 0) {
            pendingFit = new long[]{start, end};
            changed();
            return;
        }
        pendingFit = null;
        scene.axis().setWidthPx(getWidth());
        long margin = Math.max(1, (end - start) / 20);
        scene.axis().fit(start - margin, end + margin, 0);
        changed();
    }

    /** Scrolls vertically so a thread's lane is in view. */
    public void revealLane(int thread) {
        if (frame == null) {
            return;
        }
        LaneBox b = frame.box(thread);
        if (b == null || b.pinned()) {
            return;
        }
        if (b.y() < frame.pinnedBottom() || b.y() + Math.min(b.height(), 200) > getHeight()) {
            scene.setScrollY(scene.scrollY() + b.y() - frame.pinnedBottom());
            clampScroll();
        }
        changed();
    }

    /**
     * Scrolls vertically so a slice's row is in view (its lane first, then down to its depth): a
     * critical-path segment deep in a call stack is shown, not just its lane's header.
     */
    public void revealSlice(SliceRef s) {
        revealLane(s.thread());
        if (frame == null || scene == null) {
            return;
        }
        LaneBox b = frame.box(s.thread());
        if (b == null || b.pinned() || b.collapsed()) {
            return;
        }
        int depth = scene.index().trace().threads().get(s.thread()).calls().depth(s.call());
        Metrics m = scene.metrics();
        // the lane's position once revealLane's scroll has been applied
        int laneTop = b.y() < frame.pinnedBottom() || b.y() + Math.min(b.height(), 200) > getHeight()
                ? frame.pinnedBottom() : b.y();
        int rowTop = laneTop + m.header() + b.strip() + depth * m.row();
        if (rowTop + m.row() > getHeight()) {
            scene.setScrollY(scene.scrollY() + rowTop + 3 * m.row() - getHeight());
            clampScroll();
            changed();
        }
    }

    /** Opens or closes a group header (a pid, or {@code GroupBox.CPUS}). */
    public void toggleGroup(long key) {
        if (scene != null) {
            scene.layout().setGroupCollapsed(key, !scene.layout().isGroupCollapsed(key));
            lanesChanged();
        }
    }

    /**
     * The keyboard's toggle: the group header under the pointer, else the process of the selected
     * slice (closing it hides the selection's lane, and opening it again brings it back).
     *
     * @return whether a group was toggled
     */
    boolean toggleGroupAtPointerOrSelection() {
        if (scene == null || frame == null) {
            return false;
        }
        java.awt.Point p = getMousePosition();
        GroupBox g = p == null ? null : frame.groupAt(p.y);
        if (g != null) {
            toggleGroup(g.key());
            return true;
        }
        SliceRef s = scene.selection();
        if (s != null && scene.layout().groupedByProcess()) {
            toggleGroup(dev.ura.app.render.LaneLayout.groupOf(scene.index(), s.thread()));
            return true;
        }
        return false;
    }

    void zoomAt(double px, double factor) {
        if (scene != null) {
            scene.axis().zoom(px, factor);
            changed();
        }
    }

    void pan(double dpx) {
        if (scene != null) {
            scene.axis().pan(dpx);
            scene.axis().clampTo(scene.index().startNs(), scene.index().endNs());
            changed();
        }
    }

    void scrollBy(int dy) {
        if (scene != null) {
            scene.setScrollY(scene.scrollY() + dy);
            clampScroll();
            changed();
        }
    }

    /** Height of the lanes that scroll, and of the area they scroll in. */
    public int[] scrollExtent() {
        if (scene == null) {
            return new int[]{0, 0};
        }
        Metrics m = scene.metrics();
        int content = scene.layout().scrollingHeight(scene.index(), m);
        int visible = getHeight() - m.ruler() - scene.layout().pinnedHeight(scene.index(), m);
        return new int[]{content, Math.max(0, visible)};
    }

    private void clampScroll() {
        int[] e = scrollExtent();
        scene.setScrollY(Math.min(scene.scrollY(), Math.max(0, e[0] - e[1])));
    }

    /** Re-lays out after lanes changed (collapse, hide, pin, order). */
    public void lanesChanged() {
        if (scene != null) {
            clampScroll();
        }
        changed();
    }

    void changed() {
        repaint();
        firePropertyChange("view", false, true);
    }

    /** The slice under a point, or {@code null}; a fold is not a slice. */
    public SliceRef sliceAt(int x, int y) {
        int i = itemAt(x, y);
        if (i < 0 || frame.items().isFold(i)) {
            return null;
        }
        return new SliceRef(frame.items().thread(i), frame.items().call(i));
    }

    int itemAt(int x, int y) {
        if (frame == null || y < scene.metrics().ruler()) {
            return -1;
        }
        return frame.items().hit(x, y);
    }

    @Override
    public String getToolTipText(MouseEvent e) {
        if (scene == null) {
            return null;
        }
        for (TimelineHooks.TooltipProvider p : tooltipProviders) {
            String tip = p.tooltip(e.getPoint());
            if (tip != null) {
                return tip;
            }
        }
        if (frame != null) {
            LaneBox strip = frame.stripAt(e.getY());
            if (strip != null) {
                return StateTooltips.at(scene, strip.thread(), e.getX());
            }
            CpuRow cpu = frame.cpuAt(e.getY());
            if (cpu != null) {
                return CpuTooltips.at(scene, cpu.cpu(), e.getX());
            }
            GroupBox g = frame.groupAt(e.getY());
            if (g != null) {
                return "<html>" + (g.collapsed() ? "Click or press Enter to expand" : "Click or press Enter to collapse")
                        + "</html>";
            }
        }
        int i = itemAt(e.getX(), e.getY());
        if (i < 0) {
            return null;
        }
        DrawList items = frame.items();
        CallTable c = scene.index().trace().threads().get(items.thread(i)).calls();
        int call = items.call(i);
        if (items.isFold(i)) {
            return "<html>" + items.count(i) + " calls too small to show — zoom in</html>";
        }
        String name = SliceDescriptions.escape(scene.index().trace().methods().get(c.method(call)).fullName());
        return "<html><b>" + name + "</b><br>" + TimeFormat.duration(c.duration(call))
                + " (self " + TimeFormat.duration(SliceDescriptions.selfTime(c, call)) + ")</html>";
    }
}
