package dev.ura.app.analysis.model;

/**
 * A what-if result.
 *
 * @param endNs        estimated response end
 * @param durationNs   estimated response time
 * @param savedNs      baseline duration minus estimated duration
 * @param savedPercent savedNs as a percentage of the baseline duration
 * @param path         the estimated critical path
 */
public record Estimate(long endNs, long durationNs, long savedNs, double savedPercent, CriticalPath path) {
}
