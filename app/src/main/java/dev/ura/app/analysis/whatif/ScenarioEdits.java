package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.RewiredGraphView;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.LinkKind;
import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a scenario does to a response graph, change by change (docs/what-if.md): new durations,
 * edges hidden and edges added. Edges are always read from the scenario so far (base minus
 * removed plus added), so changes combine. Every added edge goes forward in the baseline's
 * topological order, so the baseline order stays valid for the view.
 */
final class ScenarioEdits {
    private final ResponseGraph graph;
    private final SliceMatcher matcher;
    private final int[] position;
    final long[] duration;
    final Set<Dependency> removed = new HashSet<>();
    private final AddedEdges added = new AddedEdges();
    /** Segments that parallel slices lie inside: {start, end, length} per slice. */
    final Map<Integer, List<long[]>> partial = new HashMap<>();
    private final HandedOffWork handedOff;
    private final LeadIn leadIn;
    private final boolean systemTrace;

    ScenarioEdits(ResponseGraph graph, SliceMatcher matcher, int[] position, Set<Dependency> pathOnly, LeadIn leadIn) {
        this.graph = graph;
        this.matcher = matcher;
        this.position = position;
        this.duration = new long[graph.vertexCount()];
        for (int v = 0; v < duration.length; v++) {
            duration[v] = graph.durationNs(v);
        }
        removed.addAll(pathOnly);
        this.handedOff = new HandedOffWork(graph);
        this.leadIn = leadIn;
        this.systemTrace = leadIn.applies();
    }

    /** Applies one change to every slice it matched (in time order per thread). */
    void apply(Change change, List<MatchedSlice> slices) {
        if (change instanceof Change.SideBySide) {
            sideBySide(slices);
            return;
        }
        for (MatchedSlice slice : slices) {
            if (change instanceof Change.SpeedUp up) {
                speedUp(slice, up.factor());
            } else if (change instanceof Change.Defer) {
                defer(slice);
            } else {
                parallel(slice);
            }
        }
    }

    private void speedUp(MatchedSlice slice, double factor) {
        for (int v : slice.vertices()) {
            long inside = matcher.overlapNs(v, slice.startNs(), slice.endNs());
            duration[v] = Math.max(0, duration[v] - inside + Math.round(inside / factor));
        }
    }

    /**
     * The slice takes no time inside the response. On a system trace its pieces also stop waiting
     * for the threads that woke them (wakeup, binder and flow edges into them go), so that work
     * leaves the path unless something else still needs it. (Method traces have no such edges.)
     */
    private void defer(MatchedSlice slice) {
        for (int v : slice.vertices()) {
            duration[v] = Math.max(0, duration[v] - matcher.overlapNs(v, slice.startNs(), slice.endNs()));
            if (graph.startNs(v) >= slice.startNs() && graph.endNs(v) <= slice.endNs()) {
                dropWakeups(v);
            }
        }
    }

    private void dropWakeups(int v) {
        boolean left = false;
        for (Dependency d : graph.graph().incomingEdgesOf(v)) {
            LinkKind k = d.kind();
            if ((k == LinkKind.WAKEUP || k == LinkKind.BINDER || k == LinkKind.FLOW)
                    && graph.thread(graph.graph().getEdgeSource(d)) != graph.thread(v)) {
                removed.add(d);
            } else if (!removed.contains(d)) {
                left = true;
            }
        }
        if (!left) {
            // Nothing else leads to it (a thread's first piece): it starts with the response.
            addEdge(graph.source(), v, LinkKind.USER);
        }
    }

