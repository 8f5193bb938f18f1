package dev.ura.app.render;

import java.util.List;

/**
 * One painted frame: the scene, the lane boxes and the draw list that was painted. Hit-testing
 * and overlays use it, so they agree with the picture.
 *
 * @param pinnedBottom y where the pinned lanes end and the scrolling lanes begin
 * @param height       height of the whole picture
 */
public record RenderedFrame(TimelineScene scene, List<LaneBox> boxes, DrawList items, int pinnedBottom, int height) {

    /** The box of a thread's lane, or {@code null} when it is hidden. */
    public LaneBox box(int thread) {
        for (LaneBox b : boxes) {
            if (b.thread() == thread) {
                return b;
            }
        }
        return null;
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
