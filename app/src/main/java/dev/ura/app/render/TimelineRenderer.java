package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.util.List;

/**
 * Paints a {@link TimelineScene}: lanes with their headers, the flame chart from a per-frame
 * {@link DrawList}, the selection and search highlights, overlays and finally the ruler (on top,
 * so scrolled lanes pass under it). Used by the window and by headless exports alike.
 */
public final class TimelineRenderer {
    private final DrawList items = new DrawList();
    private final GroupPainter groups = new GroupPainter();
    private Font font;
    private float fontSize;

    /**
     * What a paint at this size would show (lanes and slices), without painting it: an export looks
     * at the slices in view to choose its legend's colours before it paints them.
     */
    public RenderedFrame layOut(TimelineScene s, int width, int height) {
        Metrics m = s.metrics();
        s.axis().setWidthPx(width);
        LaneArrangement lanes = s.layout().arrange(s.index(), m, s.scrollY());
        List<LaneBox> boxes = lanes.lanes();
        int pinnedBottom = m.ruler() + lanes.pinnedHeight();
        FlameDrawListBuilder.build(s.index(), s.axis(), boxes, m, pinnedBottom, height, items);
        return new RenderedFrame(s, boxes, items, pinnedBottom, height, lanes.groups(), lanes.cpuRows());
    }

