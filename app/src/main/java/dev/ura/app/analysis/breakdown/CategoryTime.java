package dev.ura.app.analysis.breakdown;

import dev.ura.app.analysis.model.Category;

/**
 * One category's share of a critical path.
 *
 * @param category what the time was spent on
 * @param ns       time on the critical path, ns
 */
public record CategoryTime(Category category, long ns) {
}
