package dev.ura.app.render;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationKind;
import dev.ura.trace.model.ThreadTrack;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;

/**
 * Paints notes, arrows and boxes where their anchors are ({@link AnchorPoints}: on their slices,
 * else on their lane, row and time) and remembers where each was drawn, so the window can
 * hit-test them. Shapes first, then labels laid out so that none overlaps another label, an
 * anchor point or the ruler, where the response's flags are. Annotations of
 * hidden threads are not drawn. While an arrow or box is being placed, a dashed preview follows
 * the pointer.
 */
public final class AnnotationOverlay implements TimelineOverlay {
    private List<Annotation> annotations = List.of();
    private String selectedId;
    private final List<Hit> hits = new ArrayList<>();
    private AnnotationKind previewKind;
    private Anchor previewFrom;
    private Point previewTo;

    private record Hit(Rectangle bounds, String id) {
    }

    /** A label still to be placed: its text, colour, where it would like to go, the point its stem starts at. */
    private record PendingLabel(String id, String text, Color color, List<Point> spots,
                                AnchorPoints.Point stemFrom) {
    }

    public void setAnnotations(List<Annotation> list) {
        annotations = List.copyOf(list);
    }

    public List<Annotation> annotations() {
        return annotations;
    }

    /** The annotations and the selection as they are now, without the preview of one being placed. */
    @Override
    public TimelineOverlay forExport() {
        AnnotationOverlay c = new AnnotationOverlay();
        c.annotations = annotations;
        c.selectedId = selectedId;
        return c;
    }

    public void setSelected(String id) {
        selectedId = id;
    }

    /** Shows an arrow or box being placed, from {@code from} to the pointer; {@code kind == null} clears it. */
    public void setPreview(AnnotationKind kind, Anchor from, Point pointer) {
        previewKind = kind;
        previewFrom = kind == null ? null : from;
        previewTo = kind == null ? null : pointer;
    }

    /** Where the preview of an arrow or box being placed ends (the pointer), or {@code null} when none is shown. */
    public Point previewPointer() {
        return previewKind == null || previewTo == null ? null : new Point(previewTo);
    }

    /** The id of the annotation drawn under a point in the last frame, or {@code null}. */
    public String hit(int x, int y) {
        for (int i = hits.size() - 1; i >= 0; i--) {
            if (hits.get(i).bounds().contains(x, y)) {
                return hits.get(i).id();
            }
        }
        return null;
    }

    /** Where each annotation was drawn in the last frame (shape and label), by id. */
    public java.util.Map<String, Rectangle> drawnBounds() {
        java.util.Map<String, Rectangle> out = new java.util.LinkedHashMap<>();
        for (Hit h : hits) {
            out.merge(h.id(), new Rectangle(h.bounds()), Rectangle::union);
        }
        return out;
    }

