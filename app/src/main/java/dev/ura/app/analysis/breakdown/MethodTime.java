package dev.ura.app.analysis.breakdown;

/**
 * One method's time within a set of intervals.
 *
 * @param name        {@code pkg.Class.method} (or {@code KIND:name} for agent-log intervals)
 * @param calls       calls that overlap the intervals
 * @param inclusiveNs time inside its calls (a recursive method counts once per outermost call), ns
 * @param exclusiveNs time inside its calls that no callee covers, ns
 */
public record MethodTime(String name, long calls, long inclusiveNs, long exclusiveNs) {
}
