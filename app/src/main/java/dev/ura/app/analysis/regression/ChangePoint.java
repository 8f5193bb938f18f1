package dev.ura.app.analysis.regression;

/**
 * A significant change in a series of runs.
 *
 * @param index     0-based index of the first run of the new segment
 * @param before    mean of the segment that ends here (from the previous change point, or the series start)
 * @param after     mean of the segment that starts here (up to the next change point, or the series end)
 * @param pValue    significance: the permutation p-value (E-Divisive) or the t-test p-value (Hunter)
 * @param statistic the divergence that chose the split (E-Divisive's Q-hat); NaN when not applicable
 */
public record ChangePoint(int index, double before, double after, double pValue, double statistic) {

    /** Whether the values went up here (for response times: got slower). */
    public boolean isIncrease() {
        return after > before;
    }

    /** Relative change {@code after / before - 1}; 0 when {@code before} is 0. */
    public double relativeChange() {
        return before == 0 ? 0 : after / before - 1;
    }
}
