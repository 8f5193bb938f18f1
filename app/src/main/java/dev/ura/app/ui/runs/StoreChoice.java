package dev.ura.app.ui.runs;

import dev.ura.app.store.StoreRuns;

import java.util.List;

/**
 * What the Runs window shows of a run store: a metric ({@code regress --store}'s names), the runs of
 * one tag value (or all), along an axis ({@link StoreRuns#AXIS_RUN}, {@link StoreRuns#AXIS_TIME} or a tag).
 *
 * @param filterKey {@code null} for all runs
 */
record StoreChoice(String metric, String filterKey, String filterValue, String axis) {
    /** The tag that names scenarios by convention ({@code ura batch --tag scenario=login}). */
    static final String SCENARIO = "scenario";

    /** Response 0's duration of the first scenario (all runs when no run has a scenario tag), by run. */
    static StoreChoice defaults(StoreRuns.Catalog catalog) {
        List<String> scenarios = catalog.tags().get(SCENARIO);
        return scenarios == null || scenarios.isEmpty()
                ? new StoreChoice("duration", null, null, StoreRuns.AXIS_RUN)
                : new StoreChoice("duration", SCENARIO, scenarios.get(0), StoreRuns.AXIS_RUN);
    }
}
