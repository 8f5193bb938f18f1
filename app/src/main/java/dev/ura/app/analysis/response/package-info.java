/**
 * Response detection: the work units events happen in ({@link dev.ura.app.analysis.response.WorkUnits}),
 * hand-off links ({@link dev.ura.app.analysis.response.HandoffLinker}: identity for agent logs,
 * affinity then fifo for method traces, user edits on top) and the six rules of "What a response
 * is" ({@link dev.ura.app.analysis.response.ResponseDetector}), which hand a
 * {@link dev.ura.app.analysis.model.ResponseWork} per response to the dependency-graph builder.
 */
package dev.ura.app.analysis.response;
