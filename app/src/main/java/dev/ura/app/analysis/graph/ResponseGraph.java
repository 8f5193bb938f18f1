package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntToLongFunction;

/**
 * The dependency graph of one response: vertices are stretches of thread execution (and the waits
 * between them) within the response's tracked work, ids {@code 0..vertexCount()-1}; an edge says
 * the target cannot start before the source has finished. Vertex attributes are stored column-wise.
 * Immutable; what-if scenarios are views of {@link #graph()}, never copies.
 */
public final class ResponseGraph {
    private final ResponseWork work;
    private final Graph<Integer, Dependency> graph;
    private final SegmentColumns columns;
    private final int source;
    private final int sink;
    private final FrameCadence cadence;
    private final List<String> warnings;
    private final Schedule<Integer, Dependency> baseline;
    private final java.util.Map<Integer, List<WaitPart>> waitParts;
    private final QueueTasks queues;

    /**
     * A graph made by a front half (public for {@code graph.method} and {@code graph.system}, the
     * builders, which live in their own packages); nothing else builds one.
     */
    public ResponseGraph(ResponseWork work, Graph<Integer, Dependency> graph, SegmentColumns columns, int source,
                         int sink, FrameCadence cadence, List<String> warnings) {
        this(work, graph, columns, source, sink, cadence, warnings, java.util.Map.of());
    }

    /** As above, with what each wait vertex's thread did meanwhile (method traces know it). */
    public ResponseGraph(ResponseWork work, Graph<Integer, Dependency> graph, SegmentColumns columns, int source,
                         int sink, FrameCadence cadence, List<String> warnings,
                         java.util.Map<Integer, List<WaitPart>> waitParts) {
        this(work, graph, columns, source, sink, cadence, warnings, waitParts, QueueTasks.NONE);
    }

    /** As above, with the messages each single-threaded queue ran (the what-if re-orders them). */
    public ResponseGraph(ResponseWork work, Graph<Integer, Dependency> graph, SegmentColumns columns, int source,
                         int sink, FrameCadence cadence, List<String> warnings,
                         java.util.Map<Integer, List<WaitPart>> waitParts, QueueTasks queues) {
        this.waitParts = waitParts;
        this.queues = queues;
        this.work = work;
        this.graph = new AsUnmodifiableGraph<>(graph);
        this.columns = columns;
        this.source = source;
        this.sink = sink;
        this.cadence = cadence;
        this.warnings = List.copyOf(warnings);
        this.baseline = new CriticalPathAlgorithm<>(this.graph, timing(this::durationNs))
                .withIndex(VertexIndex.identity(columns.size))
                .withAbsorbingWaits(this::absorbsNs)
                .getPath(source, sink, originNs());
    }

    /**
     * How much later a wait vertex could become ready without ending later, ns: a dispatch queued
     * behind other work runs when that work ends, so up to the end of the last queued part; a draw
     * runs in its frame, so up to when the frame's own work before it begins. 0 for the rest.
     */
    long absorbsNs(int v) {
        List<WaitPart> parts = waitParts.get(v);
        if (parts == null || !kind(v).isWait()) {
            return 0;
        }
        long until = columns.start[v];
        for (WaitPart p : parts) {
            if (p.category() == Category.QUEUED) {
                until = p.endNs();
            } else if (p.category() != Category.WAIT && kind(v) == SegmentKind.FRAME_WAIT) {
                until = p.startNs();
                break;
            }
        }
        return until - columns.start[v];
    }

    /**
     * What the thread did during a wait vertex (queued behind other work, its own frame's work,
     * plain waiting), as recorded; empty when nothing is known (the wait is then one plain wait).
     */
    List<WaitPart> waitParts(int v) {
        return waitParts.getOrDefault(v, List.of());
    }

    /** The tasks of the response's single-threaded queues, in recorded order (may be empty). */
    public QueueTasks queues() {
        return queues;
    }

    /** What the graph was built from. */
    public ResponseWork work() {
        return work;
    }

    /** The graph (read-only). */
    public Graph<Integer, Dependency> graph() {
        return graph;
    }

    /** Number of vertices (ids {@code 0..vertexCount()-1}). */
    public int vertexCount() {
        return columns.size;
    }

    /** The zero-length vertex at the response start. */
    public int source() {
        return source;
    }

    /** The vertex whose end is the response end (the last stretch of the ending draw). */
    public int sink() {
        return sink;
    }

    /** The response start, ns: when the source starts. */
    public long originNs() {
        return work.response().startNs();
    }

    /** The frame rhythm of the thread that draws, if the trace shows one. */
    public Optional<FrameCadence> cadence() {
        return Optional.ofNullable(cadence);
    }

    /** Oddities met while building (links that run backwards in time, ...), one line each. */
    public List<String> warnings() {
        return warnings;
    }

    /** The vertex's thread (index into {@code Trace.threads()}). */
    public int thread(int v) {
        return columns.thread[v];
    }

    /** The vertex's thread name. */
    public String threadName(int v) {
        return work.trace().threads().get(columns.thread[v]).name();
    }

    /** Start in the trace, ns. */
    public long startNs(int v) {
        return columns.start[v];
    }

