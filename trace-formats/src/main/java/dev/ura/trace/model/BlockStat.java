package dev.ura.trace.model;

/**
 * Aggregate timing of a named block, for formats that carry totals rather than calls
 * (checkpoint-timer reports). Times in ns; min / max are -1 when the file does not give them.
 */
public record BlockStat(String name, long count, long totalNs, long minNs, long maxNs) {
}
