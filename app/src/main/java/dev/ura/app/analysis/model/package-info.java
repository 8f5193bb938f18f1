/**
 * The engine's results as plain values: responses and their end events, hand-off links,
 * critical paths and their segments, findings, what-if changes, scenarios and estimates.
 * These records sit below every algorithm and depend on none of them (enforced by
 * {@code ArchitectureTest}), so the algorithm packages depend on this one and never on each
 * other through the entry point.
 */
package dev.ura.app.analysis.model;
