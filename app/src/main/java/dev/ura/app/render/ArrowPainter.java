package dev.ura.app.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Polygon;

/** A straight arrow with a filled head; solid or dashed. */
final class ArrowPainter {
    private ArrowPainter() {
    }

    static void paint(Graphics2D g, int x1, int y1, int x2, int y2, Color c, float width, boolean dashed, double scale) {
        paint(g, x1, y1, x2, y2, c, width, dashed, scale, null);
    }

    /**
     * With a halo: the arrow is first drawn a little wider in {@code halo} (the background), so it
     * stands out from the slices it crosses in either theme.
     */
    static void paint(Graphics2D g, int x1, int y1, int x2, int y2, Color c, float width, boolean dashed, double scale,
                      Color halo) {
        if (halo != null) {
            draw(g, x1, y1, x2, y2, halo, width + (float) (2 * scale), false, scale, true);
        }
        draw(g, x1, y1, x2, y2, c, width, dashed, scale, false);
    }

    private static void draw(Graphics2D g, int x1, int y1, int x2, int y2, Color c, float width, boolean dashed,
                             double scale, boolean widenHead) {
        g.setColor(c);
        float dash = (float) (5 * scale);
        g.setStroke(dashed
                ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[]{dash, dash}, 0)
                : new BasicStroke(width));
        double angle = Math.atan2(y2 - y1, x2 - x1);
        double head = 8 * scale;
        int bx = (int) Math.round(x2 - head * 0.8 * Math.cos(angle));
        int by = (int) Math.round(y2 - head * 0.8 * Math.sin(angle));
        g.drawLine(x1, y1, bx, by);
        Polygon p = new Polygon();
        p.addPoint(x2, y2);
        p.addPoint((int) Math.round(x2 - head * Math.cos(angle - 0.45)), (int) Math.round(y2 - head * Math.sin(angle - 0.45)));
        p.addPoint((int) Math.round(x2 - head * Math.cos(angle + 0.45)), (int) Math.round(y2 - head * Math.sin(angle + 0.45)));
        g.setStroke(new BasicStroke(1));
        g.fillPolygon(p);
        if (widenHead) { // the halo's pass: its head a pixel wider all round too
            g.setStroke(new BasicStroke((float) (2 * scale)));
            g.drawPolygon(p);
            g.setStroke(new BasicStroke(1));
        }
    }
}