    /**
     * Segments wholly inside the slice move as a chain that starts with the response; the parts of
     * segments the slice only partly covers leave their thread (a leading part runs first on the
     * new thread, a trailing part last, so the moved slice keeps its whole duration; a slice inside
     * one segment is a floor on that segment's end).
     */
    private void parallel(MatchedSlice slice) {
        long cs = slice.startNs();
        long ce = slice.endNs();
        if (systemTrace && cs <= graph.originNs()) {
            // It already starts no later than the response. (The graph holds only the part of it
            // the walk covered, from a window's start on: moving that part would shorten it.)
            return;
        }
        int first = -1;
        int last = -1;
        // On a system trace the slice's thread may have no piece in the graph for the slice's
        // first part (off the walk, untracked): the moved slice still keeps its whole duration.
        long leading = systemTrace && slice.vertices().length > 0
                ? Math.max(0, graph.startNs(slice.vertices()[0]) - cs) : 0;
        long trailing = 0;
        for (int v : slice.vertices()) {
            if (graph.startNs(v) >= cs && graph.endNs(v) <= ce) {
                first = first < 0 ? v : first;
                last = v;
                continue;
            }
            long inside = matcher.overlapNs(v, cs, ce);
            duration[v] = Math.max(0, duration[v] - inside);
            if (first < 0) {
                leading += inside;
            } else {
                trailing += inside;
            }
        }
        if (first >= 0) {
            duration[first] += leading;
            duration[last] += trailing;
            moveToStart(first, last, ce);
        } else if (slice.vertices().length == 1) {
            partial.computeIfAbsent(slice.vertices()[0], k -> new ArrayList<>()).add(new long[] {cs, ce, leading});
        }
    }

    /**
     * The chain {@code first..last} stops waiting for what preceded it on its thread and starts
     * with the response; what followed it there waits for it and for what preceded it. What the
     * chain's last piece handed on exactly at the slice's end (a message sent, an update requested
     * as the call returned) was handed on by the code after the slice: it also still waits for what
     * preceded the slice, so nothing the slice did not do moves earlier with it. The work the chain
     * handed to other threads and waited for moves with it ({@link #carry}).
     */
    private void moveToStart(int first, int last, long sliceEnd) {
        if (position[first] <= position[graph.source()]) {
            // Work ordered before the response start (only with clocks that disagree) already
            // starts no later than the response.
            return;
        }
        int thread = graph.thread(first);
        int[] carried = handedOff.of(first, last, this::outgoing, this::incoming);
        List<Integer> before = cutSameThreadInto(first, true);
        addEdge(graph.source(), first, LinkKind.USER);
        if (systemTrace) {
            // time of unknown state before it on its thread may have been the thread's own work: the
            // piece still waits for it (LeadIn), so it never becomes a saving
            int unknown = leadIn.unknownBefore(first);
            if (unknown >= 0) {
                addEdge(unknown, first, LinkKind.PROGRAM_ORDER);
            }
        }
        carry(carried);
        boolean atEnd = graph.endNs(last) == sliceEnd;
        for (int[] out : outgoing(last)) {
            int to = out[0];
            boolean next = graph.thread(to) == thread && to > last;
            if (!next && !atEnd) {
                continue;
            }
            for (int from : before) {
                // The slice's own queue wait is what it no longer waits for: what its dispatch
                // handed on as it ended does not wait for it either.
                if (next || !graph.kind(from).isWait()) {
                    addEdge(from, to, next ? LinkKind.PROGRAM_ORDER : LinkKind.values()[out[1]]);
                }
            }
        }
    }

    /**
     * The work the moved chain handed to other threads and waited for moves with it
     * ({@link HandedOffWork}), by as much as the chain: each run of it on its thread stops waiting
     * for what preceded it there and keeps its recorded distance from what handed it on (where it
     * had queued behind that earlier work, it still waits that long: the piece keeps its whole
     * duration). What followed the run on that thread waits for it and for what preceded it, so
     * nothing unmoved there moves earlier than that work allows.
     */
    private void carry(int[] carried) {
        for (int[] run : handedOff.runs(carried)) {
            List<Integer> before = cutSameThreadInto(run[0], false);
            long ready = Long.MIN_VALUE;
            for (int[] in : incoming(run[0])) {
                ready = Math.max(ready, graph.endNs(in[0]));
            }
            if (ready != Long.MIN_VALUE) {
                duration[run[0]] += Math.max(0, graph.startNs(run[0]) - ready);
            }
            Integer next = follower(run[1]);
            for (int from : before) {
                if (next != null) {
                    addEdge(from, next, LinkKind.PROGRAM_ORDER);
                }
            }
        }
    }