    /** Paints the scene into {@code [0, width) × [0, height)} and returns the frame for hit-testing. */
    public RenderedFrame paint(Graphics2D g, TimelineScene s, int width, int height) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        TimeAxis axis = s.axis();
        RenderedFrame frame = layOut(s, width, height);
        int pinnedBottom = frame.pinnedBottom();

        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(p.background());
        g.fillRect(0, 0, width, height);
        if (font == null || fontSize != m.fontSize()) {
            fontSize = m.fontSize();
            font = new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont(fontSize);
        }
        g.setFont(font);
        long step = TimeFormat.tickStep(axis.nsPerPx(), 90 * m.scale());
        paintGrid(g, s, step, height);
        Shape clip = g.getClip();
        paintBand(g, frame, false, new Rectangle(0, pinnedBottom, width, Math.max(0, height - pinnedBottom)), clip);
        paintBand(g, frame, true, new Rectangle(0, m.ruler(), width, Math.max(0, pinnedBottom - m.ruler())), clip);
        if (pinnedBottom > m.ruler()) {
            g.setColor(p.grid());
            g.fillRect(0, pinnedBottom - 1, width, 1);
        }
        g.clip(new Rectangle(0, m.ruler(), width, Math.max(0, height - m.ruler())));
        for (TimelineOverlay o : s.overlays()) {
            o.paint(g, frame);
        }
        paintSelection(g, s, frame);
        g.setClip(clip);
        RulerRenderer.paint(g, s, step, width);
        for (TimelineOverlay o : s.overlays()) {
            o.paintOnRuler(g, frame);
        }
        return frame;
    }

    private void paintBand(Graphics2D g, RenderedFrame f, boolean pinned, Rectangle band, Shape clip) {
        if (band.height <= 0) {
            return;
        }
        TimelineScene s = f.scene();
        g.setClip(clip);
        g.clip(band);
        for (LaneBox b : f.boxes()) {
            if (b.pinned() == pinned && b.y() + b.height() > band.y && b.y() < band.y + band.height) {
                paintHeader(g, s, b, band.width);
            }
        }
        paintItems(g, s, pinned);
        if (!pinned) {
            groups.paint(g, f, band);
            paintStickyHeader(g, f, band);
        }
        g.setClip(clip);
    }

    /**
     * The header of the lane scrolled partly under the top of the band stays at that top (pushed
     * up by the next lane as its end goes by), so the thread of the rows in view is always named.
     */
    private void paintStickyHeader(Graphics2D g, RenderedFrame f, Rectangle band) {
        Metrics m = f.scene().metrics();
        LaneBox b = f.stickyHeader();
        if (b != null) {
            paintHeader(g, f.scene(), b, band.width);
            g.setColor(f.scene().palette().grid());
            g.fillRect(0, b.y() + m.header() - 1, band.width, 1);
        }
    }

    private void paintHeader(Graphics2D g, TimelineScene s, LaneBox b, int width) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        ThreadTrack t = s.index().trace().threads().get(b.thread());
        g.setColor(p.laneHeader());
        g.fillRect(0, b.y(), width, m.header());
        g.setColor(p.text());
        FontMetrics fm = g.getFontMetrics();
        int base = b.y() + (m.header() + fm.getAscent() - fm.getDescent()) / 2;
        String arrow = b.collapsed() ? "▸ " : "▾ ";
        String name = arrow + Names.laneName(s.index().trace(), b.thread()) + (b.pinned() ? "  · pinned" : "");
        int x = (int) (6 * m.scale());
        g.drawString(name, x, base);
        g.setColor(p.mutedText());
        String info = "  " + t.calls().size() + (t.calls().size() == 1 ? " call" : " calls");
        g.drawString(info, x + fm.stringWidth(name), base);
    }

    private void paintItems(Graphics2D g, TimelineScene s, boolean pinned) {
        Palette p = s.palette();
        SliceColors colors = s.colors();
        boolean[] matches = s.matches();
        FontMetrics fm = g.getFontMetrics();
        double charW = Math.max(1, fm.charWidth('m') * 0.8);
        int ascent = fm.getAscent() - fm.getDescent();
        Composite normal = g.getComposite();
        Composite dim = AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.25f);
        for (int i = 0; i < items.size(); i++) {
            int t = items.thread(i);
            if (s.layout().isPinned(t) != pinned) {
                continue;
            }
            CallTable calls = s.index().trace().threads().get(t).calls();
            int c = items.call(i);
            boolean fold = items.isFold(i);
            int x = (int) Math.floor(items.x(i));
            int w = Math.max(1, (int) Math.ceil(items.x(i) + items.width(i)) - x);
            int y = items.y(i);
            int h = items.height(i);
            boolean match = matches != null && !fold && matches[calls.method(c)];
            g.setComposite(matches != null && !match ? dim : normal);
            g.setColor(fold ? colors.foldOf(calls.method(c)) : colors.of(calls.method(c)));
            g.fillRect(x, y, w > 3 ? w - 1 : w, h);
            if (match) {
                g.setColor(p.searchMatch());
                g.drawRect(x, y, Math.max(0, w - 2), h - 1);
            }
            if (w >= charW * 3 + 4) {
                String label = fold ? items.count(i) + " calls" : s.index().label(calls.method(c));
                paintLabel(g, label, x, w, y + (h + ascent) / 2, charW, p.sliceText());
            }
        }
        g.setComposite(normal);
    }

    /**
     * The selected slice, over the overlays and unlike the critical path's outline (a solid line on
     * the slice): a ring just outside the slice, split from it by a line of background colour, so
     * a selected slice on the critical path shows both.
     */
    private void paintSelection(Graphics2D g, TimelineScene s, RenderedFrame f) {
        SliceRef sel = s.selection();
        if (sel == null) {
            return;
        }
        int i = -1;
        for (int k = 0; k < items.size(); k++) {
            if (!items.isFold(k) && items.thread(k) == sel.thread() && items.call(k) == sel.call()) {
                i = k;
                break;
            }
        }
        if (i < 0) {
            return;
        }
        boolean pinned = s.layout().isPinned(sel.thread());
        if (!pinned && items.y(i) + items.height(i) <= f.pinnedBottom()) {
            return;
        }
        float stroke = (float) Math.max(2, 2 * s.metrics().scale());
        int inset = (int) Math.ceil(stroke);
        int x = (int) Math.floor(items.x(i));
        int w = Math.max(2, (int) Math.ceil(items.width(i)));
        int y = items.y(i);
        int h = items.height(i);
        g.setColor(s.palette().background());
        g.drawRect(x - 1, y - 1, w + 1, h + 1);
        g.setColor(s.palette().selection());
        g.setStroke(new BasicStroke(stroke));
        g.drawRect(x - inset, y - inset, w + 2 * inset - 1, h + 2 * inset - 1);
        g.setStroke(new BasicStroke(1));
    }

    private static void paintLabel(Graphics2D g, String label, int x, int w, int baseline, double charW, Color c) {
        int fit = (int) ((w - 4) / charW);
        if (fit < 2) {
            return;
        }
        String text = Names.fit(label, fit);
        if (text.isEmpty()) {
            return;
        }
        Shape clip = g.getClip();
        g.clipRect(x, baseline - 20, w, 40);
        g.setColor(c);
        g.drawString(text, Math.max(x, 0) + 2, baseline);
        g.setClip(clip);
    }

    private static void paintGrid(Graphics2D g, TimelineScene s, long step, int height) {
        TimeAxis axis = s.axis();
        long origin = s.index().startNs();
        long first = Math.floorDiv(axis.startNs() - origin, step) * step + origin;
        g.setColor(s.palette().grid());
        for (long t = first; t <= axis.endNs(); t += step) {
            int x = (int) Math.round(axis.toPx(t));
            g.fillRect(x, s.metrics().ruler(), 1, height);
        }
    }
}
