package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentColumns;
import dev.ura.app.analysis.graph.SegmentGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.graph.WaitPart;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@link ResponseGraph} of one response from its tracked work.
 *
 * <p>Vertices: the zero-length response start; the stretches of each thread's tracked work (the
 * trigger, tracked dispatches, and the draws that fulfil its requests), cut at every send, request,
 * storage and network boundary; a wait before each dispatch (queueing: the time between being ready
 * — sent, and its thread free — and running) and before each draw (waiting for the frame).
 * Edges: program order on each thread, each hand-off link from the stretch that sent to the wait of
 * the dispatch that ran it, each request to the wait of the draw that fulfilled it. With these
 * waits the schedule of the recorded durations reproduces the recorded times.
 *
 * <p>Categories: {@code draw} inside a draw, {@code storage} / {@code network} inside such an
 * interval, {@code wait} for the waits and, with a dual clock, for the part of a stretch that
 * thread time does not cover; else {@code cpu}.
 *
 * <p>An instance keeps what it derived from whole threads of the last trace it saw (see
 * {@link TraceIndexes}), so build every response of a trace with one instance; safe to share
 * between threads.
 */
public final class DependencyGraphBuilder {
    private volatile TraceIndexes indexes;

    /**
     * @throws IllegalArgumentException when the work has no trigger in its event table, or links
     *                                  that make the graph cyclic
     */
    public ResponseGraph build(ResponseWork work) {
        TraceIndexes x = indexes;
        if (x == null || !x.covers(work)) {
            x = new TraceIndexes(work);
            indexes = x;
        }
        return new Assembly(work, x).run();
    }

    private static final class Assembly {
        private final ResponseWork work;
        private final TraceIndexes indexes;
        private final EventTable events;
        private final SegmentColumns columns = new SegmentColumns();
        private final Map<Integer, int[]> chains = new HashMap<>();
        private final List<String> warnings = new ArrayList<>();
        /** The event line each hand-off / request edge came from, for warnings. */
        private final Map<Dependency, Integer> origins = new IdentityHashMap<>();
        /** The delay of a delayed send (postDelayed), by the entry vertex of the dispatch it posted. */
        private final Map<Integer, Long> delays = new HashMap<>();
        private PieceVertices vertices;
        private Graph<Integer, Dependency> graph;
        /** Per vertex: whether an edge leads to it, and the latest recorded end of those that do. */
        private boolean[] linkedTo;
        private long[] readyNs;

        Assembly(ResponseWork work, TraceIndexes indexes) {
            this.work = work;
            this.indexes = indexes;
            this.events = work.events();
        }

        ResponseGraph run() {
            int trigger = work.triggerEvent();
            if (trigger < 0 || trigger >= events.size()) {
                throw new IllegalArgumentException("response work without a trigger event: " + trigger);
            }
            Map<Integer, List<Piece>> pieces = pieces();
            vertices = new PieceVertices(pieces.values().stream().flatMap(List::stream).mapToInt(Piece::event).toArray());
            Map<Integer, List<Integer>> tracked = trackedByThread();
            for (Map.Entry<Integer, List<Piece>> e : pieces.entrySet()) {
                int t = e.getKey();
                ThreadSweep sweep = new ThreadSweep(t, events, columns, indexes.locator(t), indexes.cpu(t), e.getValue(),
                        tracked.getOrDefault(t, List.of()), vertices, work.response().trigger());
                chains.put(t, sweep.run());
            }
            columns.trim();
            // Program order gives about one edge per vertex, hand-offs and requests a few more.
            graph = new SegmentGraph(columns.size, columns.size + columns.size / 2);
            for (int v = 0; v < columns.size; v++) {
                graph.addVertex(v);
            }
            linkedTo = new boolean[columns.size];
            readyNs = new long[columns.size];
            Arrays.fill(readyNs, Long.MIN_VALUE);
            int source = vertices.entry(trigger);
            if (source < 0) {
                throw new IllegalArgumentException("the trigger event " + trigger + " has no segment");
            }
            crossEdges();
            programOrder();
            orphans(source);
            // Clocks that disagree can close a loop; dropping its backward edge may orphan work,
            // and the orphan's edge from the start may close another (bounded: each round drops edges).
            for (int round = 0; round < 4
                    && CycleBreaker.breakCycles(graph, columns.end, origins, v -> columns.name[v], this::where,
                    warnings) > 0; round++) {
                recomputeLinkedTo();
                orphans(source);
            }
            waitTimes();
            int sinkPiece = work.endEvent() >= 0 ? work.endEvent() : trigger;
            int sink = vertices.last(sinkPiece);
            if (sink < 0) {
                throw new IllegalArgumentException("the ending event " + sinkPiece + " has no segment");
            }
            FrameCadence cadence = work.endEvent() >= 0
                    ? indexes.cadence(events.thread(work.endEvent())).orElse(null) : null;
            return new ResponseGraph(work, graph, columns, source, sink, cadence, warnings, waitParts(),
                    QueueTaskList.of(events, pieces, chains, vertices, delays, columns.size));
        }

