package dev.ura.app.analysis.regression;

/**
 * The best split of one segment before any significance test.
 *
 * @param index     0-based index of the first point of the new segment
 * @param statistic the divergence of the two sides at that split (Q-hat or T, by the search that made it)
 */
public record Candidate(int index, double statistic) {
}
