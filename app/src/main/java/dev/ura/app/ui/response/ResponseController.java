package dev.ura.app.ui.response;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.app.ui.timeline.TimelineHooks;
import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.render.ResponseOverlay;
import dev.ura.app.render.WhatIfOverlay;
import dev.ura.app.render.TimeFormat;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.JPopupMenu;
import java.awt.Component;
import java.awt.Point;
import java.awt.event.MouseEvent;
import java.util.function.Consumer;

/**
 * Shows the selected response on the timeline (overlay, fit, focus window), and offers the
 * timeline's what-if and link-editing actions: defer / run in parallel / speed up a slice, remove
 * a hand-off link (right-click its arrow) or draw one (from a slice with a send to a slice with a
 * dispatch).
 */
public final class ResponseController implements TimelineHooks.MenuContributor, TimelineHooks.TooltipProvider,
        TimelineHooks.PointerHandler {
    private final Consumer<String> status;
    private final Component parent;
    private final ResponseModel model;
    private final TimelineView view;
    private ResponseOverlay overlay;
    private WhatIfOverlay whatIf;
    private dev.ura.app.analysis.model.Scenario whatIfScenario;
    private dev.ura.app.analysis.model.Estimate whatIfEstimate;
    private Response fitted;
    private SliceRef linkFrom;
    /** Where "Response Starts Here" was picked, until "Response Ends Here" (EDT only). */
    private Long byHandStartNs;

    /**
     * @param view   the timeline it draws on and takes gestures from
     * @param model  the responses and the selected one's path and scenario
     * @param status shows a one-line hint or result (the status bar)
     * @param parent the owner of its dialogs
     */
    public ResponseController(TimelineView view, ResponseModel model, Consumer<String> status, Component parent) {
        this.status = status;
        this.parent = parent;
        this.model = model;
        this.view = view;
        view.addMenuContributor(this);
        view.addTooltipProvider(this);
        view.addPointerHandler(this);
        new RangeSelection(view, model);
        model.addListener(this::refresh);
        view.addKeyListener(new java.awt.event.KeyAdapter() {
            @Override
            public void keyPressed(java.awt.event.KeyEvent e) {
                if (e.getKeyCode() == java.awt.event.KeyEvent.VK_ESCAPE && linkFrom != null) {
                    linkFrom = null;
                    status.accept(" ");
                }
            }
        });
    }

    private void refresh() {
        if (view.scene() == null) {
            return;
        }
        if (overlay != null) {
            view.scene().overlays().remove(overlay);
            overlay = null;
        }
        view.scene().overlays().remove(whatIf);
        Response r = model.selectedResponse();
        if (r == null) {
            view.setFocusWindow(null);
            view.repaint();
            return;
        }
        if (model.path() != null) {
            view.revealEmpty(model.path().segments().stream().map(Segment::thread).distinct().toList());
        }
        long ghost = model.estimate() == null ? -1 : model.estimate().endNs();
        overlay = new ResponseOverlay(r, model.path(), ghost);
        long onScreen = -1;
        ResponseDescription d = model.analysis() == null ? null : model.analysis().describe(r.index());
        if (d != null && d.engine() == ResponseDescription.Engine.SYSTEM) { // thread-state strip, "drawn" flag
            onScreen = d.onScreenAtNs();
            overlay.asSystemResponse(onScreen);
        }
        view.scene().overlays().add(0, overlay);
        if (!model.scenario().isEmpty()) {
            // matching by-name changes walks every method: only when the scenario or its estimate changed
            if (whatIf == null || whatIfScenario != model.scenario() || whatIfEstimate != model.estimate()) {
                whatIfScenario = model.scenario();
                whatIfEstimate = model.estimate();
                whatIf = new WhatIfOverlay(whatIfScenario, view.scene().index().trace().methods(),
                        whatIfEstimate == null ? null : whatIfEstimate.path());
            }
            view.scene().overlays().add(1, whatIf);
        }
        view.setFocusWindow(new long[]{r.startNs(), Math.max(r.endNs(), ghost)});
        if (fitted != r) {
            fitted = r;
            // a system response's "on screen at" comes after its end: in view too
            view.fitRange(r.startNs(), Math.max(r.endNs(), onScreen));
        }
        view.repaint();
    }

    /** The overlay of the selected response, or {@code null}. */
    public ResponseOverlay overlay() {
        return overlay;
    }

    /** Selects a critical-path segment's slice and zooms to the segment. */
    public void show(Segment s) {
        if (s.call() != null) {
            view.select(s.call());
        }
        view.fitRange(s.startNs(), s.endNs());
        if (s.call() != null) {
            view.revealSlice(s.call());
        } else {
            view.revealLane(s.thread());
        }
    }

    /** Selects the first segment's slice and zooms to the run of segments (a grouped row of the path table). */
    public void show(java.util.List<Segment> run) {
        if (run.isEmpty()) {
            return;
        }
        Segment first = run.get(0);
        Segment last = run.get(run.size() - 1);
        if (first.call() != null) {
            view.select(first.call());
        }
        view.fitRange(first.startNs(), Math.max(last.endNs(), first.startNs() + 1));
        view.revealLane(first.thread());
    }

    /** Selects a finding's first evidence slice and zooms to its evidence. */
    public void show(Finding f) {
        if (!f.calls().isEmpty()) {
            view.select(f.calls().get(0));
        }
        view.fitRange(f.evidenceStartNs(), Math.max(f.evidenceEndNs(), f.evidenceStartNs() + 1));
        if (f.thread() >= 0) {
            view.revealLane(f.thread());
        }
    }

    /** The export header: file, response, duration, what-if summary. */
    public ExportHeader header() {
        Response r = model.selectedResponse();
        String file = model.loaded() == null ? "" : model.loaded().source().name();
        if (r == null) {
            return new ExportHeader(file, null, null, null);
        }
        return new ExportHeader(file, "#" + r.index() + " " + r.trigger(), TimeFormat.duration(r.durationNs()),
                WhatIfPanel.summary(model));
    }

    @Override
    public String tooltip(Point at) {
        ResponseOverlay.Arrow a = overlay == null ? null : overlay.arrowAt(at.x, at.y, 4);
        return a == null ? null : CriticalPathPanel.arrowTip(a);
    }

    @Override
    public void contribute(JPopupMenu menu, Point at, SliceRef slice) {
        ResponseOverlay.Arrow arrow = overlay == null ? null : overlay.arrowAt(at.x, at.y, 4);
        if (arrow != null) {
            Link link = findLink(arrow);
            JMenuItem remove = new JMenuItem("Remove This Link (" + (arrow.to().via() == null ? "?" : arrow.to().via().label()) + ")");
            remove.setEnabled(link != null);
            remove.addActionListener(e -> model.removeLink(link));
            menu.add(remove);
            menu.addSeparator();
        }
        if (slice != null && model.loaded() != null) {
            contributeByHand(menu, slice);
        }
        if (slice == null || model.selectedResponse() == null) {
            return;
        }
        String label = SliceDescriptions.label(view.scene().index().trace(), slice);
        SliceSelector exact = new SliceSelector.Exact(slice, label);
        JMenu whatIf = new JMenu("What If");
        whatIf.setName("whatIfMenu");
        whatIf.add(item("Defer Until After the Response", () -> model.addChange(new Change.Defer(exact))));
        whatIf.add(item("Run in Parallel", () -> model.addChange(new Change.RunInParallel(exact))));
        whatIf.add(item("Speed Up…", () -> speedUp(exact)));
        whatIf.addSeparator();
        SliceSelector byName = new SliceSelector.ByName(label);
        whatIf.add(item("Defer Every Call of " + shortName(label), () -> model.addChange(new Change.Defer(byName))));
        whatIf.add(item("Speed Up Every Call of " + shortName(label) + "…", () -> speedUp(byName)));
        // one call alone has nothing to run beside: side by side is for every call of a name
        whatIf.add(item("Run Every Call of " + shortName(label) + " Side by Side",
                () -> model.addChange(new Change.SideBySide(byName))));
        menu.add(whatIf);
        menu.add(item("Draw a Hand-off Link From Here…", () -> {
            linkFrom = slice;
            status.accept("Click the slice that ran the handed-off work (Esc cancels)");
        }));
    }

    /**
     * Slice menu › Response Starts Here / Response Ends Here / Analyse This Slice as the Response:
     * a response set by hand from a slice's start to another's end (saved in the sidecar).
     */
    private void contributeByHand(JPopupMenu menu, SliceRef slice) {
        CallTable calls = view.scene().index().trace().threads().get(slice.thread()).calls();
        long start = calls.start(slice.call());
        long end = calls.end(slice.call());
        JMenu byHand = new JMenu("Set Response by Hand");
        byHand.setName("byHandMenu");
        byHand.add(item("Response Starts Here", () -> {
            byHandStartNs = start;
            status.accept("Response starts at this slice; now pick Response Ends Here on its last slice");
        }));
        JMenuItem ends = item("Response Ends Here", () -> {
            model.setResponseByHand(ResponseByHand.window(byHandStartNs, end));
            byHandStartNs = null;
        });
        ends.setEnabled(byHandStartNs != null && byHandStartNs <= end);
        byHand.add(ends);
        byHand.add(item("Analyse This Slice as the Response", () -> model.setResponseByHand(
                ResponseByHand.window(start, end))));
        if (model.analysis() != null && model.analysis().responseByHand() != null) {
            byHand.addSeparator();
            byHand.add(item("Detect Responses Again", () -> model.setResponseByHand(null)));
        }
        menu.add(byHand);
        menu.addSeparator();
    }

    private void speedUp(SliceSelector target) {
        Object f = JOptionPane.showInputDialog(parent, "Speed-up factor (2 = twice as fast):", "Speed up",
                JOptionPane.PLAIN_MESSAGE, null, null, "2");
        if (f == null) {
            return;
        }
        try {
            model.addChange(new Change.SpeedUp(target, Double.parseDouble(f.toString().trim())));
        } catch (IllegalArgumentException e) {
            JOptionPane.showMessageDialog(parent, "Not a positive number: " + f, "Speed up", JOptionPane.ERROR_MESSAGE);
        }
    }

    /** The analysis link an arrow stands for: dispatched on the arrow's target thread nearest its start. */
    private Link findLink(ResponseOverlay.Arrow a) {
        Analysis an = model.analysis();
        if (an == null) {
            return null;
        }
        EventTable ev = an.events();
        Link best = null;
        long bestD = Long.MAX_VALUE;
        for (Link l : an.links()) {
            if (ev.thread(l.dispatchEvent()) != a.to().thread() || ev.thread(l.sendEvent()) != a.from().thread()) {
                continue;
            }
            long d = Math.abs(ev.start(l.dispatchEvent()) - a.to().startNs());
            if (d < bestD) {
                bestD = d;
                best = l;
            }
        }
        return best;
    }

    @Override
    public boolean pressed(MouseEvent e) {
        if (linkFrom == null) {
            return false;
        }
        SliceRef from = linkFrom;
        linkFrom = null;
        SliceRef to = view.sliceAt(e.getX(), e.getY());
        if (to == null) {
            status.accept("No slice there: link not drawn");
            return true;
        }
        int send = eventIn(from, EventKind.SEND_MSG);
        int dispatch = eventIn(to, EventKind.DISPATCH_MSG);
        if (send < 0 || dispatch < 0) {
            status.accept(send < 0 ? "The first slice sends no message (no SEND_MSG inside it)"
                    : "The second slice runs no dispatched message (no DISPATCH_MSG around it)");
            return true;
        }
        model.addLink(send, dispatch);
        status.accept("Link drawn; re-analysing");
        return true;
    }

    /** The last event of a kind inside a slice, or enclosing its start; -1 when none. */
    private int eventIn(SliceRef s, EventKind kind) {
        Analysis an = model.analysis();
        if (an == null) {
            return -1;
        }
        CallTable c = view.scene().index().trace().threads().get(s.thread()).calls();
        long a = c.start(s.call());
        long b = c.end(s.call());
        EventTable ev = an.events();
        int found = -1;
        for (int i = 0; i < ev.size(); i++) {
            if (ev.kind(i) != kind || ev.thread(i) != s.thread()) {
                continue;
            }
            boolean inside = ev.start(i) >= a && ev.start(i) <= b;
            boolean encloses = ev.start(i) <= a && ev.end(i) >= b;
            if (inside || encloses) {
                found = i;
            }
        }
        return found;
    }

    @Override
    public void dragged(MouseEvent e) {
        // a link is drawn with two clicks; dragging in between does nothing
    }

    @Override
    public void released(MouseEvent e) {
        // the press did the work
    }

    private static String shortName(String full) {
        if (full.indexOf(' ') >= 0 || full.indexOf('(') >= 0 || full.indexOf(':') >= 0) {
            return full; // a system trace's slice or an agent-log interval: its dots are not packages
        }
        int dot = full.lastIndexOf('.', full.lastIndexOf('.') - 1);
        return dot < 0 ? full : full.substring(dot + 1);
    }

    private static JMenuItem item(String text, Runnable r) {
        JMenuItem i = new JMenuItem(text);
        i.addActionListener(e -> r.run());
        return i;
    }
}