        /** Pieces by thread, threads in index order. */
        private Map<Integer, List<Piece>> pieces() {
            Map<Integer, List<Piece>> byThread = new TreeMap<>();
            EventSet tracked = work.tracked();
            int trigger = work.triggerEvent();
            add(byThread, trigger, Piece.Type.TRIGGER);
            for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
                if (e != trigger && events.kind(e) == EventKind.DISPATCH_MSG) {
                    add(byThread, e, Piece.Type.DISPATCH);
                }
            }
            BitSet draws = new BitSet();
            for (RequestFulfilment f : work.fulfilments()) {
                if (f.drawEvent() >= 0 && !draws.get(f.drawEvent())) {
                    draws.set(f.drawEvent());
                    add(byThread, f.drawEvent(), Piece.Type.DRAW);
                }
            }
            if (work.endEvent() >= 0 && !draws.get(work.endEvent())) {
                add(byThread, work.endEvent(), Piece.Type.DRAW);
            }
            return byThread;
        }

        private void add(Map<Integer, List<Piece>> byThread, int e, Piece.Type type) {
            int t = events.thread(e);
            byThread.computeIfAbsent(t, k -> new ArrayList<>()).add(new Piece(e, t, events.start(e), events.end(e), type));
        }

        private Map<Integer, List<Integer>> trackedByThread() {
            Map<Integer, List<Integer>> byThread = new HashMap<>();
            EventSet tracked = work.tracked();
            for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
                byThread.computeIfAbsent(events.thread(e), k -> new ArrayList<>()).add(e);
            }
            return byThread;
        }

        private void crossEdges() {
            EventSet tracked = work.tracked();
            List<Link> links = indexes.links();
            for (int position : linksIntoPieces()) {
                Link l = links.get(position);
                if (tracked.get(l.sendEvent())) {
                    int entry = vertices.entry(l.dispatchEvent());
                    connect(l.sendEvent(), entry, l.via());
                    if (events.delayNs(l.sendEvent()) > 0) {
                        delays.merge(entry, events.delayNs(l.sendEvent()), Math::max);
                    }
                }
            }
            for (RequestFulfilment f : work.fulfilments()) {
                int to = f.drawEvent() < 0 ? -1 : vertices.entry(f.drawEvent());
                if (to >= 0) {
                    connect(f.requestEvent(), to, LinkKind.REQUEST);
                }
            }
        }

        /** Positions of the links that dispatch one of the pieces, in list order (the order edges are added in). */
        private int[] linksIntoPieces() {
            int n = 0;
            for (int s = 0; s < vertices.size(); s++) {
                n += vertices.entryAt(s) < 0 ? 0 : indexes.linkCount(vertices.event(s));
            }
            int[] positions = new int[n];
            int k = 0;
            for (int s = 0; s < vertices.size(); s++) {
                int e = vertices.event(s);
                for (int i = 0; vertices.entryAt(s) >= 0 && i < indexes.linkCount(e); i++) {
                    positions[k++] = indexes.link(e, i);
                }
            }
            Arrays.sort(positions);
            return positions;
        }

        private void connect(int fromEvent, int to, LinkKind kind) {
            int from = vertexEndingBy(events.thread(fromEvent), events.end(fromEvent));
            if (from < 0 || columns.end[from] > columns.end[to]
                    || (columns.thread[from] == columns.thread[to] && from >= to)) {
                warnings.add(where(events.line(fromEvent)) + kind.label() + " link from event " + fromEvent + " at " + events.end(fromEvent)
                        + " ns to work that started before it (clocks that disagree?): ignored");
                return;
            }
            Dependency d = depend(from, to, kind);
            if (d != null) {
                origins.put(d, events.line(fromEvent));
            }
        }

        /** Adds the edge unless the two are linked already (a simple graph keeps the first); returns it or null. */
        private Dependency depend(int from, int to, LinkKind kind) {
            Dependency d = new Dependency(kind);
            if (graph.addEdge(from, to, d)) {
                linkedTo[to] = true;
                readyNs[to] = Math.max(readyNs[to], columns.end[from]);
                return d;
            }
            return null;
        }

        /** "line L of FILE: " for an event read from a log, else "FILE: ". */
        private String where(int line) {
            String file = work.trace().source();
            return line >= 0 ? "line " + line + " of " + file + ": " : file + ": ";
        }

        /** After edges were dropped: which vertices something still leads to, and when they became ready. */
        private void recomputeLinkedTo() {
            Arrays.fill(linkedTo, false);
            Arrays.fill(readyNs, Long.MIN_VALUE);
            for (Dependency d : graph.edgeSet()) {
                int from = graph.getEdgeSource(d);
                int to = graph.getEdgeTarget(d);
                linkedTo[to] = true;
                readyNs[to] = Math.max(readyNs[to], columns.end[from]);
            }
        }

        /** The vertex of a thread's chain after which an event at {@code t} happened, or -1. */
        private int vertexEndingBy(int thread, long t) {
            int[] chain = chains.get(thread);
            if (chain == null) {
                return -1;
            }
            int lo = 0;
            int hi = chain.length - 1;
            int found = -1;
            while (lo <= hi) {
                int m = (lo + hi) >>> 1;
                if (columns.end[chain[m]] <= t) {
                    found = m;
                    lo = m + 1;
                } else {
                    hi = m - 1;
                }
            }
            if (found < 0) {
                return -1;
            }
            // An event at the boundary between two pieces belongs to the work that ends there, not
            // to the wait of the piece that starts there.
            for (int i = found; i >= 0 && columns.end[chain[i]] == t; i--) {
                SegmentKind k = columns.kind(chain[i]);
                if (k == SegmentKind.WORK || k == SegmentKind.BLOCKED) {
                    return chain[i];
                }
            }
            return chain[found];
        }

        private void programOrder() {
            for (int[] chain : chains.values()) {
                for (int i = 1; i < chain.length; i++) {
                    depend(chain[i - 1], chain[i], LinkKind.PROGRAM_ORDER);
                }
            }
        }

        /**
         * Work nothing links to (a lost hand-off) is taken to have been started by the response.
         * Entry vertices are visited in vertex order (thread, then time), so the warnings are too.
         */
        private void orphans(int source) {
            for (int v : entries()) {
                // Work before the start on the start's own thread (clocks that disagree can put a
                // tracked dispatch there) already leads to the start: an edge back would be a loop.
                if (v != source && !linkedTo[v] && !(columns.thread[v] == columns.thread[source] && v < source)) {
                    String w = "no link leads to " + columns.name[v] + "; it is taken to start with the response";
                    if (!warnings.contains(w)) {
                        warnings.add(w);
                    }
                    depend(source, v, LinkKind.PROGRAM_ORDER);
                }
            }
        }

        /** A wait starts when the last thing it waits for ended (as recorded) and ends when its work starts. */
        private void waitTimes() {
            for (int v : entries()) {
                if (columns.kind(v).isWait()) {
                    columns.start[v] = Math.min(columns.end[v], readyNs[v]);
                }
            }
        }

        /** What each piece's thread did while the piece waited (see {@link WaitParts}). */
        private Map<Integer, List<WaitPart>> waitParts() {
            Map<Integer, List<WaitPart>> out = new HashMap<>();
            for (int s = 0; s < vertices.size(); s++) {
                int v = vertices.entryAt(s);
                if (v < 0 || !columns.kind(v).isWait() || columns.end[v] <= columns.start[v]) {
                    continue;
                }
                int e = vertices.event(s);
                List<WaitPart> parts = WaitParts.of(indexes.locator(columns.thread[v]), columns.start[v],
                        columns.end[v], events.call(e), columns.kind(v) == SegmentKind.FRAME_WAIT, columns.name[v]);
                if (!parts.isEmpty()) {
                    out.put(v, parts);
                }
            }
            return out;
        }

        /** The entry vertices of the pieces, ascending. */
        private int[] entries() {
            int[] v = new int[vertices.size()];
            int n = 0;
            for (int s = 0; s < vertices.size(); s++) {
                if (vertices.entryAt(s) >= 0) {
                    v[n++] = vertices.entryAt(s);
                }
            }
            Arrays.sort(v, 0, n);
            return Arrays.copyOf(v, n);
        }
    }
}
