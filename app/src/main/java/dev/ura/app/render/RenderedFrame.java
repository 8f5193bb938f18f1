package dev.ura.app.render;

import java.util.List;

/**
 * One painted frame: the scene, the lane boxes and the draw list that was painted. Hit-testing
 * and overlays use it, so they agree with the picture.
 *
 * @param pinnedBottom y where the pinned lanes end and the scrolling lanes begin
 * @param height       height of the whole picture
 */
public record RenderedFrame(TimelineScene scene, List<LaneBox> boxes, DrawList items, int pinnedBottom, int height,
                            List<GroupBox> groups, List<CpuRow> cpuRows) {

    /** A frame without group headers or CPU tracks. */
    public RenderedFrame(TimelineScene scene, List<LaneBox> boxes, DrawList items, int pinnedBottom, int height) {
        this(scene, boxes, items, pinnedBottom, height, List.of(), List.of());
    }

    /** The group header (a process, or the CPUs) under a y in the scrolling part, or {@code null}. */
    public GroupBox groupAt(int y) {
        if (y < pinnedBottom) {
            return null;
        }
        for (GroupBox g : groups) {
            if (y >= g.y() && y < g.y() + g.height()) {
                return g;
            }
        }
        return null;
    }

    /** The CPU track under a y, or {@code null}. */
    public CpuRow cpuAt(int y) {
        if (y < pinnedBottom) {
            return null;
        }
        for (CpuRow r : cpuRows) {
            if (y >= r.y() && y < r.y() + r.height()) {
                return r;
            }
        }
        return null;
    }

    /** The box of a thread's lane, or {@code null} when it is hidden. */
    public LaneBox box(int thread) {
        for (LaneBox b : boxes) {
            if (b.thread() == thread) {
                return b;
            }
        }
        return null;
    }

    /**
     * The header drawn at the top of the scrolling lanes for a lane whose own header scrolled
     * away while its rows are still in view (moved to that top, or pushed up by the lane's end);
     * {@code null} when no lane is in that state.
     */
    public LaneBox stickyHeader() {
        int header = scene.metrics().header();
        for (LaneBox b : boxes) {
            if (!b.pinned() && b.y() < pinnedBottom && b.y() + b.height() > pinnedBottom + header / 2) {
                int y = Math.min(pinnedBottom, b.y() + b.height() - header);
                return new LaneBox(b.thread(), y, b.height(), b.rows(), false, b.collapsed(), b.strip());
            }
        }
        return null;
    }

    /** Whether a point is on a lane's header line, its own or the sticky one standing in for it. */
    public boolean onHeader(LaneBox lane, int y) {
        if (lane == null) {
            return false;
        }
        if (y >= lane.y() && y < lane.stripY(scene.metrics())) {
            return true;
        }
        LaneBox sticky = stickyHeader();
        return sticky != null && sticky.thread() == lane.thread() && y >= sticky.y()
                && y < sticky.y() + scene.metrics().header();
    }

    /** The lane whose thread-state strip is under a point, or {@code null}. */
    public LaneBox stripAt(int y) {
        LaneBox b = laneAt(y);
        return b != null && b.strip() > 0 && y >= b.stripY(scene.metrics()) && y < b.rowsY(scene.metrics()) ? b : null;
    }

    /** The lane under a y, or {@code null}. */
    public LaneBox laneAt(int y) {
        for (LaneBox b : boxes) {
            boolean inBand = b.pinned() ? y < pinnedBottom : y >= pinnedBottom;
            if (inBand && y >= b.y() && y < b.y() + b.height()) {
                return b;
            }
        }
        return null;
    }

    /** Vertical middle of a thread's first row, or -1 when hidden; used to anchor arrows. */
    public int laneAnchorY(int thread) {
        LaneBox b = box(thread);
        return b == null ? -1 : b.rowsY(scene.metrics()) + scene.metrics().row() / 2;
    }

    public double x(long ns) {
        return scene.axis().toPx(ns);
    }
}
