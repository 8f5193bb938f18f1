package dev.ura.app.render;

import java.util.List;

/**
 * Everything {@link LaneLayout} places in one frame: thread lanes, group headers (processes and
 * the CPUs) and CPU tracks, with the heights of the pinned and the scrolling parts.
 */
public record LaneArrangement(List<LaneBox> lanes, List<GroupBox> groups, List<CpuRow> cpuRows,
                              int pinnedHeight, int scrollingHeight) {
}
