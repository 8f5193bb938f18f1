package dev.ura.app.analysis.model;

/**
 * A what-if result (docs/what-if.md).
 *
 * @param endNs        estimated response end
 * @param durationNs   estimated response time
 * @param savedNs      baseline duration minus estimated duration
 * @param savedPercent savedNs as a percentage of the baseline duration
 * @param path         the estimated critical path
 * @param pathTimeNs   the time the changes take off the recorded critical path (the bound on the
 *                     saving unless a vsync is crossed): defer, parallel and side by side: the
 *                     path's time inside the matched slices; speed-up ×k: (1 − 1/k) of their own time
 * @param reason       why nothing is saved (not on the critical path; absorbed by a frame, named;
 *                     the thread then waits for something else, named), or {@code null} when
 *                     something is saved or nothing changed
 * @param frame        when the draw moved across a vsync: which ("drawn on the vsync at … instead of
 *                     …"), else {@code null}
 */
public record Estimate(long endNs, long durationNs, long savedNs, double savedPercent, CriticalPath path,
                       long pathTimeNs, String reason, String frame) {

    /** An estimate without a bound, reason or frame (the recorded response). */
    public Estimate(long endNs, long durationNs, long savedNs, double savedPercent, CriticalPath path) {
        this(endNs, durationNs, savedNs, savedPercent, path, 0, null, null);
    }
}
