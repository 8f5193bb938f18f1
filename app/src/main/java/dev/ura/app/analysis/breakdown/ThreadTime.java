package dev.ura.app.analysis.breakdown;

/**
 * One thread's share of a critical path.
 *
 * @param thread index into {@code Trace.threads()}
 * @param name   its name
 * @param ns     time on the critical path, ns
 */
public record ThreadTime(int thread, String name, long ns) {
}