    /**
     * Side by side: per thread, the matched slices (in time order) all start where the first of
     * them started: each later one loses what preceded it on its thread and gains the first one's
     * predecessors; a dispatch queued behind an earlier one of them no longer queues; what followed
     * the last waits for all of them, and for the work between them that stayed. Each piece that
     * moves earlier takes along the work it handed to other threads and waited for within its span
     * ({@link #carry}, as for run in parallel), so its request is not served behind the earlier
     * pieces' requests on the thread that served them one after another.
     */
    private void sideBySide(List<MatchedSlice> slices) {
        Map<Integer, List<MatchedSlice>> byThread = new HashMap<>();
        for (MatchedSlice s : slices) {
            byThread.computeIfAbsent(s.slice().thread(), k -> new ArrayList<>()).add(s);
        }
        for (List<MatchedSlice> all : byThread.values()) {
            all.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
            // Only segments wholly inside a slice move; a segment it covers in part (a send just
            // after the call, in the same segment) stays, and the covered part runs with the rest.
            List<MatchedSlice> candidates = new ArrayList<>();
            for (MatchedSlice m : all) {
                if (wholeChain(m, false) != null) {
                    candidates.add(m);
                }
            }
            // A last piece after which nothing follows, on its thread or elsewhere, holds the
            // response's end (RenderThread's last queueBuffer): moved to the first one's start,
            // nothing would wait for the others or for the work between them, and the response would
            // end before the frame it draws was built. It keeps its place (docs/what-if.md, "Run
            // side by side").
            int keep = candidates.size();
            while (keep >= 2 && outgoing(wholeChain(candidates.get(keep - 1), false)[1]).isEmpty()) {
                keep--;
            }
            List<MatchedSlice> group = new ArrayList<>();
            List<int[]> chains = new ArrayList<>();
            for (MatchedSlice m : candidates.subList(0, keep)) {
                group.add(m);
                chains.add(wholeChain(m, all.size() > 1));
            }
            if (group.size() < 2) {
                continue;
            }
            int[] entry = new int[group.size()];
            int[] last = new int[group.size()];
            // what each piece hands off and waits for, found before any of them moves
            int[][] carried = new int[group.size()][];
            for (int i = 0; i < group.size(); i++) {
                entry[i] = entryOf(chains.get(i)[0], group.get(i).startNs());
                last[i] = chains.get(i)[1];
                carried[i] = handedOff.of(chains.get(i)[0], last[i], this::outgoing, this::incoming);
            }
            List<int[]> firstPreds = incoming(entry[0]);
            List<Integer> stayed = new ArrayList<>();
            for (int i = 1; i < group.size(); i++) {
                if (graph.kind(entry[i]) == SegmentKind.QUEUE_WAIT) {
                    long queuedBehindGroup = matcher.overlapNs(entry[i], group.get(0).startNs(), group.get(i - 1).endNs());
                    duration[entry[i]] = Math.max(0, duration[entry[i]] - queuedBehindGroup);
                }
                List<Integer> before = cutSameThreadInto(entry[i], false);
                for (int from : before) {
                    if (!contains(last, from)) {
                        stayed.add(from);
                    }
                }
                if (i < group.size() - 1) {
                    // work between this piece and the next stays where it was: it still follows
                    // what preceded this piece, not only the piece that now starts early
                    Integer next = follower(last[i]);
                    for (int from : before) {
                        if (next != null) {
                            addEdge(from, next, LinkKind.PROGRAM_ORDER);
                        }
                    }
                }
                for (int[] p : firstPreds) {
                    addEdge(p[0], entry[i], LinkKind.values()[p[1]]);
                }
                carry(carried[i]);
                int dispatch = dispatchEntry(entry[i], group.subList(0, i));
                if (dispatch >= 0 && dispatch != entry[i] && dispatch != dispatchEntry(entry[0], List.of())) {
                    // a piece of a later task cannot start before that task was handed over
                    for (int[] p : incoming(dispatch)) {
                        if (graph.thread(p[0]) != graph.thread(dispatch)) {
                            addEdge(p[0], entry[i], LinkKind.values()[p[1]]);
                        }
                    }
                }
                if (graph.kind(entry[0]) == SegmentKind.QUEUE_WAIT) {
                    // the first queued before it started: the others start when it did
                    addEdge(entry[0], entry[i], LinkKind.PROGRAM_ORDER);
                }
            }
            // What followed the last waits for all of them and for the work that stayed between
            // them: the next work on its thread or, when the thread did nothing after it, what the
            // last piece handed on to other threads (a post, a wakeup).
            Integer follower = follower(last[last.length - 1]);
            List<int[]> followers = follower != null ? List.<int[]>of(new int[] {follower, LinkKind.PROGRAM_ORDER.ordinal()})
                    : List.copyOf(outgoing(last[last.length - 1]));
            for (int[] f : followers) {
                LinkKind kind = LinkKind.values()[f[1]];
                for (int i = 0; i < last.length - 1; i++) {
                    addEdge(last[i], f[0], kind);
                }
                for (int from : stayed) {
                    addEdge(from, f[0], kind);
                }
            }
        }
    }

