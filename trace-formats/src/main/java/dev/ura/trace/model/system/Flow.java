package dev.ura.trace.model.system;

/**
 * An explicit hand-off between two points (TrackEvent {@code flow_ids}): the work at the source
 * caused the work at the destination.
 *
 * @param id         the flow id as written
 * @param fromThread source thread index, -1 when the source is not on a thread track
 * @param fromNs     source event time
 * @param toThread   destination thread index, -1 when not on a thread track
 * @param toNs       destination event time (never before {@code fromNs} for a well-formed trace)
 */
public record Flow(long id, int fromThread, long fromNs, int toThread, long toNs) {
}
