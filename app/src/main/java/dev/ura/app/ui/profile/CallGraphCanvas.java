package dev.ura.app.ui.profile;

import dev.ura.app.analysis.callgraph.CallGraphEdge;
import dev.ura.app.analysis.callgraph.CallGraphNode;
import dev.ura.app.analysis.model.DurationText;
import dev.ura.app.analysis.callgraph.GraphLayout;

import javax.swing.JComponent;
import javax.swing.UIManager;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;

/**
 * Paints a call graph: either the image Graphviz rendered, or the built-in layered layout (boxes
 * shaded by own time, edges as thick and red as they are hot, each labelled with its call count).
 */
final class CallGraphCanvas extends JComponent {
    static final int NODE_HEIGHT = 44;
    private static final int PAD = 8;
    private BufferedImage image;
    private GraphLayout layout;
    private long maxEdgeNs = 1;
    private long maxOwnNs = 1;
    private boolean eventOrder;

    CallGraphCanvas() {
        setName("callGraphCanvas");
        setOpaque(true);
    }

    /**
     * Width of a node's box for its label lines in {@code font}; safe off the EDT (measures with a
     * font render context, not a component).
     */
    static double boxWidth(Font font, CallGraphNode n) {
        FontRenderContext frc = new FontRenderContext(null, true, true);
        double w = Math.max(font.deriveFont(Font.BOLD).getStringBounds(n.name(), frc).getWidth(),
                font.getStringBounds(detailText(n, false), frc).getWidth());
        // painting uses integer metrics, which run a little wider than fractional ones: keep a margin
        return Math.min(Math.ceil(w * 1.1) + 4, 480) + 2 * PAD;
    }

    void showImage(BufferedImage img) {
        image = img;
        layout = null;
        setPreferredSize(new Dimension(img.getWidth(), img.getHeight()));
        revalidate();
        repaint();
    }

    void showLayout(GraphLayout l, long maxEdge, boolean eventOrder) {
        image = null;
        layout = l;
        this.eventOrder = eventOrder;
        maxEdgeNs = Math.max(1, maxEdge);
        maxOwnNs = 1;
        for (GraphLayout.NodeBox b : l.nodes()) {
            maxOwnNs = Math.max(maxOwnNs, b.node().exclusiveNs());
        }
        setPreferredSize(new Dimension((int) Math.ceil(l.width()) + 40, (int) Math.ceil(l.height()) + 20));
        revalidate();
        repaint();
    }

    void clear() {
        image = null;
        layout = null;
        setPreferredSize(new Dimension(10, 10));
        revalidate();
        repaint();
    }

    boolean showsImage() {
        return image != null;
    }

    boolean showsLayout() {
        return layout != null;
    }

    @Override
    protected void paintComponent(Graphics g0) {
        Graphics2D g = (Graphics2D) g0.create();
        try {
            Color bg = UIManager.getColor("Panel.background");
            // a Graphviz picture carries its own background (the theme's, see CallGraphPanel)
            g.setColor(bg != null ? bg : Color.WHITE);
            g.fillRect(0, 0, getWidth(), getHeight());
            if (image != null) {
                g.drawImage(image, 0, 0, null);
            } else if (layout != null) {
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                g.translate(10, 10);
                for (GraphLayout.EdgeLine e : layout.edges()) {
                    paintEdge(g, e);
                }
                for (GraphLayout.NodeBox b : layout.nodes()) {
                    paintNode(g, b);
                }
            }
        } finally {
            g.dispose();
        }
    }

