package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The work a moved piece hands to other threads and waits for within its span (docs/what-if.md,
 * "Run in parallel"): a request it sends and whose answer it waits for — an HTTP client's worker
 * threads, a binder server thread — is part of the piece's duration and moves with it. In the
 * graph that is every vertex of another thread that the piece's chain leads to and that leads back
 * into the chain, inside the chain's recorded span. Work handed off and not waited for (a post to
 * the UI thread, a fire-and-forget task) leads back to nothing in the chain and is not carried: it
 * follows the moved piece through its hand-off edge, as every other change has it.
 *
 * <p>Threads whose queue the estimator re-orders (the UI thread) are never carried: one thread
 * runs one message at a time, and {@link QueueOrder} already runs a message whose post moved when
 * its thread is free.
 */
final class HandedOffWork {
    private final ResponseGraph graph;
    private final BitSet queueThreads = new BitSet();

    HandedOffWork(ResponseGraph graph) {
        this.graph = graph;
        for (int t : graph.queues().thread()) {
            queueThreads.set(t);
        }
    }

    /**
     * The vertices the chain {@code first..last} (one thread, in program order) hands work to and
     * waits for, ascending (so each thread's carried vertices come in runs of consecutive ids).
     *
     * @param out the scenario's edges out of a vertex so far: {target, link-kind ordinal}
     * @param in  the scenario's edges into a vertex so far: {source, link-kind ordinal}
     */
    int[] of(int first, int last, IntFunction<List<int[]>> out, IntFunction<List<int[]>> in) {
        BitSet forward = reach(first, last, out);
        if (forward.isEmpty()) {
            return new int[0];
        }
        forward.and(reach(first, last, in));
        return forward.stream().toArray();
    }

    /** Vertices of other threads inside the chain's span that {@code edges} reach from the chain. */
    private BitSet reach(int first, int last, IntFunction<List<int[]>> edges) {
        int thread = graph.thread(first);
        long from = graph.startNs(first);
        long to = graph.endNs(last);
        BitSet seen = new BitSet();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        for (int v = first; v <= last; v++) {
            todo.add(v);
        }
        while (!todo.isEmpty()) {
            for (int[] e : edges.apply(todo.poll())) {
                int w = e[0];
                if (!seen.get(w) && graph.thread(w) != thread && !queueThreads.get(graph.thread(w))
                        && graph.kind(w) != SegmentKind.START && graph.startNs(w) >= from && graph.endNs(w) <= to) {
                    seen.set(w);
                    todo.add(w);
                }
            }
        }
        return seen;
    }

    /** Splits ascending vertices into runs of consecutive ids on one thread: {first, last} each. */
    int[][] runs(int[] carried) {
        int[][] out = new int[carried.length][];
        int n = 0;
        for (int i = 0; i < carried.length; ) {
            int j = i;
            while (j + 1 < carried.length && carried[j + 1] == carried[j] + 1
                    && graph.thread(carried[j + 1]) == graph.thread(carried[i])) {
                j++;
            }
            out[n++] = new int[] {carried[i], carried[j]};
            i = j + 1;
        }
        return Arrays.copyOf(out, n);
    }
}