    /**
     * The first and last segment wholly inside the slice, or null when none is; with {@code move},
     * the parts of segments it covers only in part leave those segments for the first one.
     */
    private int[] wholeChain(MatchedSlice m, boolean move) {
        int first = -1;
        int last = -1;
        for (int v : m.vertices()) {
            if (graph.startNs(v) >= m.startNs() && graph.endNs(v) <= m.endNs()) {
                first = first < 0 ? v : first;
                last = v;
            }
        }
        if (first < 0 || !move) {
            return first < 0 ? null : new int[] {first, last};
        }
        for (int v : m.vertices()) {
            if (v < first || v > last) {
                long inside = matcher.overlapNs(v, m.startNs(), m.endNs());
                duration[v] = Math.max(0, duration[v] - inside);
                duration[first] += inside;
            }
        }
        return new int[] {first, last};
    }

    /**
     * The queue wait (or start) that opens the task {@code v} belongs to, on its thread, or -1. A
     * queue wait inside one of the {@code earlier} pieces is where that piece resumed after waiting
     * for work it handed off (a {@code Future.get} released by another thread), not the start of a
     * task: it is passed over.
     */
    private int dispatchEntry(int v, List<MatchedSlice> earlier) {
        for (int w = v; w >= 0 && graph.thread(w) == graph.thread(v); w--) {
            SegmentKind k = graph.kind(w);
            if (k == SegmentKind.START || k == SegmentKind.QUEUE_WAIT && !inside(w, earlier)) {
                return w;
            }
        }
        return -1;
    }

    /** Strictly inside: a task's queue wait at an earlier piece's start or end opens a task. */
    private boolean inside(int v, List<MatchedSlice> slices) {
        for (MatchedSlice m : slices) {
            if (graph.startNs(v) > m.startNs() && graph.endNs(v) < m.endNs()) {
                return true;
            }
        }
        return false;
    }

    /** The next vertex on {@code v}'s thread that the scenario so far makes wait for it, or null. */
    private Integer follower(int v) {
        Integer next = null;
        for (int[] out : outgoing(v)) {
            if (graph.thread(out[0]) == graph.thread(v) && out[0] > v && (next == null || out[0] < next)) {
                next = out[0];
            }
        }
        return next;
    }

