package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;

/**
 * The selected response on the timeline: its window shaded, start and end marked (the end labelled
 * with its event), the critical path's segments outlined in each lane (runnable and I/O pieces in their thread-state colours), arrows for hand-offs between
 * threads (solid for identity and user links, dashed for inferred ones) and, for a what-if, the
 * estimated end as a ghost marker. Arrows are remembered for hit-testing (tooltips, link edits).
 */
public final class ResponseOverlay implements TimelineOverlay {
    /** The colour of frames' "on screen" marks (as on the ruler's frame ticks). */
    static final Color ON_SCREEN = new Color(0xBF3989);
    private final Response response;
    private final CriticalPath path;
    private final long ghostEndNs;
    private long onScreenAtNs = -1;
    private boolean system;
    private final List<Arrow> arrows = new ArrayList<>();
    private final List<Rectangle> flags = new ArrayList<>();

    /** One drawn hand-off: from the end of {@code from} to the start of {@code to}. */
    public record Arrow(Segment from, Segment to, int x1, int y1, int x2, int y2) {
    }

    /**
     * @param path       the critical path to draw, or {@code null}
     * @param ghostEndNs the estimated end of a what-if, or -1 for none
     */
    public ResponseOverlay(Response response, CriticalPath path, long ghostEndNs) {
        this.response = response;
        this.path = path;
        this.ghostEndNs = ghostEndNs;
    }

    /**
     * Marks a system-trace response: its end flag says "drawn" (the end is where RenderThread's
     * draw ended) and its "on screen at" (FrameTimeline's present time; -1 when not recorded or
     * dropped) gets its own flag and a dashed line.
     */
    public ResponseOverlay asSystemResponse(long onScreenAtNs) {
        this.system = true;
        this.onScreenAtNs = onScreenAtNs;
        return this;
    }

    @Override
    public TimelineOverlay forExport() {
        ResponseOverlay c = new ResponseOverlay(response, path, ghostEndNs);
        c.system = system;
        c.onScreenAtNs = onScreenAtNs;
        return c;
    }

    /** The "on screen at" time marked, or -1 for none. */
    public long onScreenAtNs() {
        return onScreenAtNs;
    }

    /** The estimated end of the what-if drawn, or -1 for none. */
    public long ghostEndNs() {
        return ghostEndNs;
    }

    /** Whether a critical path is drawn. */
    public boolean hasPath() {
        return path != null;
    }

    /** The categories the path bar paints in their own colours, in the path's order (for legends). */
    public Set<Category> ownColourCategories() {
        Set<Category> out = new LinkedHashSet<>();
        if (path != null) {
            for (Segment s : path.segments()) {
                if (CategoryColors.ownColourOnPath(s.category())) {
                    out.add(s.category());
                }
            }
        }
        return out;
    }

    public Response response() {
        return response;
    }

    /** The hand-off arrows drawn in the last frame. */
    public List<Arrow> arrows() {
        return List.copyOf(arrows);
    }

    /** The flags painted on the ruler in the last frame: start, end and, for a what-if, the estimate. */
    public List<Rectangle> flags() {
        return flags.stream().map(Rectangle::new).toList();
    }

    /** The hand-off arrow within a few pixels of a point, or {@code null}. */
    public Arrow arrowAt(int x, int y, double tolerance) {
        Arrow best = null;
        double bestD = tolerance;
        for (Arrow a : arrows) {
            double d = Line2D.ptSegDist(a.x1(), a.y1(), a.x2(), a.y2(), x, y);
            if (d <= bestD) {
                bestD = d;
                best = a;
            }
        }
        return best;
    }

