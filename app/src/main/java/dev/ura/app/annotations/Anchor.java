package dev.ura.app.annotations;

/**
 * A point of a trace an annotation is pinned to. When {@code slice} is set the point belongs to
 * that slice: it is drawn on the slice's row wherever the slice is drawn (zoom, scroll, collapse),
 * and {@code timeNs} is where on the slice. Otherwise it is a free point: a lane, a time and
 * a depth row ({@code row}, or the lane's first row when {@code null}, as version 1 sidecars had).
 *
 * @param threadId   the thread's id in the file ({@code ThreadTrack.id()}), stable across reloads
 * @param threadName its name, used when the id is not found (a re-recorded trace)
 * @param timeNs     the time, ns on the trace's time base
 * @param row        the depth row of a free point, or {@code null}
 * @param slice      the slice the point is on, or {@code null} for a free point
 */
public record Anchor(long threadId, String threadName, long timeNs, Integer row, SliceKey slice) {

    /** A free point on a lane's first row (the version 1 anchor). */
    public Anchor(long threadId, String threadName, long timeNs) {
        this(threadId, threadName, timeNs, null, null);
    }

    /** The depth row this point is drawn on when its lane shows every row. */
    public int depthRow() {
        if (slice != null) {
            return slice.depth();
        }
        return row == null ? 0 : Math.max(0, row);
    }

    /** The same anchor moved by {@code dtNs} (a slice anchor keeps its slice: callers re-anchor). */
    public Anchor shifted(long dtNs) {
        return new Anchor(threadId, threadName, timeNs + dtNs, row, slice);
    }

    /** The same point, detached from its slice (keeps lane, time and row). */
    public Anchor free() {
        return new Anchor(threadId, threadName, timeNs, depthRow(), null);
    }
}
