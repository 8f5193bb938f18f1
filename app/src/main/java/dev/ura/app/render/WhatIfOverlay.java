package dev.ura.app.render;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;

import java.awt.BasicStroke;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A what-if scenario on the timeline: each slice a change applies to outlined with a dashed line
 * in the estimate's colour and tagged with the change ({@code defer}, {@code parallel},
 * {@code ×2}), and the estimated critical path as a dashed bar along the top of each lane's
 * header (the recorded path's bar is at its bottom), at the times the estimate schedules.
 */
public final class WhatIfOverlay implements TimelineOverlay {
    private final Map<Long, String> exact = new HashMap<>();
    private final String[] byMethod;
    private final CriticalPath estimated;

    /**
     * @param estimated the estimate's critical path, or {@code null} while it is computed
     */
    public WhatIfOverlay(Scenario scenario, MethodTable methods, CriticalPath estimated) {
        this.estimated = estimated;
        this.byMethod = new String[methods.size()];
        for (Change c : scenario.changes()) {
            String tag = tag(c);
            SliceSelector target = target(c);
            if (target instanceof SliceSelector.Exact e) {
                exact.put(key(e.slice().thread(), e.slice().call()), tag);
            } else if (target instanceof SliceSelector.ByName n) {
                // matched once per method here, not per slice per frame
                for (int m = 0; m < byMethod.length; m++) {
                    if (byMethod[m] == null && n.matches(methods.get(m).fullName())) {
                        byMethod[m] = tag;
                    }
                }
            }
        }
    }

    private static SliceSelector target(Change c) {
        return c.target();
    }

    /** The short tag painted on a changed slice. */
    static String tag(Change c) {
        if (c instanceof Change.Defer) {
            return "defer";
        }
        if (c instanceof Change.RunInParallel) {
            return "parallel";
        }
        if (c instanceof Change.SideBySide) {
            return "side by side";
        }
        double f = ((Change.SpeedUp) c).factor();
        return "×" + (f == Math.rint(f) && Math.abs(f) < 1e9 ? String.valueOf((long) f) : String.valueOf(f));
    }

    private static long key(int thread, int call) {
        return ((long) thread << 32) | (call & 0xffffffffL);
    }

    /** The change's tag for a slice, or {@code null} when no change applies to it. */
    String tagOf(int thread, int call, CallTable calls) {
        String t = exact.get(key(thread, call));
        return t != null ? t : byMethod[calls.method(call)];
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame f) {
        Palette p = f.scene().palette();
        Metrics m = f.scene().metrics();
        float w = (float) Math.max(1.5, 1.5 * m.scale());
        float dash = (float) (4 * m.scale());
        g.setStroke(new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[]{dash, dash}, 0));
        g.setColor(p.ghost());
        FontMetrics fm = g.getFontMetrics();
        DrawList items = f.items();
        var threads = f.scene().index().trace().threads();
        for (int i = 0; i < items.size(); i++) {
            if (items.isFold(i)) {
                continue;
            }
            String tag = tagOf(items.thread(i), items.call(i), threads.get(items.thread(i)).calls());
            if (tag == null) {
                continue;
            }
            int x = (int) Math.floor(items.x(i));
            int width = Math.max(2, (int) Math.ceil(items.width(i)));
            g.drawRect(x, items.y(i), width - 1, items.height(i) - 1);
            int tw = fm.stringWidth(tag);
            if (width > tw + 8) {
                g.drawString(tag, x + width - tw - 3, items.y(i) + items.height(i) - fm.getDescent() - 1);
            }
        }
        if (estimated != null) {
            paintEstimatedPath(g, f, m, p, estimated.segments());
        }
        g.setStroke(new BasicStroke(1));
    }

    private static void paintEstimatedPath(Graphics2D g, RenderedFrame f, Metrics m, Palette p, List<Segment> path) {
        int bar = (int) Math.max(3, 3 * m.scale());
        g.setColor(p.ghost());
        for (Segment s : path) {
            LaneBox b = f.box(s.thread());
            if (b == null) {
                continue;
            }
            double x1 = Math.max(-10_000, f.x(s.startNs()));
            double x2 = Math.min(100_000, f.x(s.endNs()));
            // dashes of the bar, so it reads as an estimate beside the recorded path's solid one
            double step = 6 * m.scale();
            for (double x = x1; x < x2; x += 2 * step) {
                int from = (int) Math.round(x);
                int to = (int) Math.round(Math.min(x2, x + step));
                g.fillRect(from, b.y() + 1, Math.max(1, to - from), bar);
            }
        }
    }
}
