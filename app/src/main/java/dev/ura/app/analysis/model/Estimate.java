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
 * @param assumption   what the estimate takes each piece's duration to be ("moved work keeps its
 *                     recorded duration; …"), or {@code null} for the recorded response
 * @param range        where the trace shows the moved work's own duration varying: the estimate with
 *                     it at the fastest and the slowest the trace shows; else {@code null}
 */
public record Estimate(long endNs, long durationNs, long savedNs, double savedPercent, CriticalPath path,
                       long pathTimeNs, String reason, String frame, String assumption, Range range) {

    /** An estimate without a bound, reason or frame (the recorded response). */
    public Estimate(long endNs, long durationNs, long savedNs, double savedPercent, CriticalPath path) {
        this(endNs, durationNs, savedNs, savedPercent, path, 0, null, null, null, null);
    }

    /**
     * The estimated response time when the moved work's waiting pieces take the fastest
     * ({@code lowDurationNs}) and the slowest ({@code highDurationNs}) the trace shows for the same
     * work; always contains the estimate (docs/what-if.md, "Assumption and range").
     *
     * @param evidence which work, how often moved, and its recorded durations, in words
     */
    public record Range(long lowDurationNs, long highDurationNs, String evidence) {
    }
}