    /** The thread index an anchor refers to, by id, else by name; -1 when the trace has neither. */
    public static int threadOf(List<ThreadTrack> threads, Anchor a) {
        return AnchorPoints.threadOf(threads, a);
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame f) {
        hits.clear();
        Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        FontMetrics fm = g.getFontMetrics();
        Metrics m = f.scene().metrics();
        // labels stay under the ruler, where the response's flags are; the estimated-end flag drops
        // one line below the ruler when it would cover another flag, so that line is kept free too
        LabelLayout layout = new LabelLayout(m.ruler() + 1, f.height());
        for (TimelineOverlay o : f.scene().overlays()) {
            if (o instanceof ResponseOverlay r && r.ghostEndNs() >= 0) {
                layout.reserve(new Rectangle(-100_000, m.ruler(), 200_000, fm.getHeight() + 6));
            }
        }
        List<PendingLabel> labels = new ArrayList<>();
        for (Annotation a : annotations) {
            switch (a.kind()) {
                case NOTE -> note(g, f, a, layout, labels);
                case ARROW -> arrow(g, f, a, labels);
                case BOX -> box(g, f, a, labels);
            }
        }
        for (PendingLabel l : labels) {
            Rectangle r = label(g, f, layout, l);
            if (r != null) {
                hits.add(new Hit(r, l.id()));
            }
        }
        paintPreview(g, f);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa);
    }

    private Color color(RenderedFrame f, Annotation a) {
        return a.id().equals(selectedId) ? f.scene().palette().selection() : f.scene().palette().annotation();
    }

    private void note(Graphics2D g, RenderedFrame f, Annotation a, LabelLayout layout, List<PendingLabel> labels) {
        AnchorPoints.Point p = AnchorPoints.locate(f, a.from());
        if (p == null) {
            return;
        }
        double s = f.scene().metrics().scale();
        int x = (int) Math.round(p.x());
        int r = (int) Math.max(3, 3 * s);
        g.setColor(color(f, a));
        g.fillOval(x - r, p.y() - r, 2 * r, 2 * r);
        Rectangle dot = new Rectangle(x - r - 1, p.y() - r - 1, 2 * r + 2, 2 * r + 2);
        layout.reserve(dot);
        hits.add(new Hit(new Rectangle(x - 5, p.y() - 5, 10, 10), a.id()));
        String text = a.text().isEmpty() ? "note" : a.text();
        int stem = (int) (14 * s);
        int h = labelHeight(g, f);
        int w = labelWidth(g, f, text);
        labels.add(new PendingLabel(a.id(), text, color(f, a), List.of(
                new Point(x + 2, p.y() - stem - h), new Point(x - w - 2, p.y() - stem - h),
                new Point(x + 2, p.y() + stem), new Point(x - w - 2, p.y() + stem),
                new Point(x + stem, p.y() - h / 2)), p));
    }

    private void arrow(Graphics2D g, RenderedFrame f, Annotation a, List<PendingLabel> labels) {
        AnchorPoints.Point p1 = AnchorPoints.locate(f, a.from());
        AnchorPoints.Point p2 = AnchorPoints.locate(f, a.to());
        if (p1 == null || p2 == null) {
            return;
        }
        double s = f.scene().metrics().scale();
        int x1 = (int) Math.round(clampX(p1.x()));
        int x2 = (int) Math.round(clampX(p2.x()));
        Color c = color(f, a);
        ArrowPainter.paint(g, x1, p1.y(), x2, p2.y(), c, (float) (2 * s), false, s);
        hits.add(new Hit(new Rectangle(Math.min(x1, x2) - 4, Math.min(p1.y(), p2.y()) - 4, Math.abs(x2 - x1) + 8,
                Math.abs(p2.y() - p1.y()) + 8), a.id()));
        if (!a.text().isEmpty()) {
            int h = labelHeight(g, f);
            int w = labelWidth(g, f, a.text());
            int mx = (x1 + x2) / 2;
            int my = (p1.y() + p2.y()) / 2;
            labels.add(new PendingLabel(a.id(), a.text(), c, List.of(new Point(mx - w / 2, my - h - 4),
                    new Point(mx - w / 2, my + 4), new Point(mx + 6, my - h / 2), new Point(mx - w - 6, my - h / 2)),
                    null));
        }
    }

    private void box(Graphics2D g, RenderedFrame f, Annotation a, List<PendingLabel> labels) {
        AnchorPoints.Point p1 = AnchorPoints.locate(f, a.from());
        AnchorPoints.Point p2 = AnchorPoints.locate(f, a.to());
        if (p1 == null || p2 == null) {
            return;
        }
        int top = Math.min(p1.rowTop(), p2.rowTop());
        int bottom = Math.max(p1.rowTop() + p1.rowH(), p2.rowTop() + p2.rowH());
        int x1 = (int) Math.round(clampX(Math.min(p1.x(), p2.x())));
        int x2 = (int) Math.round(clampX(Math.max(p1.x(), p2.x())));
        Color c = color(f, a);
        Composite old = g.getComposite();
        g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.12f));
        g.setColor(c);
        g.fillRect(x1, top, Math.max(1, x2 - x1), bottom - top);
        g.setComposite(old);
        g.setStroke(new BasicStroke((float) (2 * f.scene().metrics().scale())));
        g.drawRect(x1, top, Math.max(1, x2 - x1), bottom - top);
        g.setStroke(new BasicStroke(1));
        hits.add(new Hit(new Rectangle(x1 - 3, top - 3, Math.max(1, x2 - x1) + 6, bottom - top + 6), a.id()));
        if (!a.text().isEmpty()) {
            int h = labelHeight(g, f);
            labels.add(new PendingLabel(a.id(), a.text(), c, List.of(new Point(x1, top - h - 2),
                    new Point(x1, bottom + 2), new Point(x1 + 2, top + 2)), null));
        }
    }

    private void paintPreview(Graphics2D g, RenderedFrame f) {
        if (previewKind == null || previewFrom == null || previewTo == null) {
            return;
        }
        AnchorPoints.Point p = AnchorPoints.locate(f, previewFrom);
        if (p == null) {
            return;
        }
        double s = f.scene().metrics().scale();
        Color c = f.scene().palette().annotation();
        int x1 = (int) Math.round(clampX(p.x()));
        if (previewKind == AnnotationKind.ARROW) {
            ArrowPainter.paint(g, x1, p.y(), previewTo.x, previewTo.y, c, (float) (2 * s), true, s);
        } else {
            float dash = (float) (5 * s);
            g.setColor(c);
            g.setStroke(new BasicStroke((float) (2 * s), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                    new float[]{dash, dash}, 0));
            int top = Math.min(p.rowTop(), previewTo.y);
            int bottom = Math.max(p.rowTop() + p.rowH(), previewTo.y);
            g.drawRect(Math.min(x1, previewTo.x), top, Math.abs(previewTo.x - x1), bottom - top);
            g.setStroke(new BasicStroke(1));
        }
    }

    private static int pad(RenderedFrame f) {
        return (int) Math.max(3, 3 * f.scene().metrics().scale());
    }

    private static int labelHeight(Graphics2D g, RenderedFrame f) {
        return g.getFontMetrics().getHeight() + pad(f) / 2;
    }

    private static int labelWidth(Graphics2D g, RenderedFrame f, String text) {
        return g.getFontMetrics().stringWidth(text) + 2 * pad(f);
    }

    /** Places and paints a label bubble (and a note's stem to it); returns its bounds, {@code null} when no place is free. */
    private static Rectangle label(Graphics2D g, RenderedFrame f, LabelLayout layout, PendingLabel l) {
        FontMetrics fm = g.getFontMetrics();
        int pad = pad(f);
        Rectangle r = layout.place(labelWidth(g, f, l.text()), labelHeight(g, f), l.spots());
        if (r == null) {
            return null; // the note's dot is painted; zooming in spreads the crowd and shows its label
        }
        g.setColor(l.color());
        if (l.stemFrom() != null) {
            int x = (int) Math.round(l.stemFrom().x());
            int y = l.stemFrom().y();
            // straight up or down when the label sits beside the stem, as a pin's head would
            int tx = x >= r.x - 3 && x <= r.x + r.width + 3 ? x : Math.max(r.x, Math.min(r.x + r.width, x));
            int ty = Math.max(r.y, Math.min(r.y + r.height, y));
            g.setStroke(new BasicStroke((float) (2 * f.scene().metrics().scale())));
            g.drawLine(x, y, tx, ty);
            g.setStroke(new BasicStroke(1));
        }
        g.fillRoundRect(r.x, r.y, r.width, r.height, 6, 6);
        g.setColor(textOn(l.color()));
        g.drawString(l.text(), r.x + pad, r.y + pad / 2 + fm.getAscent());
        return r;
    }

    /** Black or white, whichever reads better on {@code bg} (the dark theme's annotation colour is light). */
    static Color textOn(Color bg) {
        double luminance = (0.299 * bg.getRed() + 0.587 * bg.getGreen() + 0.114 * bg.getBlue()) / 255;
        return luminance > 0.6 ? Color.BLACK : Color.WHITE;
    }

    private static double clampX(double x) {
        return Math.max(-10_000, Math.min(100_000, x));
    }
}