    /** How a hand-off of this kind was made, for tooltips. */
    public static String explain(LinkKind via) {
        if (via == null) {
            return "start of the response";
        }
        return switch (via) {
            case IDENTITY -> "known: the log names the same object on both sides";
            case AFFINITY -> "inferred: the dispatched work runs app code the sender constructed or ran";
            case FIFO -> "inferred: the earliest unlinked dispatch after the send";
            case INFERRED -> "inferred: the log gives no identity";
            case USER -> "drawn by you";
            case PROGRAM_ORDER -> "consecutive work on one thread";
            case REQUEST -> "a screen-update request fulfilled by a draw";
            case WAKEUP -> "known: the kernel recorded this thread waking the next";
            case BINDER -> "known: a binder transaction or reply (kernel debug id)";
            case FLOW -> "known: a trace flow from one slice to the next";
        };
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame f) {
        arrows.clear();
        Palette p = f.scene().palette();
        Metrics m = f.scene().metrics();
        int top = m.ruler();
        int h = f.height();
        int xs = (int) Math.round(clampX(f.x(response.startNs())));
        int xe = (int) Math.round(clampX(f.x(response.endNs())));
        Composite normal = g.getComposite();
        g.setColor(p.responseShade());
        g.fillRect(Math.min(xs, xe), top, Math.max(1, Math.abs(xe - xs)), h - top);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        marker(g, xs, top, h, p.responseMarker(), m);
        marker(g, xe, top, h, p.responseMarker(), m);
        if (onScreenAtNs >= 0) {
            int xo = (int) Math.round(clampX(f.x(onScreenAtNs)));
            float dash = (float) (3 * m.scale());
            g.setStroke(new BasicStroke((float) (2 * m.scale()), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                    new float[]{dash, dash}, 0));
            g.setColor(ON_SCREEN);
            g.drawLine(xo, top, xo, h);
            g.setStroke(new BasicStroke(1));
        }
        if (path != null) {
            paintPath(g, f, p, m);
        }
        if (ghostEndNs >= 0) {
            int xg = (int) Math.round(clampX(f.x(ghostEndNs)));
            g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.85f));
            float dash = (float) (6 * m.scale());
            g.setStroke(new BasicStroke((float) (2 * m.scale()), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                    new float[]{dash, dash}, 0));
            g.setColor(p.ghost());
            g.drawLine(xg, top, xg, h);
            g.setComposite(normal);
        }
        g.setStroke(new BasicStroke(1));
    }

    private void paintPath(Graphics2D g, RenderedFrame f, Palette p, Metrics m) {
        float w = (float) (2 * m.scale());
        boolean arrowsOn = f.scene().arrows().path();
        Segment prev = null;
        for (Segment s : path.segments()) {
            LaneBox b = f.box(s.thread());
            if (b != null) {
                int x1 = (int) Math.round(clampX(f.x(s.startNs())));
                int x2 = (int) Math.round(clampX(f.x(s.endNs())));
                // on a system trace the path bar sits on the thread-state strip, at the header's bottom
                boolean states = b.strip() > 0;
                int bar = (int) Math.max(states ? 2 : 3, (states ? 3 : 4) * m.scale());
                g.setColor(CategoryColors.ownColourOnPath(s.category())
                        ? CategoryColors.onTimeline(s.category(), p.dark()) : p.criticalPath());
                g.fillRect(x1, b.stripY(m) - bar, Math.max(2, x2 - x1), bar);
                g.setColor(p.criticalPath());
                g.fillRect(x1, b.y(), 1, m.header());
                int row = s.call() == null ? -1 : callRow(f, s);
                if (row >= 0 && row < b.rows()) {
                    g.setStroke(new BasicStroke(w));
                    g.drawRect(x1, b.rowsY(m) + row * m.row(), Math.max(2, x2 - x1), m.row() - 1);
                }
            }
            if (arrowsOn && prev != null && prev.thread() != s.thread()) {
                int y1 = f.laneAnchorY(prev.thread());
                int y2 = f.laneAnchorY(s.thread());
                if (y1 >= 0 && y2 >= 0) {
                    int x1 = (int) Math.round(clampX(f.x(prev.endNs())));
                    int x2 = (int) Math.round(clampX(f.x(s.startNs())));
                    boolean dashed = s.via() != null && s.via().isInferred();
                    ArrowPainter.paint(g, x1, y1, x2, y2, p.arrow(), (float) (2 * m.scale()), dashed, m.scale(),
                            p.background());
                    arrows.add(new Arrow(prev, s, x1, y1, x2, y2));
                }
            }
            prev = s;
        }
    }

    /** The depth row of the call a segment lies in. */
    private static int callRow(RenderedFrame f, Segment s) {
        var calls = f.scene().index().trace().threads().get(s.thread()).calls();
        return s.call().call() < calls.size() ? calls.depth(s.call().call()) : -1;
    }

    private static double clampX(double x) {
        return Math.max(-10_000, Math.min(100_000, x));
    }

    @Override
    public void paintOnRuler(Graphics2D g, RenderedFrame f) {
        Palette p = f.scene().palette();
        Metrics m = f.scene().metrics();
        int xs = (int) Math.round(clampX(f.x(response.startNs())));
        int xe = (int) Math.round(clampX(f.x(response.endNs())));
        Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        FontMetrics fm = g.getFontMetrics();
        int pad = (int) (4 * m.scale());
        FlagLayout layout = new FlagLayout(m.tickRow(), m.flagRow(), Metrics.FLAG_ROWS, f.scene().axis().widthPx());
        flags.clear();
        String startText = "▶ " + response.trigger();
        Rectangle start = layout.place(xs, fm.stringWidth(startText) + 2 * pad, Integer.MIN_VALUE,
                FlagLayout.Side.RIGHT, FlagLayout.Side.LEFT);
        String endText = (response.end() == null ? "end (no draw)" : "■ " + endKind()
                + (response.end().name() == null ? "" : " " + shorten(response.end().name())))
                + (response.finished() ? "" : " (unfinished)") + " · " + TimeFormat.duration(response.durationNs());
        // never left of the start marker: on a response narrower than its label that read as ending first
        Rectangle end = layout.place(xe, fm.stringWidth(endText) + 2 * pad, xs, FlagLayout.Side.LEFT, FlagLayout.Side.RIGHT);
        flags.add(start);
        flags.add(end);
        pole(g, xs, start, m, p.responseMarker());
        pole(g, xe, end, m, p.responseMarker());
        draw(g, start, startText, p.responseMarker(), m);
        draw(g, end, endText, p.responseMarker(), m);
        if (onScreenAtNs >= 0) {
            int xo = (int) Math.round(clampX(f.x(onScreenAtNs)));
            String text = "on screen · " + TimeFormat.duration(onScreenAtNs - response.startNs());
            Rectangle shown = layout.place(xo, fm.stringWidth(text) + 2 * pad, xe, FlagLayout.Side.RIGHT,
                    FlagLayout.Side.LEFT);
            flags.add(shown);
            pole(g, xo, shown, m, ON_SCREEN);
            draw(g, shown, text, ON_SCREEN, m);
        }
        if (ghostEndNs >= 0) {
            int xg = (int) Math.round(clampX(f.x(ghostEndNs)));
            String text = "estimated · " + TimeFormat.duration(ghostEndNs - response.startNs());
            FlagLayout.Side first = ghostEndNs < response.endNs() ? FlagLayout.Side.LEFT : FlagLayout.Side.RIGHT;
            FlagLayout.Side second = first == FlagLayout.Side.LEFT ? FlagLayout.Side.RIGHT : FlagLayout.Side.LEFT;
            Rectangle ghost = layout.place(xg, fm.stringWidth(text) + 2 * pad, xs, first, second);
            flags.add(ghost);
            pole(g, xg, ghost, m, p.ghost());
            draw(g, ghost, text, p.ghost(), m);
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa);
    }

    /**
     * How the end flag names the ending event: a system trace's frame is "drawn" (its RenderThread
     * draw ended; "on screen" is flagged apart), other ends by their event kind.
     */
    private String endKind() {
        return system ? "drawn" : response.end().kind().name().toLowerCase();
    }

    /** The marker's line through the flag rows down to the flag, so a flag in the second row still shows its marker. */
    private static void pole(Graphics2D g, int x, Rectangle flag, Metrics m, Color c) {
        g.setColor(c);
        g.setStroke(new BasicStroke((float) (2 * m.scale())));
        g.drawLine(x, flag.y, x, m.ruler());
        g.setStroke(new BasicStroke(1));
    }

    private static void marker(Graphics2D g, int x, int top, int h, Color c, Metrics m) {
        g.setColor(c);
        g.setStroke(new BasicStroke((float) (2 * m.scale())));
        g.drawLine(x, top, x, h);
    }

    private static void draw(Graphics2D g, Rectangle r, String text, Color c, Metrics m) {
        g.setColor(c);
        g.fillRoundRect(r.x, r.y, r.width, r.height, 6, 6);
        g.setColor(Color.WHITE);
        g.drawString(text, r.x + (int) (4 * m.scale()), r.y + r.height - g.getFontMetrics().getDescent() - 1);
    }

    private static String shorten(String name) {
        int paren = name.indexOf('(');
        String n = paren < 0 ? name : name.substring(0, paren);
        int dot = n.lastIndexOf('.', n.lastIndexOf('.') - 1);
        return dot < 0 ? n : n.substring(dot + 1);
    }
}
