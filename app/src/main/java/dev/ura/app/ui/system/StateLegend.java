package dev.ura.app.ui.system;

import com.formdev.flatlaf.FlatLaf;
import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.render.ArrowToggles;
import dev.ura.app.render.StripState;
import dev.ura.app.render.ThreadStateOverlay.ArrowKind;
import dev.ura.app.ui.timeline.TimelineView;

import javax.swing.JComponent;
import javax.swing.UIManager;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;

/**
 * The key under a system trace's timeline: the thread-state strip's colours (drawn as the strip
 * draws them: a sleep is a thin line) and the arrows View › Arrows has on. It follows the theme.
 */
final class StateLegend extends JComponent {
    private final TimelineView view;

    StateLegend(TimelineView view) {
        this.view = view;
        setName("stateLegend");
        setToolTipText("The strip under each thread's name; hover it for a state's time, waker and CPU");
        view.addPropertyChangeListener("view", e -> repaint());
    }

    /** The entries as text, in order (for tests). */
    List<String> entries() {
        List<String> out = new ArrayList<>();
        for (StripState s : StripState.values()) {
            out.add(s.label());
        }
        ArrowToggles on = view.arrows();
        for (ArrowKind k : ArrowKind.values()) {
            if (k == ArrowKind.WAKEUP ? on.wakeups() : on.handoffs()) {
                out.add(k.label());
            }
        }
        if (on.path()) {
            out.add("critical-path hand-off");
        }
        return out;
    }

    @Override
    public Dimension getPreferredSize() {
        return new Dimension(UIScale.scale(400), getFontMetrics(getFont()).getHeight() + UIScale.scale(6));
    }

    @Override
    protected void paintComponent(Graphics g0) {
        Graphics2D g = (Graphics2D) g0.create();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(UIManager.getColor("Panel.background"));
            g.fillRect(0, 0, getWidth(), getHeight());
            g.setFont(getFont());
            boolean dark = FlatLaf.isLafDark();
            FontMetrics fm = g.getFontMetrics();
            int base = (getHeight() + fm.getAscent() - fm.getDescent()) / 2;
            int sw = UIScale.scale(14);
            int strip = UIScale.scale(9);
            int top = (getHeight() - strip) / 2;
            int gap = UIScale.scale(14);
            int x = UIScale.scale(8);
            Color text = UIManager.getColor("Label.foreground");
            Color muted = UIManager.getColor("Label.disabledForeground");
            x = label(g, "Thread state", x, base, muted) + UIScale.scale(8);
            for (StripState s : StripState.values()) {
                int h = s.height(strip);
                g.setColor(s.colour(dark));
                g.fillRect(x, top + (strip - h) / 2, sw, h);
                x = label(g, s.label(), x + sw + UIScale.scale(4), base, text) + gap;
            }
            x = label(g, "Arrows", x + UIScale.scale(8), base, muted) + UIScale.scale(8);
            ArrowToggles on = view.arrows();
            for (ArrowKind k : ArrowKind.values()) {
                if (k == ArrowKind.WAKEUP ? on.wakeups() : on.handoffs()) {
                    x = arrow(g, x, sw, getHeight() / 2, k.colour(dark), k == ArrowKind.WAKEUP);
                    x = label(g, k.label(), x, base, text) + gap;
                }
            }
            if (on.path()) {
                Color c = UIManager.getColor("Ura.timeline.arrow");
                x = arrow(g, x, sw, getHeight() / 2, c != null ? c : Color.MAGENTA, false);
                x = label(g, "critical-path hand-off", x, base, text) + gap;
            }
            if (!on.wakeups() && !on.handoffs() && !on.path()) {
                label(g, "none (View › Arrows)", x, base, muted);
            }
        } finally {
            g.dispose();
        }
    }

    private static int label(Graphics2D g, String s, int x, int base, Color c) {
        g.setColor(c);
        g.drawString(s, x, base);
        return x + g.getFontMetrics().stringWidth(s);
    }

    /** A short arrow as the timeline draws it (dashed for wakeups); returns the x after it. */
    private static int arrow(Graphics2D g, int x, int w, int y, Color c, boolean dashed) {
        float s = (float) UIScale.getUserScaleFactor();
        g.setColor(c);
        g.setStroke(dashed ? new BasicStroke(2 * s, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {3 * s, 2 * s}, 0) : new BasicStroke(2 * s));
        int w2 = w + UIScale.scale(6);
        g.drawLine(x, y, x + w2 - UIScale.scale(5), y);
        g.setStroke(new BasicStroke(1));
        int h = UIScale.scale(4);
        g.fillPolygon(new int[] {x + w2, x + w2 - UIScale.scale(6), x + w2 - UIScale.scale(6)},
                new int[] {y, y - h, y + h}, 3);
        return x + w2 + UIScale.scale(4);
    }
}
