package dev.ura.app.render;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;

/**
 * Places text labels so that none overlaps another or a reserved area: each label tries its
 * preferred spots in order and takes the first free one; when all are taken it steps down from
 * the first spot until it is free. Labels never go above {@code minY} (the ruler and the band
 * under it where the response's flags can spill) nor below {@code maxY} (the bottom of the
 * picture): a label with no free place in between, or within {@link #MAX_STEPS} rows below its
 * first spot, is not placed at all, so a crowd of notes at one spot costs the paint what the
 * pixels can usefully show, not a column of bubbles down the view.
 */
final class LabelLayout {
    /**
     * How far a label steps down from its first spot when every preferred spot is taken: a few
     * rows, so a handful of notes at one place still show their labels while a crowd (30 notes
     * within one pixel when the whole trace is in view) costs a few bubbles, not a column of them;
     * zooming in spreads the crowd and shows the rest.
     */
    private static final int MAX_STEPS = 4;
    private final List<Rectangle> taken = new ArrayList<>();
    private final int minY;
    private final int maxY;

    LabelLayout(int minY, int maxY) {
        this.minY = minY;
        this.maxY = maxY;
    }

    /** Marks an area no label may cover. */
    void reserve(Rectangle r) {
        taken.add(new Rectangle(r));
    }

    /**
     * Where a {@code w × h} label goes, trying top-left corners in order; the result is reserved.
     * {@code null} when no place between {@code minY} and {@code maxY} is free.
     */
    Rectangle place(int w, int h, List<Point> candidates) {
        for (Point p : candidates) {
            Rectangle r = new Rectangle(p.x, Math.max(minY, p.y), w, h);
            if (r.y + h <= maxY && free(r)) {
                taken.add(r);
                return r;
            }
        }
        Point first = candidates.get(0);
        Rectangle r = new Rectangle(first.x, Math.max(minY, first.y), w, h);
        for (int step = 0; step < MAX_STEPS && !free(r); step++) {
            r.translate(0, h + 2);
        }
        if (r.y + h > maxY || !free(r)) {
            return null;
        }
        taken.add(r);
        return r;
    }

    private boolean free(Rectangle r) {
        for (Rectangle t : taken) {
            if (t.intersects(r)) {
                return false;
            }
        }
        return true;
    }
}
