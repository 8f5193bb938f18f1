package dev.ura.app.analysis.breakdown;

import java.util.List;

/**
 * Where a response's time went.
 *
 * @param criticalPathNs       length of the critical path, ns
 * @param byThread             critical-path time per thread, largest first
 * @param byCategory           critical-path time per category, largest first
 * @param windowInclusive      top methods by inclusive time inside the response window (all threads)
 * @param windowExclusive      top methods by exclusive time inside the response window
 * @param criticalInclusive    top methods by inclusive time on the critical path's work segments
 * @param criticalExclusive    top methods by exclusive time on the critical path's work segments
 */
public record Breakdown(long criticalPathNs, List<ThreadTime> byThread, List<CategoryTime> byCategory,
                        List<MethodTime> windowInclusive, List<MethodTime> windowExclusive,
                        List<MethodTime> criticalInclusive, List<MethodTime> criticalExclusive) {
    public Breakdown {
        byThread = List.copyOf(byThread);
        byCategory = List.copyOf(byCategory);
        windowInclusive = List.copyOf(windowInclusive);
        windowExclusive = List.copyOf(windowExclusive);
        criticalInclusive = List.copyOf(criticalInclusive);
        criticalExclusive = List.copyOf(criticalExclusive);
    }
}
