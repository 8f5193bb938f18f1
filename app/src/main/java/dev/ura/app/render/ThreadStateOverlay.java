package dev.ura.app.render;

import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.WakeupTable;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

/**
 * System traces: a thin scheduler-state strip along the bottom of each lane's header (running,
 * runnable, sleeping, uninterruptible / I/O, in Perfetto's colours) and, on the ruler, the app's
 * frames: a tick where each was drawn (end of RenderThread's DrawFrame) and, when FrameTimeline
 * was recorded, where it reached the screen. Work per lane is bounded by its width in pixels:
 * states narrower than a pixel are skipped by binary search, so zooming out on millions of
 * states costs no more than a screenful.
 */
public final class ThreadStateOverlay implements TimelineOverlay {
    /** Perfetto's thread-state colours. */
    private static final Color RUNNING = CategoryColors.RUNNING;
    private static final Color RUNNABLE = CategoryColors.RUNNABLE;
    private static final Color IO = CategoryColors.IO;
    private static final Color SLEEPING = CategoryColors.SLEEPING;
    private static final Color OTHER = new Color(0x8C959F);
    private static final Color DRAWN = new Color(0x1F6FEB);
    private static final Color ON_SCREEN = ResponseOverlay.ON_SCREEN;

    private static final Color WAKEUP = new Color(0x2DA44E);
    private static final Color BINDER = new Color(0x8250DF);
    /** More arrows than this for one slice would hide the picture; the first ones are drawn. */
    static final int MAX_ARROWS = 200;

    private final Trace trace;
    private final SystemTrace system;
    private final List<Frame> appFrames;

    /** A hand-off to draw: who woke or called whom, from where to where. */
    public record Arrow(boolean binder, int fromThread, long fromNs, int toThread, long toNs) {
    }

    /** An overlay for a trace, or {@code null} when it is not a system trace. */
    public static ThreadStateOverlay of(Trace trace) {
        return trace.system().present() ? new ThreadStateOverlay(trace) : null;
    }

    private ThreadStateOverlay(Trace trace) {
        this.trace = trace;
        this.system = trace.system();
        long pid = trace.metadata().pid();
        this.appFrames = system.frames().stream().filter(f -> f.pid() == pid).toList();
    }

    /** Height of the state strip along the bottom of each lane's header. */
    public static int stripHeight(Metrics m) {
        return Math.max(3, (int) Math.round(4 * m.scale()));
    }

    /** The colour of a state in the strip. */
    public static Color colour(ThreadState s) {
        return switch (s) {
            case RUNNING -> RUNNING;
            case RUNNABLE, RUNNABLE_PREEMPTED -> RUNNABLE;
            case UNINTERRUPTIBLE -> IO;
            case SLEEPING -> SLEEPING;
            default -> OTHER;
        };
    }

    /**
     * The hand-offs around a selected slice (shown on demand, when a slice is selected): the wake
     * that last made its thread runnable before the slice began, the wakes of that thread during
     * the slice, and binder transactions / replies sent or received by the thread during it.
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
                out.add(new Arrow(false, w.waker(i), w.time(i), sel.thread(), w.time(i)));
            }
        }
        if (before >= 0) {
            out.add(0, new Arrow(false, w.waker(before), w.time(before), sel.thread(), w.time(before)));
        }
        for (BinderTransaction b : system.binder()) {
            if (out.size() >= MAX_ARROWS) {
                break;
            }
            boolean mine = b.fromThread() == sel.thread() && b.sendNs() >= from && b.sendNs() <= to
                    || b.toThread() == sel.thread() && b.receiveNs() >= from && b.receiveNs() <= to;
            if (mine && b.received()) {
                out.add(new Arrow(true, b.fromThread(), b.sendNs(), b.toThread(), b.receiveNs()));
            }
        }
        return out;
    }

    private void paintArrows(Graphics2D g, RenderedFrame frame) {
        double s = frame.scene().metrics().scale();
        for (Arrow a : arrows(frame.scene().selection())) {
            int y1 = frame.laneAnchorY(a.fromThread());
            int y2 = frame.laneAnchorY(a.toThread());
            if (y1 < 0 || y2 < 0 || y1 == y2) {
                continue;
            }
            int x1 = (int) Math.round(frame.x(a.fromNs()));
            int x2 = (int) Math.round(frame.x(a.toNs()));
            ArrowPainter.paint(g, x1, y1, x2, y2, a.binder() ? BINDER : WAKEUP, (float) (1.5 * s), !a.binder(), s);
        }
    }

    @Override
    public void paint(Graphics2D g, RenderedFrame frame) {
        paintStrips(g, frame);
        paintArrows(g, frame);
    }

    private void paintStrips(Graphics2D g, RenderedFrame frame) {
        Metrics m = frame.scene().metrics();
        int strip = stripHeight(m);
        TimeAxis axis = frame.scene().axis();
        int width = axis.widthPx();
        for (LaneBox b : frame.boxes()) {
            if (b.thread() >= system.states().size()) {
                continue;
            }
            ThreadStateTable st = system.states().get(b.thread());
            if (st.size() == 0) {
                continue;
            }
            int y = b.y() + m.header() - strip;
            int i = st.firstEndingAfter(axis.startNs());
            while (i < st.size() && st.start(i) < axis.endNs()) {
                double x0 = Math.max(0, axis.toPx(st.start(i)));
                double x1 = Math.min(width, axis.toPx(st.end(i)));
                int px = (int) Math.floor(x0);
                int w = Math.max(1, (int) Math.ceil(x1) - px);
                g.setColor(colour(st.state(i)));
                g.fillRect(px, y, w, st.state(i) == ThreadState.SLEEPING ? Math.max(1, strip / 3) : strip);
                // Skip what would land in the pixel just painted.
                int next = st.firstEndingAfter(axis.toNs(px + w));
                i = Math.max(i + 1, next);
            }
        }
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
