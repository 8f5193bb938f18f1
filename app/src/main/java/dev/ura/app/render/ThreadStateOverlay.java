package dev.ura.app.render;

import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.Flow;
import dev.ura.trace.model.system.WakeupTable;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;

/**
 * System traces: a thread-state strip under each lane's header (running, runnable, sleeping,
 * uninterruptible / I/O, unknown; {@link StripState}'s colours) and, on the ruler, the app's
 * frames: a tick where each was drawn (end of RenderThread's DrawFrame) and, when FrameTimeline
 * was recorded, where it reached the screen. With a slice selected, arrows show who woke its
 * thread and its binder and flow hand-offs. Work per lane is bounded by its width in pixels:
 * states narrower than {@link Metrics#minSlice()} fold as the CPU tracks' runs do, and a fold
 * takes the colour of the state it spent most time in.
 */
public final class ThreadStateOverlay implements TimelineOverlay {
    private static final Color DRAWN = new Color(0x1F6FEB);
    private static final Color ON_SCREEN = ResponseOverlay.ON_SCREEN;
    /** A fold over more intervals than this takes its colour from samples, so a frame's work stays bounded. */
    private static final int EXACT_FOLD = 256;
    /** More arrows than this for one slice would hide the picture; the first ones are drawn. */
    static final int MAX_ARROWS = 200;

    private final Trace trace;
    private final SystemTrace system;
    private final List<Frame> appFrames;

    /** What an arrow shows. */
    public enum ArrowKind {
        /** The kernel woke a thread (dashed). */
        WAKEUP(0x1A7F37, 0x56D364, "wakeup"),
        /** A binder transaction or reply. */
        BINDER(0x8250DF, 0xC297FF, "binder call / reply"),
        /** A trace flow from one slice to the next. */
        FLOW(0x1B7C83, 0x39C5CF, "flow");

        private final Color light;
        private final Color dark;
        private final String label;

        ArrowKind(int light, int dark, String label) {
            this.light = new Color(light);
            this.dark = new Color(dark);
            this.label = label;
        }

        public Color colour(boolean darkTheme) {
            return darkTheme ? dark : light;
        }

        public String label() {
            return label;
        }
    }

    /** A hand-off to draw: who woke or called whom, from where to where. */
    public record Arrow(ArrowKind kind, int fromThread, long fromNs, int toThread, long toNs) {
    }

    /** An overlay for a trace, or {@code null} when it is not a system trace. */
    public static ThreadStateOverlay of(Trace trace) {
        return trace.system().present() ? new ThreadStateOverlay(trace) : null;
    }

    /**
     * Adds the overlay to a scene of a system trace and gives its lanes their state strips;
     * does nothing for other traces.
     *
     * @return the overlay, or {@code null}
     */
    public static ThreadStateOverlay install(TimelineScene scene) {
        ThreadStateOverlay o = of(scene.index().trace());
        if (o != null) {
            scene.overlays().add(0, o);
            scene.layout().showStateStrips(true);
        }
        return o;
    }

    private ThreadStateOverlay(Trace trace) {
        this.trace = trace;
        this.system = trace.system();
        long pid = trace.metadata().pid();
        this.appFrames = system.frames().stream().filter(f -> f.pid() == pid).toList();
    }

    /** Height of the state strip under each lane's header. */
    public static int stripHeight(Metrics m) {
        return m.stateRow();
    }

    /** The colour of a state in the strip, light theme. */
    public static Color colour(ThreadState s) {
        return StripState.of(s).colour(false);
    }

