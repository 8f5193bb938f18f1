package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the trace says about how long the moved work could take (docs/what-if.md, "Assumption and
 * range"). A piece that mostly waits (network, storage, a lock, another thread, a CPU) takes as
 * long as what it waits for, and that depends on what runs beside it, which a change alters; the
 * trace shows how long the same work took elsewhere. "The same work" is a call of the same name
 * (for an agent log's I/O interval also the same peer or file and the same byte count), and the
 * moved piece is a candidate when more than half of its time inside the response is waiting.
 * Nested candidates count once, for the outermost.
 */
final class DurationEvidence {
    /**
     * A moved call whose duration the trace shows varying.
     *
     * @param thread    its thread
     * @param call      its index in the thread's call table
     * @param name      what it is, for the estimate's text ({@code RECV 127.0.0.1 279 B})
     * @param fastestNs the shortest recorded duration of the same work
     * @param slowestNs the longest recorded duration of the same work
     * @param count     how many times the same work was recorded
     */
    record Piece(int thread, int call, String name, long fastestNs, long slowestNs, int count) {
    }

    private final ResponseGraph graph;
    private final Trace trace;
    /** Per thread, every vertex of the thread in id (= time) order, waits included. */
    private int[][] byThread;

    DurationEvidence(ResponseGraph graph) {
        this.graph = graph;
        this.trace = graph.work().trace();
    }

    /**
     * The units inside the moved slices whose work the trace shows taking different times, each
     * with the fastest and slowest duration of its work. A unit is the innermost call that mostly
     * waits and whose work was recorded more than once with different durations: the innermost,
     * because a call around several requests varies also with how many it makes. An agent log's
     * I/O interval is always innermost (what runs inside it is the I/O library's own code), and its
     * {@code WAIT} intervals are never units (a wait names an object, not work; no two are the same).
     */
    List<Piece> of(List<MatchedSlice> moved) {
        Map<Long, Integer> eventOf = eventsOf(moved);
        EventTable events = trace.events();
        List<int[]> potential = new ArrayList<>();
        for (MatchedSlice m : moved) {
            int t = m.slice().thread();
            CallTable calls = calls(t);
            int end = calls.subtreeEnd(m.slice().call());   // inclusive
            for (int c = m.slice().call(); c <= end; ) {
                Integer e = eventOf.get((long) t << 32 | c);
                EventKind kind = e == null ? null : events.kind(e);
                boolean io = kind != null && (kind.isNetwork() || kind.isStorage());
                if (kind != EventKind.WAIT && calls.duration(c) > 0 && mostlyWaiting(t, calls.start(c), calls.end(c))) {
                    potential.add(new int[] {t, c});
                }
                c = io || kind == EventKind.WAIT ? calls.subtreeEnd(c) + 1 : c + 1;
            }
        }
        if (potential.isEmpty()) {
            return List.of();
        }
        boolean[] wanted = new boolean[trace.methods().size()];
        for (int[] c : potential) {
            wanted[calls(c[0]).method(c[1])] = true;
        }
        Map<Long, Detail> detailOf = details(wanted);
        // per work: fastest, slowest, how many
        Map<Work, long[]> seen = new HashMap<>();
        for (int[] c : potential) {
            seen.put(work(c[0], c[1], detailOf), new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0});
        }
        for (int t = 0; t < trace.threads().size(); t++) {
            CallTable calls = calls(t);
            for (int c = 0; c < calls.size(); c++) {
                if (wanted[calls.method(c)]) {
                    long[] s = seen.get(work(t, c, detailOf));
                    if (s != null) {
                        s[0] = Math.min(s[0], calls.duration(c));
                        s[1] = Math.max(s[1], calls.duration(c));
                        s[2]++;
                    }
                }
            }
        }
        List<int[]> varying = new ArrayList<>();
        for (int[] c : potential) {
            long[] s = seen.get(work(c[0], c[1], detailOf));
            if (s[2] >= 2 && s[0] < s[1]) {
                varying.add(c);
            }
        }
        List<Piece> out = new ArrayList<>();
        for (int i = 0; i < varying.size(); i++) {
            int[] c = varying.get(i);
            // in preorder, the next varying call lies inside this one exactly when this one is not innermost
            boolean outer = i + 1 < varying.size() && varying.get(i + 1)[0] == c[0] && varying.get(i + 1)[1] > c[1]
                    && varying.get(i + 1)[1] <= calls(c[0]).subtreeEnd(c[1]);
            if (!outer) {
                Work w = work(c[0], c[1], detailOf);
                long[] s = seen.get(w);
                out.add(new Piece(c[0], c[1], w.describe(trace), s[0], s[1], (int) s[2]));
            }
        }
        return out;
    }

    /** The agent-log interval event of each call inside the moved slices (thread << 32 | call). */
    private Map<Long, Integer> eventsOf(List<MatchedSlice> moved) {
        // per thread, the moved subtrees' first and last call, sorted (outermost matches: disjoint)
        Map<Integer, List<int[]>> spans = new HashMap<>();
        for (MatchedSlice m : moved) {
            int t = m.slice().thread();
            spans.computeIfAbsent(t, k -> new ArrayList<>())
                    .add(new int[] {m.slice().call(), calls(t).subtreeEnd(m.slice().call())});
        }
        spans.values().forEach(l -> l.sort((x, y) -> Integer.compare(x[0], y[0])));
        Map<Long, Integer> out = new HashMap<>();
        EventTable events = trace.events();
        for (int e = 0; e < events.size(); e++) {
            int call = events.call(e);
            List<int[]> l = call < 0 || !events.isInterval(e) ? null : spans.get(events.thread(e));
            if (l != null && inside(l, call)) {
                out.put((long) events.thread(e) << 32 | call, e);
            }
        }
        return out;
    }

    /** Whether {@code call} lies in one of the sorted, disjoint {@code [first, last]} spans. */
    private static boolean inside(List<int[]> spans, int call) {
        int lo = 0;
        int hi = spans.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int[] s = spans.get(mid);
            if (call < s[0]) {
                hi = mid - 1;
            } else if (call > s[1]) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** An agent log's interval carries its peer or file and its byte count on its event. */
    private Map<Long, Detail> details(boolean[] wanted) {
        Map<Long, Detail> out = new HashMap<>();
        EventTable events = trace.events();
        for (int e = 0; e < events.size(); e++) {
            int call = events.call(e);
            int t = events.thread(e);
            if (events.isInterval(e) && call >= 0 && t >= 0 && t < trace.threads().size()
                    && call < calls(t).size() && wanted[calls(t).method(call)]
                    && (events.detail(e) != null || events.bytes(e) >= 0)) {
                out.put((long) t << 32 | call, new Detail(events.detail(e), events.bytes(e)));
            }
        }
        return out;
    }

    private Work work(int thread, int call, Map<Long, Detail> keyOf) {
        return new Work(calls(thread).method(call), keyOf.get((long) thread << 32 | call));
    }

    /**
     * Whether more than half of {@code [from, to]} on the thread is not the thread's own running:
     * network, storage, I/O, runnable, blocked or waiting pieces, and time with no piece of the
     * thread at all (a wait whose time another thread's work stands for).
     */
    boolean mostlyWaiting(int thread, long from, long to) {
        long own = 0;
        int[] vs = vertices(thread);
        for (int i = firstEndingAfter(vs, from); i < vs.length && graph.startNs(vs[i]) < to; i++) {
            if (ownWork(vs[i])) {
                own += Math.max(0, Math.min(to, graph.endNs(vs[i])) - Math.max(from, graph.startNs(vs[i])));
            }
        }
        return 2 * own < to - from;
    }

    /** Whether a vertex is the thread's own running rather than a wait (network, I/O, blocked, queued). */
    boolean ownWork(int v) {
        Category c = graph.category(v);
        return graph.kind(v) == SegmentKind.WORK && (c == Category.CPU || c == Category.DRAW || c == Category.OTHER);
    }

    /**
     * Presets the piece's call to take {@code targetNs} as a whole: the thread's own running inside
     * it stays as recorded, its waiting becomes the rest of {@code targetNs} (never below nothing),
     * and it no longer waits for other threads inside it (what the request waited for — a client's
     * threads, a server — is part of the request). The pieces of the call keep edges into the piece
     * they start with, so the call still starts where its thread got to it.
     */
    void take(ScenarioEdits edits, Piece p, long targetNs) {
        CallTable calls = calls(p.thread());
        long from = calls.start(p.call());
        long to = calls.end(p.call());
        long own = 0;
        int firstWait = -1;
        int last = -1;
        int[] vs = vertices(p.thread());
        for (int i = firstEndingAfter(vs, from - 1); i < vs.length && graph.startNs(vs[i]) <= to; i++) {
            int v = vs[i];
            long inside = Math.max(0, Math.min(to, graph.endNs(v)) - Math.max(from, graph.startNs(v)));
            boolean within = graph.startNs(v) >= from && graph.endNs(v) <= to;
            if (inside == 0 && !within) {
                continue;
            }
            last = v;
            if (ownWork(v)) {
                own += inside;
            } else {
                edits.duration[v] = Math.max(0, edits.duration[v] - inside);
                firstWait = firstWait < 0 ? v : firstWait;
            }
            if (graph.startNs(v) > from) {
                for (var d : graph.graph().incomingEdgesOf(v)) {
                    if (graph.thread(graph.graph().getEdgeSource(d)) != p.thread()) {
                        edits.removed.add(d);
                    }
                }
            }
        }
        int at = firstWait >= 0 ? firstWait : last;
        if (at >= 0) {
            edits.duration[at] += Math.max(0, targetNs - own);
        }
    }

    /** The first index in {@code vs} (in time order) whose vertex ends after {@code t}. */
    private int firstEndingAfter(int[] vs, long t) {
        int lo = 0;
        int hi = vs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (graph.endNs(vs[mid]) <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Every vertex of a thread in time order (waits included). */
    int[] vertices(int thread) {
        if (byThread == null) {
            int[] counts = new int[trace.threads().size()];
            for (int v = 0; v < graph.vertexCount(); v++) {
                counts[graph.thread(v)]++;
            }
            byThread = new int[counts.length][];
            for (int t = 0; t < counts.length; t++) {
                byThread[t] = new int[counts[t]];
            }
            int[] at = new int[counts.length];
            for (int v = 0; v < graph.vertexCount(); v++) {
                byThread[graph.thread(v)][at[graph.thread(v)]++] = v;
            }
        }
        return byThread[thread];
    }


    private CallTable calls(int thread) {
        return trace.threads().get(thread).calls();
    }

    /** An agent-log interval's peer or file and byte count (absent: null, -1). */
    private record Detail(String detail, long bytes) {
    }

    /** The same work: the same method, and for an agent-log interval the same peer/file and size. */
    private record Work(int method, Detail detail) {
        String describe(Trace trace) {
            String name = trace.methods().get(method).fullName();
            return detail == null ? name : name + (detail.detail() == null ? "" : " " + detail.detail())
                    + (detail.bytes() < 0 ? "" : " " + detail.bytes() + " B");
        }
    }
}
