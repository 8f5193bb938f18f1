package dev.ura.app.analysis.callgraph;

/**
 * A method in a call graph, with its totals over the graph's scope (ns).
 *
 * @param method      index in the trace's method table
 * @param name        {@code pkg.Class.method} (or the demangled C/C++ name)
 * @param signature   descriptor, or {@code null}
 * @param calls       calls in scope
 * @param inclusiveNs time inside it, recursion counted once per outermost call
 * @param exclusiveNs its own time (no callee running)
 */
public record CallGraphNode(int method, String name, String signature, long calls, long inclusiveNs,
                            long exclusiveNs) {
}
