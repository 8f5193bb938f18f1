package dev.ura.trace.model.system;

/**
 * A process-scoped slice that may overlap others: atrace {@code S}/{@code F} (track = name) and
 * {@code G}/{@code H} (named track), or a TrackEvent slice on a track that is not a thread.
 * A zero-length slice is an instant on that track ({@code N}, TrackEvent instants).
 *
 * @param pid     owning process, -1 when global
 * @param track   track name (the slice name for {@code S}/{@code F})
 * @param name    slice name
 * @param cookie  the cookie that pairs begin and end, 0 when none
 * @param startNs begin
 * @param endNs   end; for a slice never ended, the trace end
 * @param closed  whether the end was in the trace
 */
public record AsyncSlice(long pid, String track, String name, long cookie, long startNs, long endNs,
                         boolean closed) {
}
