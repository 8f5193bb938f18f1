package dev.ura.app.analysis.regression;

import java.util.Locale;

/**
 * One row of a critical-path comparison: a segment of run A matched to one of run B by thread name,
 * segment name and occurrence.
 *
 * @param thread     thread name
 * @param name       segment name
 * @param occurrence 0-based: the how-many-th segment with this thread and name along its path
 * @param beforeNs   duration in run A (0 when it appeared)
 * @param afterNs    duration in run B (0 when it vanished)
 * @param kind       what happened to it
 */
public record SegmentChange(String thread, String name, int occurrence, long beforeNs, long afterNs, Kind kind) {

    /** What happened to a segment between the two runs. */
    public enum Kind {
        GREW, SHRANK, SAME, APPEARED, VANISHED;

        /** The JSON spelling ({@code grew}, ...). */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code afterNs − beforeNs}: positive when B spends longer here. */
    public long deltaNs() {
        return afterNs - beforeNs;
    }
}
