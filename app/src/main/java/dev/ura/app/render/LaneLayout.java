package dev.ura.app.render;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
    /** Process groups: the app's process is expanded unless in collapsedGroups, others only if in expandedGroups. */
    private boolean grouped;
    private long expandedPid = Long.MIN_VALUE;
    private final Set<Long> collapsedGroups = new HashSet<>();
    private final Set<Long> expandedGroups = new HashSet<>();
    private int cpuCount;
    private boolean cpusCollapsed;
    private boolean stateStrips;

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
        c.grouped = grouped;
        c.expandedPid = expandedPid;
        c.collapsedGroups.addAll(collapsedGroups);
        c.expandedGroups.addAll(expandedGroups);
        c.cpuCount = cpuCount;
        c.cpusCollapsed = cpusCollapsed;
        c.stateStrips = stateStrips;
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

    /**
     * Groups the scrolling threads of a system trace under a header per process (Perfetto's
     * process tracks), in the order their first thread comes; every process but
     * {@code expandedPid} starts collapsed. Pinned lanes stay ungrouped at the top.
     */
    public void groupByProcess(long expandedPid) {
        grouped = true;
        this.expandedPid = expandedPid;
        collapsedGroups.clear();
        expandedGroups.clear();
    }

    /** Whether threads are grouped under process headers. */
    public boolean groupedByProcess() {
        return grouped;
    }

    /** Shows {@code count} CPU tracks under a collapsible "CPUs" header above the threads (0: none). */
    public void showCpus(int count) {
        cpuCount = Math.max(0, count);
    }

    /**
     * Gives each lane of a thread the scheduler recorded a thread-state strip under its header
     * (system traces; {@link ThreadStateOverlay} paints it).
     */
    public void showStateStrips(boolean on) {
        stateStrips = on;
    }

    /** Height of a thread's state strip: 0 when strips are off or the scheduler never showed the thread. */
    int strip(TraceIndex index, Metrics m, int t) {
        if (!stateStrips) {
            return 0;
        }
        var states = index.trace().system().states();
        return t < states.size() && states.get(t).size() > 0 ? m.stateRow() : 0;
    }

    /** Whether a group (a pid, or {@link GroupBox#CPUS}) is collapsed. */
    public boolean isGroupCollapsed(long key) {
        if (key == GroupBox.CPUS) {
            return cpusCollapsed;
        }
        // only the app's process starts expanded; the others until the user opens them
        return key == expandedPid ? collapsedGroups.contains(key) : !expandedGroups.contains(key);
    }

    public void setGroupCollapsed(long key, boolean value) {
        if (key == GroupBox.CPUS) {
            cpusCollapsed = value;
        } else if (key == expandedPid) {
            toggleKey(collapsedGroups, key, value);
        } else {
            toggleKey(expandedGroups, key, !value);
        }
    }

    /** The group a thread's lane is under: its process's pid, or {@link GroupBox#NO_PROCESS}. */
    public static long groupOf(TraceIndex index, int thread) {
        var sys = index.trace().system();
        if (thread >= sys.threads().size()) {
            return GroupBox.NO_PROCESS;
        }
        long pid = sys.threads().get(thread).tgid();
        return pid < 0 ? GroupBox.NO_PROCESS : pid;
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

    /** Height of the scrolling part together: CPU tracks, group headers and lanes. */
    public int scrollingHeight(TraceIndex index, Metrics m) {
        return arrange(index, m, 0).scrollingHeight();
    }

    /** The boxes of all shown lanes: pinned first under the ruler, then the others shifted by scrollY. */
    public List<LaneBox> boxes(TraceIndex index, Metrics m, int scrollY) {
        return arrange(index, m, scrollY).lanes();
    }

    /**
     * Places everything shown: pinned lanes under the ruler, then, shifted by scrollY, the CPUs'
     * header and tracks, and the threads (under their process's header when grouped; a collapsed
     * process shows its header only, and a process none of whose threads is shown shows nothing).
     */
    public LaneArrangement arrange(TraceIndex index, Metrics m, int scrollY) {
        List<LaneBox> boxes = new ArrayList<>();
        List<GroupBox> groups = new ArrayList<>();
        List<CpuRow> cpuRows = new ArrayList<>();
        int y = m.ruler();
        for (int t : order) {
            if (pinned.contains(t) && !hidden.contains(t)) {
                boxes.add(box(index, m, t, y, true));
                y += boxes.get(boxes.size() - 1).height() + m.gap();
            }
        }
        int pinnedHeight = y - m.ruler();
        int top = y;
        y -= scrollY;
        if (cpuCount > 0) {
            groups.add(new GroupBox(GroupBox.CPUS, y, m.header(), cpusCollapsed, cpuCount, 0));
            y += m.header();
            if (!cpusCollapsed) {
                for (int c = 0; c < cpuCount; c++) {
                    cpuRows.add(new CpuRow(c, y, cpuRowHeight(m)));
                    y += cpuRowHeight(m);
                }
            }
            y += m.gap();
        }
        if (!grouped) {
            for (int t : order) {
                if (!pinned.contains(t) && !hidden.contains(t)) {
                    boxes.add(box(index, m, t, y, false));
                    y += boxes.get(boxes.size() - 1).height() + m.gap();
                }
            }
        } else {
            Map<Long, List<Integer>> members = new LinkedHashMap<>();
            for (int t : order) {
                if (!pinned.contains(t)) {
                    members.computeIfAbsent(groupOf(index, t), k -> new ArrayList<>()).add(t);
                }
            }
            for (Map.Entry<Long, List<Integer>> e : members.entrySet()) {
                List<Integer> shown = e.getValue().stream().filter(t -> !hidden.contains(t)).toList();
                if (shown.isEmpty()) {
                    continue;
                }
                boolean closed = isGroupCollapsed(e.getKey());
                groups.add(new GroupBox(e.getKey(), y, m.header(), closed, shown.size(),
                        e.getValue().size() - shown.size()));
                y += m.header();
                if (!closed) {
                    for (int t : shown) {
                        boxes.add(box(index, m, t, y, false));
                        y += boxes.get(boxes.size() - 1).height() + m.gap();
                    }
                } else {
                    y += m.gap();
                }
            }
        }
        return new LaneArrangement(boxes, groups, cpuRows, pinnedHeight, y + scrollY - top);
    }

    /** Height of one CPU track. */
    public static int cpuRowHeight(Metrics m) {
        return m.row() + (int) Math.round(3 * m.scale());
    }

    private LaneBox box(TraceIndex index, Metrics m, int t, int y, boolean isPinned) {
        int rows = rows(index, t);
        int strip = strip(index, m, t);
        return new LaneBox(t, y, m.header() + strip + rows * m.row(), rows, isPinned, collapsed.contains(t), strip);
    }

    private int laneHeight(TraceIndex index, Metrics m, int t) {
        return m.header() + strip(index, m, t) + rows(index, t) * m.row();
    }

    private int rows(TraceIndex index, int t) {
        int depths = index.depthCount(t);
        if (collapsed.contains(t)) {
            return Math.min(1, depths);
        }
        Integer limit = rowLimits.get(t);
        return limit == null ? depths : Math.min(limit, depths);
    }

    private static void toggleKey(Set<Long> set, long key, boolean value) {
        if (value) {
            set.add(key);
        } else {
            set.remove(key);
        }
    }

    private static void toggle(Set<Integer> set, int thread, boolean value) {
        if (value) {
            set.add(thread);
        } else {
            set.remove(thread);
        }
    }
}