    /** The slice's first vertex, or the queue wait just before it when the slice is a dispatch that waited there. */
    private int entryOf(int firstVertex, long sliceStart) {
        int w = firstVertex - 1;
        if (w >= 0 && graph.thread(w) == graph.thread(firstVertex) && graph.kind(w) == SegmentKind.QUEUE_WAIT
                && graph.endNs(w) == sliceStart) {
            return w;
        }
        return firstVertex;
    }

    /**
     * Hides the thread-order edges into {@code v} from its own thread (with {@code all}, every edge
     * into it but those from the response start); returns the same-thread sources it hid.
     */
    private List<Integer> cutSameThreadInto(int v, boolean all) {
        Graph<Integer, Dependency> g = graph.graph();
        int thread = graph.thread(v);
        List<Integer> before = new ArrayList<>();
        for (Dependency d : g.incomingEdgesOf(v)) {
            int from = g.getEdgeSource(d);
            boolean same = graph.thread(from) == thread && from < v;
            // without all, only the thread's order goes: a task its own thread handed on is
            // still not run before it was handed on
            if ((all || (same && d.kind() == LinkKind.PROGRAM_ORDER)) && removed.add(d) && same) {
                before.add(from);
            }
        }
        added.removeInto(v, a -> {
            if (a.source() == graph.source()) {
                return false;
            }
            boolean same = graph.thread(a.source()) == thread && a.source() < v;
            if (all || (same && a.edge().kind() == LinkKind.PROGRAM_ORDER)) {
                if (same && !before.contains(a.source())) {
                    before.add(a.source());
                }
                return true;
            }
            return false;
        });
        return before;
    }

    /** The scenario's edges into {@code v} so far: {source, link-kind ordinal}. */
    private List<int[]> incoming(int v) {
        Graph<Integer, Dependency> g = graph.graph();
        List<int[]> in = new ArrayList<>();
        for (Dependency d : g.incomingEdgesOf(v)) {
            if (!removed.contains(d)) {
                in.add(new int[] {g.getEdgeSource(d), d.kind().ordinal()});
            }
        }
        for (RewiredGraphView.AddedEdge<Integer, Dependency> a : added.into(v)) {
            in.add(new int[] {a.source(), a.edge().kind().ordinal()});
        }
        return in;
    }

    /** The scenario's edges out of {@code v} so far: {target, link-kind ordinal}. */
    private List<int[]> outgoing(int v) {
        Graph<Integer, Dependency> g = graph.graph();
        List<int[]> out = new ArrayList<>();
        for (Dependency d : g.outgoingEdgesOf(v)) {
            if (!removed.contains(d)) {
                out.add(new int[] {g.getEdgeTarget(d), d.kind().ordinal()});
            }
        }
        for (RewiredGraphView.AddedEdge<Integer, Dependency> a : added.outOf(v)) {
            out.add(new int[] {a.target(), a.edge().kind().ordinal()});
        }
        return out;
    }

    /** Adds {@code from → to} unless the scenario has it already or it would go backwards. */
    private void addEdge(int from, int to, LinkKind kind) {
        if (from == to || position[from] >= position[to]) {
            return;
        }
        Dependency existing = graph.graph().getEdge(from, to);
        if (existing != null && !removed.contains(existing)) {
            return;
        }
        if (!added.contains(from, to)) {
            added.add(from, to, kind);
        }
    }

    private static boolean contains(int[] a, int x) {
        return Arrays.stream(a).anyMatch(y -> y == x);
    }

    /** The edges the scenario adds, in the order they were added. */
    List<RewiredGraphView.AddedEdge<Integer, Dependency>> added() {
        return added.list();
    }

    /** Whether a vertex's duration or edges changed. */
    boolean touched(int v) {
        return duration[v] != graph.durationNs(v);
    }
}
