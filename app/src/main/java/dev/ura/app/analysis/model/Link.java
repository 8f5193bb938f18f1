package dev.ura.app.analysis.model;

/**
 * A hand-off from the event that sent work to the event that ran it (indices into the analysis
 * event table), with how it was made.
 */
public record Link(int sendEvent, int dispatchEvent, LinkKind via) {
}
