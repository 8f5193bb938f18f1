package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Paints an exported picture: a header (file, response, duration, what-if), the timeline with its
 * overlays and annotations, and a footer with a colour legend and a scale bar. The same code
 * serves File › Export, Copy Image and {@code ura export-png}; it needs AWT but no window.
 */
public final class ExportPainter {
    private ExportPainter() {
    }

    /** A PNG-ready image of {@code scene} (which is copied, not changed) at {@code width × height}. */
    public static BufferedImage image(TimelineScene scene, ExportHeader header, int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            paint(g, scene, header, width, height);
        } finally {
            g.dispose();
        }
        return img;
    }

    /**
     * The same picture as an SVG document. Names from a trace may hold characters XML forbids
     * (control characters, lone surrogates, U+FFFE/U+FFFF); they become U+FFFD so the document
     * always parses.
     */
    public static String svg(TimelineScene scene, ExportHeader header, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        paint(g, scene, header, width, height);
        return XmlText.clean(g.getSVGDocument());
    }

    /** Height of the header for these lines at this scale. */
    public static int headerHeight(ExportHeader h, Metrics m) {
        return (int) Math.round((12 + 22 + 17 * (lines(h).size() - 1)) * m.scale());
    }

    /** Colour keys at most in the footer's legend row. */
    private static final int LEGEND_ENTRIES = 8;
    /** Height of one footer row, before scaling. */
    private static final int FOOTER_ROW = 24;

    /** Height of the footer: a row of keys and the scale bar, a row of slice colours. */
    public static int footerHeight(Metrics m) {
        return (int) Math.round((2 * FOOTER_ROW + 4) * m.scale());
    }

    /** The picture's height when the whole timeline of {@code scene} is to fit under the header. */
    public static int fittingHeight(TimelineScene scene, ExportHeader header) {
        return headerHeight(header, scene.metrics()) + ResponseExport.timelineHeight(scene)
                + footerHeight(scene.metrics()) + scene.metrics().gap();
    }

    /** Paints into any graphics of the given size. */
    public static void paint(Graphics2D g, TimelineScene original, ExportHeader header, int width, int height) {
        TimelineScene scene = original.copy();
        long start = original.axis().startNs();
        long end = original.axis().endNs();
        Metrics m = scene.metrics();
        Palette p = scene.palette();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        int headerH = headerHeight(header, m);
        int footerH = footerHeight(m);
        g.setColor(p.background());
        g.fillRect(0, 0, width, height);
        paintHeader(g, header, p, m, width);
        int timelineH = Math.max(1, height - headerH - footerH);
        scene.axis().setWidthPx(width);
        scene.axis().fit(start, end, 0);
        TimelineRenderer renderer = new TimelineRenderer();
        Legend legend = Legend.of(renderer.layOut(scene, width, timelineH));
        SliceColors colors = SliceColors.of(scene.index().trace().methods(), p, legend.slots());
        scene.setColors(colors);
        Graphics2D tg = (Graphics2D) g.create(0, headerH, width, timelineH);
        try {
            renderer.paint(tg, scene, width, timelineH);
        } finally {
            tg.dispose();
        }
        paintFooter(g, legend.entries(colors, LEGEND_ENTRIES), scene, height - footerH, width, footerH);
    }

    /** The header's second and later lines: device facts, end reason, what-if. */
    private static List<String> lines(ExportHeader h) {
        List<String> lines = new ArrayList<>();
        lines.add(null);
        if (h.facts() != null) {
            lines.add(h.facts());
        }
        if (h.ending() != null) {
            lines.add(h.ending());
        }
        lines.add(h.whatIf() == null ? "baseline (no what-if changes)" : "what-if: " + h.whatIf());
        return lines;
    }

    private static void paintHeader(Graphics2D g, ExportHeader h, Palette p, Metrics m, int width) {
        Font title = new Font(Font.SANS_SERIF, Font.BOLD, 1).deriveFont((float) (14 * m.scale()));
        Font sub = new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont((float) (12 * m.scale()));
        int x = (int) (10 * m.scale());
        int room = width - 2 * x;
        g.setFont(title);
        g.setColor(p.text());
        StringBuilder line = new StringBuilder(h.file());
        if (h.response() != null) {
            line.append("  —  response ").append(h.response());
        }
        if (h.duration() != null) {
            line.append("  ·  ").append(h.duration());
        }
        g.drawString(fit(g.getFontMetrics(), line.toString(), room), x, (int) (19 * m.scale()));
        g.setFont(sub);
        List<String> lines = lines(h);
        for (int i = 1; i < lines.size(); i++) {
            g.setColor(i == lines.size() - 1 && h.whatIf() != null ? p.ghost() : p.mutedText());
            g.drawString(fit(g.getFontMetrics(), lines.get(i), room), x, (int) ((20 + 17 * i) * m.scale()));
        }
    }

    /** The text cut with an ellipsis to fit {@code room} px. */
    static String fit(FontMetrics fm, String text, int room) {
        if (fm.stringWidth(text) <= room) {
            return text;
        }
        int n = text.length();
        while (n > 1 && fm.stringWidth(text.substring(0, n) + "…") > room) {
            n--;
        }
        return text.substring(0, n) + "…";
    }

    /**
     * The footer's first row: what the overlays draw (critical path, estimated end) and the scale
     * bar; its second: the slice colours, biggest first, by their whole names (a name wider than half
     * the row is cut in the middle; an SVG keeps the whole name as the entry's title).
     */
    private static void paintFooter(Graphics2D g, List<Legend.Entry> legend, TimelineScene s, int y, int width, int h) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        g.setColor(p.rulerBackground());
        g.fillRect(0, y, width, h);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont(m.fontSize()));
        FontMetrics fm = g.getFontMetrics();
        int row = (int) Math.round(FOOTER_ROW * m.scale());
        int top = y + (int) Math.round(2 * m.scale());
        int barY = top + row / 2;
        int base = barY + (fm.getAscent() - fm.getDescent()) / 2;
        long step = TimeFormat.tickStep(s.axis().nsPerPx(), width / 8.0);
        int barW = (int) Math.round(step / s.axis().nsPerPx());
        String barLabel = TimeFormat.duration(step);
        int barX = width - barW - (int) (16 * m.scale()) - fm.stringWidth(barLabel) - 8;
        g.setColor(p.text());
        g.fillRect(barX, barY - 1, barW, 2);
        g.fillRect(barX, barY - 5, 1, 10);
        g.fillRect(barX + barW - 1, barY - 5, 1, 10);
        g.drawString(barLabel, barX + barW + 8, base);
        int left = (int) (10 * m.scale());
        keys(g, s, left, barY, base);
        int midY = barY + row;
        int x = left;
        int sw = (int) (10 * m.scale());
        int gap = (int) (14 * m.scale());
        for (Legend.Entry e : legend) {
            String label = middle(fm, e.key(), (width - 2 * left) / 2);
            int need = sw + 4 + fm.stringWidth(label) + gap;
            if (x + need - gap > width - left) {
                break;
            }
            g.setColor(e.color());
            g.fillRect(x, midY - sw / 2, sw, sw);
            g.setColor(p.text());
            if (g instanceof SVGGraphics2D) {
                g.setRenderingHint(SVGHints.KEY_ELEMENT_TITLE, e.key()); // the next element's title (the label)
            }
            g.drawString(label, x + sw + 4, base + row);
            x += need;
        }
    }

    /** The text, or its start and end around an ellipsis, within {@code room} px. */
    static String middle(FontMetrics fm, String text, int room) {
        if (fm.stringWidth(text) <= room) {
            return text;
        }
        int keep = text.length();
        String cut = text;
        while (keep > 2 && fm.stringWidth(cut) > room) {
            keep--;
            int head = (keep + 1) / 2;
            cut = text.substring(0, head) + "…" + text.substring(text.length() - (keep - head));
        }
        return cut;
    }

    /**
     * Keys for what the overlays draw (the thread-state strip's states, the critical path, the
     * estimated end); returns the next x.
     */
    private static int keys(Graphics2D g, TimelineScene s, int x, int midY, int base) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        FontMetrics fm = g.getFontMetrics();
        int sw = (int) (10 * m.scale());
        for (TimelineOverlay o : s.overlays()) {
            if (o instanceof ThreadStateOverlay) {
                for (StripState st : StripState.values()) {
                    int h = st.height(sw);
                    g.setColor(st.colour(p.dark()));
                    g.fillRect(x, midY - h / 2, sw, h);
                    g.setColor(p.text());
                    g.drawString(st.label(), x + sw + 4, base);
                    x += sw + 4 + fm.stringWidth(st.label()) + (int) (10 * m.scale());
                }
                x += (int) (6 * m.scale());
            }
            if (!(o instanceof ResponseOverlay r)) {
                continue;
            }
            if (r.hasPath()) {
                g.setColor(p.criticalPath());
                g.setStroke(new java.awt.BasicStroke((float) (2 * m.scale())));
                g.drawRect(x, midY - sw / 2, sw, sw);
                g.setColor(p.text());
                g.drawString("critical path", x + sw + 4, base);
                x += sw + 4 + fm.stringWidth("critical path") + (int) (14 * m.scale());
                for (Category c : r.ownColourCategories()) {
                    String label = "path: " + c.label();
                    g.setColor(CategoryColors.onTimeline(c, p.dark()));
                    g.fillRect(x, midY - sw / 2, sw, sw);
                    g.setColor(p.text());
                    g.drawString(label, x + sw + 4, base);
                    x += sw + 4 + fm.stringWidth(label) + (int) (14 * m.scale());
                }
            }
            if (r.ghostEndNs() >= 0) {
                g.setColor(p.ghost());
                g.fillRect(x + sw / 2 - 1, midY - sw / 2, 2, sw);
                g.setColor(p.text());
                g.drawString("estimated end", x + sw + 4, base);
                x += sw + 4 + fm.stringWidth("estimated end") + (int) (14 * m.scale());
            }
            g.setStroke(new java.awt.BasicStroke(1));
        }
        return x;
    }
}