    /** End in the trace, ns. */
    public long endNs(int v) {
        return columns.end[v];
    }

    /** Recorded duration, ns. */
    public long durationNs(int v) {
        return columns.end[v] - columns.start[v];
    }

    /** What the vertex spends its time on. */
    public Category category(int v) {
        return columns.category(v);
    }

    /** What the vertex stands for (work, a wait, the start). */
    public SegmentKind kind(int v) {
        return columns.kind(v);
    }

    /** The call the vertex is named after (index into its thread's call table), or -1. */
    public int call(int v) {
        return columns.call[v];
    }

    /** The call as a slice, or {@code null}. */
    public SliceRef slice(int v) {
        return columns.call[v] < 0 ? null : new SliceRef(columns.thread[v], columns.call[v]);
    }

    /** The innermost meaningful call's name (or a description of the wait). */
    public String name(int v) {
        return columns.name[v];
    }

    /**
     * The critical-path algorithm for this graph or a view of it, with array-backed vertex state
     * (see {@link #timing} for the finishing rule).
     * A view that only removes edges, or adds edges from the source or between vertices already
     * ordered that way, may pass {@code baseline().order()} to skip the topological sort.
     */
    public CriticalPathAlgorithm<Integer, Dependency> algorithm(Graph<Integer, Dependency> view,
                                                               VertexTiming<Integer> timing) {
        return new CriticalPathAlgorithm<>(view, timing).withIndex(VertexIndex.identity(columns.size));
    }

    /** The schedule of the trace as recorded: its critical path ends at the response end. */
    public Schedule<Integer, Dependency> baseline() {
        return baseline;
    }

    /** The recorded critical path, with slack. */
    public CriticalPath criticalPath() {
        return toCriticalPath(baseline, work.response().endNs());
    }

    /**
     * The finishing rule with the given durations: plain {@code ready + duration}, except that with a
     * frame rhythm a frame wait ends on the next frame at or after it is ready (keeping any frames
     * the recorded draw missed beyond the first).
     */
    public VertexTiming<Integer> timing(IntToLongFunction durationNs) {
        if (cadence == null) {
            return (v, ready) -> ready + durationNs.applyAsLong(v);
        }
        long period = cadence.periodNs();
        return (v, ready) -> {
            if (columns.kind(v) != SegmentKind.FRAME_WAIT) {
                return ready + durationNs.applyAsLong(v);
            }
            long drawStart = columns.end[v];
            long missed = Math.max(0, drawStart - period - columns.start[v] + 1);
            return Math.max(ready, cadence.nextFrameNs(drawStart, ready + missed));
        };
    }

    /**
     * The critical path of a schedule of this graph (or of a view of it) as segments with the
     * scheduled times. The zero-length start and other zero-length segments (but the last) are left
     * out; a left-out vertex's incoming link kind passes to the next segment.
     */
    public CriticalPath toCriticalPath(Schedule<Integer, Dependency> schedule, long endNs) {
        List<Integer> path = schedule.path();
        List<Segment> out = new ArrayList<>(path.size());
        LinkKind carried = null;
        for (int i = 0; i < path.size(); i++) {
            int v = path.get(i);
            Dependency in = schedule.criticalEdgeInto(v);
            LinkKind via = in == null ? null : in.kind();
            if (in != null && kind(path.get(i - 1)) == SegmentKind.START && via == LinkKind.PROGRAM_ORDER) {
                via = null;
            }
            if (carried != null) {
                via = carried;
            }
            long s = schedule.earliestStartNs(v);
            long e = schedule.earliestFinishNs(v);
            SegmentKind k = kind(v);
            if (k == SegmentKind.START || (e == s && i < path.size() - 1)) {
                carried = via;
                continue;
            }
            carried = null;
            List<WaitPart> parts = waitParts(v);
            if (!parts.isEmpty() && s == startNs(v) && e == endNs(v)) {
                // As recorded: show what the thread did while the work waited.
                for (WaitPart p : parts) {
                    boolean queued = p.category() == Category.QUEUED;
                    out.add(new Segment(v, thread(v), threadName(v), p.name(), p.startNs(), p.endNs(), p.category(),
                            via, schedule.slackNs(v), p.call() < 0 ? null : new SliceRef(thread(v), p.call()),
                            queued ? p.name() : null));
                    via = LinkKind.PROGRAM_ORDER;
                }
                continue;
            }
            out.add(new Segment(v, thread(v), threadName(v), name(v), s, e, category(v), via,
                    schedule.slackNs(v), slice(v)));
        }
        return new CriticalPath(out, endNs);
    }

    /** A vertex as a segment with its recorded times and baseline slack (0 on the critical path). */
    public Segment segment(int v) {
        Dependency in = baseline.isScheduled(v) ? baseline.criticalEdgeInto(v) : null;
        long slack = baseline.isScheduled(v) ? baseline.slackNs(v) : Long.MAX_VALUE;
        return new Segment(v, thread(v), threadName(v), name(v), startNs(v), endNs(v), category(v),
                in == null ? null : in.kind(), slack, slice(v));
    }
}
