package dev.ura.app.render;

import java.awt.FontMetrics;
import java.awt.Graphics2D;

/**
 * The time ruler: ticks on a 1-2-5 step, labelled as offsets from the trace start, in its top row;
 * the rows under it are left to the response's flags. A label is drawn whole or not at all at the
 * left edge (its tick is then left of the view).
 */
public final class RulerRenderer {
    private RulerRenderer() {
    }

    /** Where the label of a tick at {@code tickX} starts: just right of the tick. */
    static int labelX(int tickX, Metrics m) {
        return tickX + (int) (3 * m.scale());
    }

    public static void paint(Graphics2D g, TimelineScene s, long step, int width) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        TimeAxis axis = s.axis();
        g.setColor(p.rulerBackground());
        g.fillRect(0, 0, width, m.ruler());
        g.setColor(p.grid());
        g.fillRect(0, m.ruler() - 1, width, 1);
        long origin = s.index().startNs();
        long first = Math.floorDiv(axis.startNs() - origin, step) * step + origin;
        FontMetrics fm = g.getFontMetrics();
        int ticks = m.tickRow();
        int base = (ticks + fm.getAscent() - fm.getDescent()) / 2;
        for (long t = first; t <= axis.endNs(); t += step) {
            int x = (int) Math.round(axis.toPx(t));
            g.setColor(p.mutedText());
            g.fillRect(x, ticks - (int) (6 * m.scale()), 1, (int) (6 * m.scale()));
            int lx = labelX(x, m);
            if (lx >= 0) { // a tick left of the view would have its label cut at the edge: none rather than a cut one
                g.setColor(p.text());
                g.drawString(TimeFormat.tick(t - origin, step), lx, base);
            }
        }
    }
}
