package dev.ura.app.render;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The user's arrangement of thread lanes: order, collapsed, hidden and pinned threads. Pinned
 * lanes stay under the ruler while the others scroll. Not thread-safe: owned by the EDT (or by
 * one export).
 */
public final class LaneLayout {
    private final List<Integer> order;
    private final Set<Integer> collapsed = new HashSet<>();
    private final Set<Integer> hidden = new HashSet<>();
    private final Set<Integer> pinned = new HashSet<>();
    /** Threads shown only to a number of depth rows (exports of a response: the depths that matter). */
    private final Map<Integer, Integer> rowLimits = new HashMap<>();

    public LaneLayout(List<Integer> defaultOrder) {
        this.order = new ArrayList<>(defaultOrder);
    }

    /** An independent copy (for exports). */
    public LaneLayout copy() {
        LaneLayout c = new LaneLayout(order);
        c.collapsed.addAll(collapsed);
        c.hidden.addAll(hidden);
        c.pinned.addAll(pinned);
        c.rowLimits.putAll(rowLimits);
        return c;
    }

    /** Threads in their current order, hidden ones included. */
    public List<Integer> order() {
        return List.copyOf(order);
    }

    public boolean isCollapsed(int thread) {
        return collapsed.contains(thread);
    }

    public boolean isHidden(int thread) {
        return hidden.contains(thread);
    }

    public boolean isPinned(int thread) {
        return pinned.contains(thread);
    }

    public void setCollapsed(int thread, boolean value) {
        toggle(collapsed, thread, value);
    }

    public void setHidden(int thread, boolean value) {
        toggle(hidden, thread, value);
    }

    public void setPinned(int thread, boolean value) {
        toggle(pinned, thread, value);
    }

    /** Shows at most {@code rows} depth rows of a thread (at least 1); 0 or less removes the limit. */
    public void setRowLimit(int thread, int rows) {
        if (rows <= 0) {
            rowLimits.remove(thread);
        } else {
            rowLimits.put(thread, rows);
        }
    }

    /** Shows every hidden thread again. */
    public void showAll() {
        hidden.clear();
    }

    /** Hidden threads, in order. */
    public List<Integer> hiddenThreads() {
        return order.stream().filter(hidden::contains).toList();
    }

    /** Moves a thread {@code delta} places (negative = up) among all threads. */
    public void move(int thread, int delta) {
        int i = order.indexOf(thread);
        if (i < 0) {
            return;
        }
        int j = Math.max(0, Math.min(order.size() - 1, i + delta));
        order.remove(i);
        order.add(j, thread);
    }

    /** Height of the pinned lanes together. */
    public int pinnedHeight(TraceIndex index, Metrics m) {
        int h = 0;
        for (int t : order) {
            if (pinned.contains(t) && !hidden.contains(t)) {
                h += laneHeight(index, m, t) + m.gap();
            }
        }
        return h;
    }

    /** Height of the scrolling lanes together. */
    public int scrollingHeight(TraceIndex index, Metrics m) {
        int h = 0;
        for (int t : order) {
            if (!pinned.contains(t) && !hidden.contains(t)) {
                h += laneHeight(index, m, t) + m.gap();
            }
        }
        return h;
    }

    /** The boxes of all shown lanes: pinned first under the ruler, then the others shifted by scrollY. */
    public List<LaneBox> boxes(TraceIndex index, Metrics m, int scrollY) {
        List<LaneBox> boxes = new ArrayList<>();
        int y = m.ruler();
        for (int t : order) {
            if (pinned.contains(t) && !hidden.contains(t)) {
                boxes.add(box(index, m, t, y, true));
                y += boxes.get(boxes.size() - 1).height() + m.gap();
            }
        }
        y -= scrollY;
        for (int t : order) {
            if (!pinned.contains(t) && !hidden.contains(t)) {
                boxes.add(box(index, m, t, y, false));
                y += boxes.get(boxes.size() - 1).height() + m.gap();
            }
        }
        return boxes;
    }

    private LaneBox box(TraceIndex index, Metrics m, int t, int y, boolean isPinned) {
        int rows = rows(index, t);
        return new LaneBox(t, y, m.header() + rows * m.row(), rows, isPinned, collapsed.contains(t));
    }

    private int laneHeight(TraceIndex index, Metrics m, int t) {
        return m.header() + rows(index, t) * m.row();
    }

    private int rows(TraceIndex index, int t) {
        int depths = index.depthCount(t);
        if (collapsed.contains(t)) {
            return Math.min(1, depths);
        }
        Integer limit = rowLimits.get(t);
        return limit == null ? depths : Math.min(limit, depths);
    }

    private static void toggle(Set<Integer> set, int thread, boolean value) {
        if (value) {
            set.add(thread);
        } else {
            set.remove(thread);
        }
    }
}