    /**
     * The hand-offs around a selected slice (shown on demand, when a slice is selected): the wake
     * that last made its thread runnable before the slice began, the wakes of that thread during
     * the slice, binder transactions / replies sent or received by the thread during it, and trace
     * flows leaving or reaching the thread during it.
     */
    public List<Arrow> arrows(SliceRef sel) {
        List<Arrow> out = new ArrayList<>();
        if (sel == null || sel.thread() >= system.threads().size()) {
            return out;
        }
        CallTable c = trace.threads().get(sel.thread()).calls();
        long from = c.start(sel.call());
        long to = c.end(sel.call());
        WakeupTable w = system.wakeups();
        int before = -1;
        for (int i = 0; i < w.size() && w.time(i) <= to && out.size() < MAX_ARROWS; i++) {
            if (w.wakee(i) != sel.thread() || w.waker(i) < 0) {
                continue;
            }
            if (w.time(i) < from) {
                before = i;
            } else {
                out.add(new Arrow(ArrowKind.WAKEUP, w.waker(i), w.time(i), sel.thread(), w.time(i)));
            }
        }
        if (before >= 0) {
            out.add(0, new Arrow(ArrowKind.WAKEUP, w.waker(before), w.time(before), sel.thread(), w.time(before)));
        }
        for (BinderTransaction b : system.binder()) {
            if (out.size() >= MAX_ARROWS) {
                break;
            }
            if (b.received() && touches(sel.thread(), from, to, b.fromThread(), b.sendNs(), b.toThread(), b.receiveNs())) {
                out.add(new Arrow(ArrowKind.BINDER, b.fromThread(), b.sendNs(), b.toThread(), b.receiveNs()));
            }
        }
        for (Flow f : system.flows()) {
            if (out.size() >= MAX_ARROWS) {
                break;
            }
            if (f.fromThread() >= 0 && f.toThread() >= 0
                    && touches(sel.thread(), from, to, f.fromThread(), f.fromNs(), f.toThread(), f.toNs())) {
                out.add(new Arrow(ArrowKind.FLOW, f.fromThread(), f.fromNs(), f.toThread(), f.toNs()));
            }
        }
        return out;
    }

    /** Whether a hand-off leaves or reaches {@code thread} within [from, to]. */
    private static boolean touches(int thread, long from, long to, int src, long srcNs, int dst, long dstNs) {
        return src == thread && srcNs >= from && srcNs <= to || dst == thread && dstNs >= from && dstNs <= to;
    }

    private void paintArrows(Graphics2D g, RenderedFrame frame) {
        ArrowToggles on = frame.scene().arrows();
        if (!on.wakeups() && !on.handoffs()) {
            return;
        }
        double s = frame.scene().metrics().scale();
        Palette p = frame.scene().palette();
        Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        for (Arrow a : arrows(frame.scene().selection())) {
            if (a.kind() == ArrowKind.WAKEUP ? !on.wakeups() : !on.handoffs()) {
                continue;
            }
            int y1 = frame.laneAnchorY(a.fromThread());
            int y2 = frame.laneAnchorY(a.toThread());
            if (y1 < 0 || y2 < 0 || y1 == y2) {
                continue;
            }
            int x1 = (int) Math.round(frame.x(a.fromNs()));
            int x2 = (int) Math.round(frame.x(a.toNs()));
            ArrowPainter.paint(g, x1, y1, x2, y2, a.kind().colour(p.dark()), (float) (2 * s),
                    a.kind() == ArrowKind.WAKEUP, s, p.background());
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa);
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame frame) {
        paintStrips(g, frame);
        paintArrows(g, frame);
    }

    private void paintStrips(Graphics2D g, RenderedFrame frame) {
        Metrics m = frame.scene().metrics();
        TimeAxis axis = frame.scene().axis();
        boolean dark = frame.scene().palette().dark();
        double minW = m.minSlice();
        double[] end = new double[1];
        for (LaneBox b : frame.boxes()) {
            if (b.strip() <= 0 || b.thread() >= system.states().size()) {
                continue;
            }
            ThreadStateTable st = system.states().get(b.thread());
            RunFolds.Runs runs = runs(st);
            int y = b.stripY(m);
            int i = st.firstEndingAfter(axis.startNs());
            while (i < st.size() && st.start(i) < axis.endNs()) {
                double x0 = axis.toPx(st.start(i));
                double x1 = axis.toPx(st.end(i));
                if (x1 - x0 >= minW) {
                    fill(g, StripState.of(st.state(i)), x0, x1, y, b.strip(), dark, axis.widthPx());
                    i++;
                    continue;
                }
                int first = i;
                i = RunFolds.foldEnd(runs, axis, first, x1, minW, end);
                StripState s = i == first + 1 ? StripState.of(st.state(first)) : foldState(st, axis, first, i, x0, end[0]);
                fill(g, s, x0, end[0], y, b.strip(), dark, axis.widthPx());
            }
        }
    }

