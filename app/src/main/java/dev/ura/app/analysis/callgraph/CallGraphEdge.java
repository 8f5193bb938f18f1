package dev.ura.app.analysis.callgraph;

/**
 * Calls from one method to another (a self-loop for direct recursion).
 *
 * @param caller      method index of the caller
 * @param callee      method index of the callee
 * @param calls       how many times the caller called the callee directly
 * @param inclusiveNs total inclusive time of those calls (ns, clipped to the scope's window)
 */
public record CallGraphEdge(int caller, int callee, long calls, long inclusiveNs) {
}
