package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;

/**
 * On a system trace, what a piece that starts with the response (run in parallel) stops waiting
 * for on its thread (docs/what-if.md, "The bound"): everything before it there, back to a stretch
 * of unknown state or the response start. Where the recorded path reaches the piece at its start,
 * the path's time over that lead-in is what the piece no longer waits for: the thread's sleeps (the
 * path runs through the wakeup chain that ended them), its waits for a CPU and the code it ran
 * before the piece. That is the system equivalent of the queue wait a dispatch waits in on agent
 * logs, which system graphs do not have; a piece ending a response (RenderThread's frame) or
 * waking the thread that does, mid-way, takes all of it off the path.
 * <p>A stretch whose state the trace does not show ("unknown", above all before a thread's first
 * state) is not waiting the piece could skip: the thread may have been busy there. The moved piece
 * still waits for it, so its time is never a saving.
 */
final class LeadIn {
    private final ResponseGraph graph;
    /** Per vertex: the piece its lead-in stops at ({@link #stop}), found in one pass (a change can match thousands of slices). */
    private final int[] stops;

    /** The lead-ins of {@code graph}'s pieces; on a graph that is not a system trace's, none. */
    LeadIn(ResponseGraph graph) {
        this.graph = graph;
        this.stops = new int[applies(graph) ? graph.vertexCount() : 0];
        for (int v = 0; v < stops.length; v++) {
            int u = v - 1;
            stops[v] = u < 0 || graph.thread(u) != graph.thread(v) ? -1 : endsLeadIn(u) ? u : stops[u];
        }
    }

    /** Whether the graph is a system trace's (lead-ins apply there only). */
    static boolean applies(ResponseGraph graph) {
        return graph.work().trace().system().present();
    }

    /** Whether lead-ins apply to this graph. */
    boolean applies() {
        return stops.length > 0;
    }

    /**
     * The vertex that ends {@code first}'s lead-in on its thread: the latest earlier piece of the
     * thread that is unknown state or the response start; -1 when the thread has no such piece
     * before {@code first} (the lead-in then reaches back to the response start).
     */
    int stop(int first) {
        return stops[first];
    }

    /** The unknown-state piece the lead-in of {@code first} stops at, or -1. */
    int unknownBefore(int first) {
        int v = stop(first);
        return v >= 0 && unknown(v) ? v : -1;
    }

    /** When {@code first}'s lead-in starts, never before the response start. */
    long startNs(int first) {
        int v = stop(first);
        return v < 0 ? graph.originNs() : Math.max(graph.originNs(), graph.endNs(v));
    }

    private boolean endsLeadIn(int v) {
        return graph.kind(v) == SegmentKind.START || unknown(v);
    }

    /** A stretch of a thread whose state the trace does not show (StretchPieces, SystemWalk). */
    private boolean unknown(int v) {
        return graph.kind(v) == SegmentKind.WORK && graph.category(v) == Category.OTHER && graph.call(v) < 0
                && "unknown".equals(graph.name(v));
    }
}
