package dev.ura.app.analysis.model;

/**
 * A screen-update request made by tracked work and the draw that fulfilled it (indices into the
 * analysis event table; {@code drawEvent} is -1 when the trace ended first).
 */
public record RequestFulfilment(int requestEvent, int drawEvent) {
}
