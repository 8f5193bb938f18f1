package dev.ura.app.render;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.trace.model.ThreadTrack;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;

/**
 * Paints notes, arrows and boxes anchored to (thread, time) and remembers where each was drawn,
 * so the window can hit-test them. Annotations of hidden threads are not drawn.
 */
public final class AnnotationOverlay implements TimelineOverlay {
    private List<Annotation> annotations = List.of();
    private String selectedId;
    private final List<Hit> hits = new ArrayList<>();

    private record Hit(Rectangle bounds, String id) {
    }

    public void setAnnotations(List<Annotation> list) {
        annotations = List.copyOf(list);
    }

    public List<Annotation> annotations() {
        return annotations;
    }

    public void setSelected(String id) {
        selectedId = id;
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

    /** The thread index an anchor refers to, by id, else by name; -1 when the trace has neither. */
    public static int threadOf(List<ThreadTrack> threads, Anchor a) {
        for (int t = 0; t < threads.size(); t++) {
            if (threads.get(t).id() == a.threadId()) {
                return t;
            }
        }
        for (int t = 0; t < threads.size(); t++) {
            if (threads.get(t).name().equals(a.threadName())) {
                return t;
            }
        }
        return -1;
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame f) {
        hits.clear();
        Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        for (Annotation a : annotations) {
            switch (a.kind()) {
                case NOTE -> note(g, f, a);
                case ARROW -> arrow(g, f, a);
                case BOX -> box(g, f, a);
            }
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa);
    }

    private Color color(RenderedFrame f, Annotation a) {
        return a.id().equals(selectedId) ? f.scene().palette().selection() : f.scene().palette().annotation();
    }

    private int y(RenderedFrame f, Anchor a) {
        int t = threadOf(f.scene().index().trace().threads(), a);
        return t < 0 ? -1 : f.laneAnchorY(t);
    }

    private void note(Graphics2D g, RenderedFrame f, Annotation a) {
        int y = y(f, a.from());
        if (y < 0) {
            return;
        }
        double s = f.scene().metrics().scale();
        int x = (int) Math.round(f.x(a.from().timeNs()));
        Color c = color(f, a);
        g.setColor(c);
        g.setStroke(new BasicStroke((float) (2 * s)));
        int stem = (int) (14 * s);
        g.drawLine(x, y, x, y - stem);
        g.fillOval(x - (int) (3 * s), y - (int) (3 * s), (int) (6 * s), (int) (6 * s));
        Rectangle bubble = label(g, f, a.text().isEmpty() ? "note" : a.text(), x + (int) (2 * s), y - stem, c, true);
        hits.add(new Hit(bubble.union(new Rectangle(x - 5, y - stem, 10, stem + 5)), a.id()));
    }

    private void arrow(Graphics2D g, RenderedFrame f, Annotation a) {
        int y1 = y(f, a.from());
        int y2 = y(f, a.to());
        if (y1 < 0 || y2 < 0) {
            return;
        }
        double s = f.scene().metrics().scale();
        int x1 = (int) Math.round(f.x(a.from().timeNs()));
        int x2 = (int) Math.round(f.x(a.to().timeNs()));
        Color c = color(f, a);
        ArrowPainter.paint(g, x1, y1, x2, y2, c, (float) (2 * s), false, s);
        Rectangle r = new Rectangle(Math.min(x1, x2) - 4, Math.min(y1, y2) - 4, Math.abs(x2 - x1) + 8, Math.abs(y2 - y1) + 8);
        if (!a.text().isEmpty()) {
            r = r.union(label(g, f, a.text(), (x1 + x2) / 2, (y1 + y2) / 2, c, true));
        }
        hits.add(new Hit(r, a.id()));
    }

    private void box(Graphics2D g, RenderedFrame f, Annotation a) {
        int t1 = threadOf(f.scene().index().trace().threads(), a.from());
        int t2 = threadOf(f.scene().index().trace().threads(), a.to());
        LaneBox b1 = t1 < 0 ? null : f.box(t1);
        LaneBox b2 = t2 < 0 ? null : f.box(t2);
        if (b1 == null || b2 == null) {
            return;
        }
        int top = Math.min(b1.y(), b2.y());
        int bottom = Math.max(b1.y() + b1.height(), b2.y() + b2.height());
        int x1 = (int) Math.round(f.x(Math.min(a.from().timeNs(), a.to().timeNs())));
        int x2 = (int) Math.round(f.x(Math.max(a.from().timeNs(), a.to().timeNs())));
        Color c = color(f, a);
        Composite old = g.getComposite();
        g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.12f));
        g.setColor(c);
        g.fillRect(x1, top, Math.max(1, x2 - x1), bottom - top);
        g.setComposite(old);
        g.setStroke(new BasicStroke((float) (2 * f.scene().metrics().scale())));
        g.drawRect(x1, top, Math.max(1, x2 - x1), bottom - top);
        Rectangle r = new Rectangle(x1 - 3, top - 3, Math.max(1, x2 - x1) + 6, bottom - top + 6);
        if (!a.text().isEmpty()) {
            label(g, f, a.text(), x1 + 2, top + g.getFontMetrics().getHeight() + 2, c, false);
        }
        hits.add(new Hit(r, a.id()));
    }

    /** A text bubble with its baseline-left at (x, y); returns its bounds. */
    static Rectangle label(Graphics2D g, RenderedFrame f, String text, int x, int y, Color c, boolean filled) {
        FontMetrics fm = g.getFontMetrics();
        int pad = (int) Math.max(3, 3 * f.scene().metrics().scale());
        int w = fm.stringWidth(text) + 2 * pad;
        int h = fm.getHeight();
        Rectangle r = new Rectangle(x, y - fm.getAscent() - pad / 2, w, h + pad / 2);
        if (filled) {
            g.setColor(c);
            g.fillRoundRect(r.x, r.y, r.width, r.height, 6, 6);
            g.setColor(Color.WHITE);
        } else {
            g.setColor(c);
        }
        g.drawString(text, x + pad, y);
        return r;
    }
}
