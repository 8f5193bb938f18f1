package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.SliceRef;

/**
 * A slice a selector picked, with the work segments it overlaps.
 *
 * @param slice    the call
 * @param startNs  its start, ns
 * @param endNs    its end, ns
 * @param vertices the response-graph vertices it overlaps, in time order (do not modify)
 */
public record MatchedSlice(SliceRef slice, long startNs, long endNs, int[] vertices) {
}