    private void paintEdge(Graphics2D g, GraphLayout.EdgeLine e) {
        CallGraphEdge edge = e.edge();
        double share = (double) edge.inclusiveNs() / maxEdgeNs;
        g.setColor(share >= 0.5 ? new Color(0xd62728) : share >= 0.2 ? new Color(0xff7f0e) : new Color(0x8a8a8a));
        g.setStroke(new BasicStroke((float) (1 + 4 * share), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        Path2D path = new Path2D.Double();
        double[] xs = e.xs();
        double[] ys = e.ys();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        g.draw(path);
        int last = xs.length - 1;
        arrow(g, xs[last - 1], ys[last - 1], xs[last], ys[last]);
        g.setFont(labelFont().deriveFont(Font.PLAIN, labelFont().getSize2D() - 1));
        g.setColor(UIManager.getColor("Label.foreground") != null ? UIManager.getColor("Label.foreground") : Color.BLACK);
        int mid = xs.length / 2;
        double lx = e.selfLoop() ? xs[1] + 4 : (xs[mid - 1] + xs[mid]) / 2 + 4;
        double ly = e.selfLoop() ? ys[1] : (ys[mid - 1] + ys[mid]) / 2;
        g.drawString(edge.calls() + (edge.calls() == 1 ? " call" : " calls"), (float) lx, (float) ly);
    }

    private static void arrow(Graphics2D g, double x0, double y0, double x1, double y1) {
        double angle = Math.atan2(y1 - y0, x1 - x0);
        double size = 8;
        Path2D head = new Path2D.Double();
        head.moveTo(x1, y1);
        head.lineTo(x1 - size * Math.cos(angle - 0.4), y1 - size * Math.sin(angle - 0.4));
        head.lineTo(x1 - size * Math.cos(angle + 0.4), y1 - size * Math.sin(angle + 0.4));
        head.closePath();
        g.fill(head);
    }

    private void paintNode(Graphics2D g, GraphLayout.NodeBox b) {
        double heat = (double) b.node().exclusiveNs() / maxOwnNs;
        g.setColor(fill(heat));
        int x = (int) Math.round(b.x());
        int y = (int) Math.round(b.y());
        int w = (int) Math.round(b.width());
        int h = (int) Math.round(b.height());
        g.fillRoundRect(x, y, w, h, 10, 10);
        g.setColor(themed("Component.borderColor", new Color(0x555555)));
        g.setStroke(new BasicStroke(1f));
        g.drawRoundRect(x, y, w, h, 10, 10);
        g.setColor(themed("Label.foreground", Color.BLACK));
        Font f = labelFont();
        g.setFont(f.deriveFont(Font.BOLD));
        FontMetrics fm = g.getFontMetrics();
        g.drawString(clip(b.node().name(), fm, w - 2 * PAD), x + PAD, y + fm.getAscent() + 4);
        g.setFont(f);
        fm = g.getFontMetrics();
        g.drawString(clip(detail(b.node()), fm, w - 2 * PAD), x + PAD, y + h - fm.getDescent() - 5);
    }

    /**
     * A node's fill: from the panel's background toward orange with its share of own time, so the
     * dark theme gets dark boxes with light text rather than white boxes.
     */
    private static Color fill(double heat) {
        Color base = themed("Panel.background", Color.WHITE);
        Color hot = new Color(0xff7f0e);
        double t = 0.08 + 0.6 * Math.max(0, Math.min(1, heat));
        return new Color((int) Math.round(base.getRed() + (hot.getRed() - base.getRed()) * t),
                (int) Math.round(base.getGreen() + (hot.getGreen() - base.getGreen()) * t),
                (int) Math.round(base.getBlue() + (hot.getBlue() - base.getBlue()) * t));
    }

    private static Color themed(String key, Color fallback) {
        Color c = UIManager.getColor(key);
        return c == null ? fallback : c;
    }

    private String detail(CallGraphNode n) {
        return detailText(n, eventOrder);
    }

    private static String detailText(CallGraphNode n, boolean eventOrder) {
        return time(n.inclusiveNs(), eventOrder) + " incl · " + time(n.exclusiveNs(), eventOrder) + " self · "
                + n.calls() + (n.calls() == 1 ? " call" : " calls");
    }

    private static String time(long ns, boolean eventOrder) {
        return eventOrder ? ns + " ev" : DurationText.format(ns);
    }

    private static String clip(String s, FontMetrics fm, int width) {
        if (fm.stringWidth(s) <= width) {
            return s;
        }
        int keep = s.length();
        while (keep > 1 && fm.stringWidth("…" + s.substring(s.length() - keep)) > width) {
            keep--;
        }
        return "…" + s.substring(s.length() - keep);
    }

    Font labelFont() {
        Font f = getFont() != null ? getFont() : UIManager.getFont("Label.font");
        return f != null ? f : new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    }
}
