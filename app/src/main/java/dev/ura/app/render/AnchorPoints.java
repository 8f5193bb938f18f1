package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.SliceKey;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.List;

/**
 * Turns annotation anchors into points of a painted frame and back. A point on a slice is drawn
 * on that slice's row wherever the lane shows it; when the lane shows fewer rows (collapsed, or an
 * export's depth limit) it sits on the deepest row shown, which holds the slice's ancestor.
 */
public final class AnchorPoints {
    private AnchorPoints() {
    }

    /**
     * Where an anchor is drawn.
     *
     * @param thread the lane's thread index
     * @param x      horizontal position, px
     * @param y      vertical middle of its row, px
     * @param rowTop top of its row, px
     * @param rowH   height of its row, px
     * @param slice  the slice it is pinned to, found in this trace, or {@code null}
     */
    public record Point(int thread, double x, int y, int rowTop, int rowH, SliceRef slice) {
    }

    /** An anchor on a slice, at {@code timeNs} (clamped into the slice). */
    public static Anchor onSlice(Trace trace, SliceRef s, long timeNs) {
        ThreadTrack t = trace.threads().get(s.thread());
        CallTable c = t.calls();
        long at = Math.max(c.start(s.call()), Math.min(c.end(s.call()), timeNs));
        String method = trace.methods().get(c.method(s.call())).fullName();
        return new Anchor(t.id(), t.name(), at, c.depth(s.call()), new SliceKey(c.start(s.call()), c.depth(s.call()), method));
    }

    /** A free anchor: a lane, a time and a depth row. */
    public static Anchor free(Trace trace, int thread, int row, long timeNs) {
        ThreadTrack t = trace.threads().get(thread);
        return new Anchor(t.id(), t.name(), timeNs, Math.max(0, row), null);
    }

    /** The anchor under a pixel of a frame: on the slice there, else free on that lane and row; {@code null} outside lanes. */
    public static Anchor at(RenderedFrame f, int x, int y, SliceRef slice) {
        LaneBox lane = f.laneAt(y);
        if (lane == null) {
            return null;
        }
        Trace trace = f.scene().index().trace();
        long ns = f.scene().axis().toNs(x);
        if (slice != null && slice.thread() == lane.thread()) {
            return onSlice(trace, slice, ns);
        }
        int row = Math.max(0, Math.min(Math.max(0, lane.rows() - 1), (y - lane.rowsY(f.scene().metrics())) / f.scene().metrics().row()));
        return free(trace, lane.thread(), row, ns);
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

    /** The call a slice key names on a thread, or -1 when this trace has no such call. */
    public static int find(TraceIndex index, int thread, SliceKey key) {
        DepthIndex d = index.depths(thread);
        if (key.depth() >= d.depthCount()) {
            return -1;
        }
        CallTable c = d.calls();
        var methods = index.trace().methods();
        for (int p = d.firstEndingAtOrAfter(key.depth(), d.from(key.depth()), key.startNs()); p < d.to(key.depth()); p++) {
            int call = d.call(p);
            if (c.start(call) > key.startNs()) {
                break;
            }
            if (c.start(call) == key.startNs() && methods.get(c.method(call)).fullName().equals(key.method())) {
                return call;
            }
        }
        return -1;
    }

    /** Where an anchor is drawn in a frame, or {@code null} when its lane is hidden or absent. */
    public static Point locate(RenderedFrame f, Anchor a) {
        TraceIndex index = f.scene().index();
        int t = threadOf(index.trace().threads(), a);
        LaneBox box = t < 0 ? null : f.box(t);
        if (box == null) {
            return null;
        }
        long ns = a.timeNs();
        int depth = a.depthRow();
        SliceRef slice = null;
        if (a.slice() != null) {
            int call = find(index, t, a.slice());
            if (call >= 0) {
                CallTable c = index.trace().threads().get(t).calls();
                ns = Math.max(c.start(call), Math.min(c.end(call), ns));
                depth = c.depth(call);
                slice = new SliceRef(t, call);
            }
        }
        Metrics m = f.scene().metrics();
        int rowH = m.row();
        int top;
        if (box.rows() == 0) {
            top = box.y();
            rowH = m.header();
        } else {
            top = box.rowsY(m) + Math.min(depth, box.rows() - 1) * rowH;
        }
        return new Point(t, f.x(ns), top + rowH / 2, top, rowH, slice);
    }
}