    /**
     * The state a fold of intervals {@code [first, after)} spent most time in: summed exactly
     * over a few hundred intervals, else from four samples a pixel (so a frame's work stays bounded).
     */
    static StripState foldState(ThreadStateTable st, TimeAxis axis, int first, int after, double x0, double x1) {
        if (after - first <= EXACT_FOLD) {
            return StateTimes.of(st, st.start(first), st.end(after - 1)).dominant();
        }
        int[] count = new int[StripState.values().length];
        for (double x = x0 + 0.125; x < x1; x += 0.25) {
            int k = st.indexAt(axis.toNs(x));
            if (k >= 0) {
                count[StripState.of(st.state(k)).ordinal()]++;
            }
        }
        int best = 0;
        for (int k = 1; k < count.length; k++) {
            if (count[k] > count[best]) {
                best = k;
            }
        }
        return StripState.values()[best];
    }

    /**
     * A state's block: full height, half (unknown) or a thin line through the middle (sleeping),
     * a pixel clear of the header above and of the first row below.
     */
    private static void fill(Graphics2D g, StripState s, double x0, double x1, int y, int strip, boolean dark, int width) {
        int px = (int) Math.floor(Math.max(-2, x0));
        int w = Math.max(1, (int) Math.ceil(Math.min(width + 2, x1)) - px);
        int h = s.height(strip - 2);
        g.setColor(s.colour(dark));
        g.fillRect(px, y + (strip - h) / 2, w, h);
    }

    /** A thread's states, for {@link RunFolds}. */
    private static RunFolds.Runs runs(ThreadStateTable st) {
        return new RunFolds.Runs() {
            @Override
            public int size() {
                return st.size();
            }

            @Override
            public long start(int i) {
                return st.start(i);
            }

            @Override
            public long end(int i) {
                return st.end(i);
            }

            @Override
            public int firstEndingAfter(long timeNs) {
                return st.firstEndingAfter(timeNs);
            }
        };
    }

    @Override
    public void paintOnRuler(Graphics2D g, RenderedFrame frame) {
        if (appFrames.isEmpty()) {
            return;
        }
        Metrics m = frame.scene().metrics();
        TimeAxis axis = frame.scene().axis();
        int tick = Math.max(4, (int) Math.round(6 * m.scale()));
        int y = m.ruler() - tick;
        double lastDrawn = Double.NEGATIVE_INFINITY;
        double lastShown = Double.NEGATIVE_INFINITY;
        for (Frame f : appFrames) {
            if (f.drawEndNs() >= axis.startNs() && f.drawEndNs() <= axis.endNs()) {
                double x = axis.toPx(f.drawEndNs());
                if (x - lastDrawn >= 2) {
                    g.setColor(DRAWN);
                    g.fillRect((int) x, y, Math.max(1, (int) m.scale()), tick);
                    lastDrawn = x;
                }
            }
            if (f.presentNs() >= axis.startNs() && f.presentNs() <= axis.endNs()) {
                double x = axis.toPx(f.presentNs());
                if (x - lastShown >= 2) {
                    g.setColor(ON_SCREEN);
                    g.fillRect((int) x - tick / 4, y + tick / 2, Math.max(2, tick / 2), tick / 2);
                    lastShown = x;
                }
            }
        }
    }
}
