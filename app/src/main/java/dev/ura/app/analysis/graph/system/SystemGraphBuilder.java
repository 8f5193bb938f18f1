package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.app.analysis.graph.QueueTasks;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentColumns;
import dev.ura.app.analysis.graph.SegmentGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link ResponseGraph} of a response on a system trace (docs/system-responses.md §4).
 *
 * <p>Vertices: the zero-length response start; the pieces of the critical path through wakeups
 * ({@link SystemWalk}); and the pieces of the tracked stretches off that path (so a what-if that
 * shortens the path can make another branch critical). A sleep ended by a thread the graph covers
 * is no vertex: the wakee's next piece waits for the waker's piece that ends at the wakeup. Running,
 * runnable, I/O and other waits keep their recorded durations.
 *
 * <p>Edges, first added first (the critical path algorithm keeps the first of equally late
 * edges, so the recorded critical path is the walk): the walk's chain (its edge from a thread that
 * fell asleep to the start of its waker's window is {@link Dependency#pathOnly()}: the waker did
 * not wait for the sleeper, so what-if leaves it out); wakeups (the waker's piece
 * ending at the wakeup → the wakee's piece after it, {@code binder} when the wakeup is a binder
 * transaction's send); binder transactions (sender → receiver); flows; program order on each
 * thread. Work nothing leads to exactly (a stretch opened at a binder receipt or a flow's end,
 * a sleep ended by a thread the graph does not cover) gets a wait vertex from the latest thing it
 * depends on, so the schedule of the recorded durations reproduces every recorded time.
 *
 * <p>An instance keeps what it derived from the last trace it saw (see {@link SystemIndexes});
 * build every response of a trace with one instance. Safe to share between threads.
 */
public final class SystemGraphBuilder {
    private volatile SystemIndexes indexes;

    /**
     * @param work the response (its trace, start and end)
     * @param sys  its tracked stretches and where it ends (the drawing thread at drawn at; when
     *             nothing was drawn, {@code drawThread} at the response's end)
     * @throws IllegalArgumentException when the trace has no system part or the draw thread is unknown
     */
    public ResponseGraph build(ResponseWork work, SystemWork sys) {
        Trace trace = work.trace();
        if (!trace.system().present()) {
            throw new IllegalArgumentException("not a system trace: " + trace.source());
        }
        if (sys.drawThread() < 0 || sys.drawThread() >= trace.threads().size()) {
            throw new IllegalArgumentException("no drawing thread for response " + work.response().index());
        }
        SystemIndexes x = indexes;
        if (x == null || !x.covers(trace)) {
            x = new SystemIndexes(trace);
            indexes = x;
        }
        return new SystemAssembly(work, sys, x).run();
    }

    /** One graph being built. */
    private static final class SystemAssembly {
        private final ResponseWork work;
        private final SystemWork sys;
        private final SystemIndexes indexes;
        private final Trace trace;
        private final PieceNamer namer;
        private final SegmentColumns columns = new SegmentColumns();
        private final List<String> warnings = new ArrayList<>();
        private SegmentGraph graph;
        /** Vertex ids of thread t are {@code first[t] .. first[t+1]-1}, in time order. */
        private int[] first;

        SystemAssembly(ResponseWork work, SystemWork sys, SystemIndexes indexes) {
            this.work = work;
            this.sys = sys;
            this.indexes = indexes;
            this.trace = work.trace();
            long delivered = Long.MAX_VALUE;
            for (TrackedStretch s : sys.stretches()) {
                if (s.cause() == TrackedStretch.Cause.TRIGGER) {
                    delivered = Math.min(delivered, s.fromNs());
                }
            }
            this.namer = new PieceNamer(trace, indexes, delivered);
        }

        ResponseGraph run() {
            long origin = work.response().startNs();
            // An unfinished response (no frame drawn) ends with its last stretch, on that thread.
            long end = Math.max(origin, sys.drawnAtNs() >= 0 ? sys.drawnAtNs() : work.response().endNs());
            ThreadSpans tracked = new ThreadSpans(trace.threads().size());
            for (TrackedStretch s : sys.stretches()) {
                if (s.thread() >= 0 && s.thread() < trace.threads().size()) {
                    tracked.add(s.thread(), s.fromNs(), s.toNs());
                }
            }
            List<StatePiece> walk = new SystemWalk(trace, indexes, namer).walk(sys.drawThread(), origin, end, tracked);
            ThreadSpans covered = new ThreadSpans(trace.threads().size());
            ThreadSpans onWalk = new ThreadSpans(trace.threads().size());
            for (StatePiece p : walk) {
                covered.add(p.thread(), p.startNs(), p.endNs());
                onWalk.add(p.thread(), p.startNs(), p.endNs());
            }
            for (TrackedStretch s : sys.stretches()) {
                if (s.thread() >= 0 && s.thread() < trace.threads().size()) {
                    covered.add(s.thread(), s.fromNs(), s.toNs());
                }
            }
            List<StatePiece> all = new ArrayList<>(walk);
            new StretchPieces(trace, namer, covered).add(sys.stretches(), onWalk, all);
            all.sort(Comparator.comparingInt(StatePiece::thread).thenComparingLong(StatePiece::startNs));

            int source = columns.add(work.response().thread() >= 0 ? work.response().thread() : sys.drawThread(),
                    origin, origin, Category.OTHER, SegmentKind.START, -1, "response start");
            first = new int[trace.threads().size() + 1];
            FrameCadence cadence = indexes.vsyncCadence().orElse(null);
            for (StatePiece p : all) {
                // With the display's rhythm known, a vsync wait ends on a vsync, not after a fixed time.
                boolean vsync = cadence != null && p.category() == Category.WAIT && PieceNamer.VSYNC.equals(p.name());
                columns.add(p.thread(), p.startNs(), p.endNs(), p.category(),
                        vsync ? SegmentKind.FRAME_WAIT : SegmentKind.WORK, p.call(), p.name());
                first[p.thread() + 1]++;
            }
            for (int t = 0; t < trace.threads().size(); t++) {
                first[t + 1] += first[t];
            }
            for (int t = 0; t <= trace.threads().size(); t++) {
                first[t] += 1;
            }
            graph = new SegmentGraph(columns.size * 2, columns.size * 3);
            for (int v = 0; v < columns.size; v++) {
                graph.addVertex(v);
            }
            int sink = walkChain(walk, source);
            new CrossEdges(trace, indexes, columns, first, this::depend).add(origin, end);
            programOrder();
            pinWindowStarts(walk, source);
            leadIns(source);
            // Read before trim: the UI thread's messages as far as the trace shows them (docs/what-if.md, Queues).
            QueueTasks queues = UiThreadMessages.of(indexes, namer, columns, graph, first, work.response().thread());
            columns.trim();
            return new ResponseGraph(work, graph, columns, source, sink, cadence, warnings, Map.of(), queues);
        }

        /** The source → the walk's first piece → ... → its last (the sink, returned). */
        private int walkChain(List<StatePiece> walk, int source) {
            int prev = source;
            for (StatePiece p : walk) {
                int v = vertexAt(p.thread(), p.startNs());
                LinkKind kind = p.in() == null ? LinkKind.PROGRAM_ORDER : p.in();
                if (p.windowStart() && columns.end[prev] <= columns.start[v]) {
                    // The sleeper did not hold the waker up: the edge only keeps the recorded path the walk.
                    graph.addEdge(prev, v, new Dependency(kind, true));
                } else {
                    depend(prev, v, kind);
                }
                prev = v;
            }
            return prev;
        }

        /** The vertex of {@code thread} that starts exactly at {@code t}. */
        private int vertexAt(int thread, long t) {
            int lo = first[thread];
            int hi = first[thread + 1] - 1;
            while (lo <= hi) {
                int m = (lo + hi) >>> 1;
                if (columns.start[m] < t) {
                    lo = m + 1;
                } else if (columns.start[m] > t) {
                    hi = m - 1;
                } else {
                    return m;
                }
            }
            throw new IllegalStateException("no piece of thread " + thread + " starts at " + t);
        }

        private void programOrder() {
            for (int t = 0; t + 1 < first.length; t++) {
                for (int v = first[t] + 1; v < first[t + 1]; v++) {
                    depend(v - 1, v, LinkKind.PROGRAM_ORDER);
                }
            }
        }

        /**
         * The first piece of a waker's window is on the path because the thread that fell asleep
         * waited for it, not because it waited for that thread: the waker was running (or ready)
         * on its own. Its own thread decides when it starts, so where nothing of that thread ends
         * exactly then, a wait from the thread's previous piece (or the response start) keeps its
         * recorded start, and a what-if that moves the sleeper does not move the waker. Added after
         * the walk's chain, so the recorded critical path stays the walk.
         */
        private void pinWindowStarts(List<StatePiece> walk, int source) {
            for (StatePiece p : walk) {
                if (!p.windowStart() || p.startNs() <= columns.start[source]) {
                    continue;
                }
                int v = vertexAt(p.thread(), p.startNs());
                int before = v > first[p.thread()] ? v - 1 : -1;
                if (before >= 0 && columns.end[before] == p.startNs()) {
                    continue;
                }
                int from = before >= 0 ? before : source;
                int w = columns.add(p.thread(), columns.end[from], p.startNs(), Category.WAIT, SegmentKind.QUEUE_WAIT,
                        -1, "work of its own");
                graph.addVertex(w);
                depend(from, w, LinkKind.PROGRAM_ORDER);
                depend(w, v, LinkKind.PROGRAM_ORDER);
            }
        }

        /**
         * Every vertex must start when its latest dependency ends, as recorded: where nothing ends
         * exactly then (or nothing leads to it), a wait from the latest dependency (or the start)
         * fills the gap with its recorded length.
         */
        private void leadIns(int source) {
            int n = columns.size;
            for (int v = 0; v < n; v++) {
                if (v == source) {
                    continue;
                }
                int best = -1;
                for (Dependency d : graph.incomingEdgesOf(v)) {
                    int u = graph.getEdgeSource(d);
                    if (best < 0 || columns.end[u] > columns.end[best]) {
                        best = u;
                    }
                }
                long ready = best < 0 ? columns.start[source] : columns.end[best];
                int from = best < 0 ? source : best;
                if (ready < columns.start[v]) {
                    int w = columns.add(columns.thread[v], ready, columns.start[v], Category.WAIT,
                            SegmentKind.QUEUE_WAIT, -1, "waiting");
                    graph.addVertex(w);
                    depend(from, w, LinkKind.PROGRAM_ORDER);
                    depend(w, v, LinkKind.PROGRAM_ORDER);
                } else if (best < 0) {
                    depend(source, v, LinkKind.PROGRAM_ORDER);
                }
            }
        }

        /** Adds {@code from → to} unless it would run backwards in time (or exists). */
        private void depend(int from, int to, LinkKind kind) {
            if (from != to && columns.end[from] <= columns.start[to]) {
                graph.addEdge(from, to, new Dependency(kind));
            }
        }
    }
}
