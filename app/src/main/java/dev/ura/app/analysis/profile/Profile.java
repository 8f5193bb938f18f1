package dev.ura.app.analysis.profile;

import java.util.List;

/**
 * The result of {@link ProfileAnalyzer}: one row per method that has calls in scope (and per named
 * block for checkpoint reports), largest inclusive time first, plus the call trees when asked for.
 *
 * @param scope    what was profiled
 * @param rows     methods then blocks, each group by inclusive time, descending (unmodifiable)
 * @param topDown  callers above callees (root = all threads, children per thread when the scope has
 *                 more than one), or {@code null} when not built
 * @param bottomUp each method's own time above the callers it was spent under, or {@code null}
 * @param eventOrder whether times are event order rather than ns (traces without timestamps)
 * @param treesTruncated whether a tree reached {@link ProfileAnalyzer#MAX_TREE_NODES} and folded
 *                   further paths into "more" nodes
 */
public record Profile(CallScope scope, List<ProfileRow> rows, ProfileNode topDown, ProfileNode bottomUp,
                      boolean eventOrder, boolean treesTruncated) {

    public Profile {
        rows = List.copyOf(rows);
    }
}
