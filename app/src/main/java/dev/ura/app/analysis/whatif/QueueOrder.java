package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.QueueTasks;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.RewiredGraphView;
import dev.ura.app.analysis.graph.Schedule;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.graph.VertexTiming;
import dev.ura.app.analysis.model.LinkKind;
import org.jgrapht.Graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Queues under a what-if (docs/what-if.md, "Queues"): a single-threaded queue runs its next message
 * when it is free, the one due first. A message is due when it was posted (plus a delay the trace
 * shows; a frame on its vsync). The recorded order stays unless a change moves when messages are
 * due: each message's due time is its recorded one (never before the one recorded ahead of it)
 * moved by as much as its post moved. This class re-plays the scenario's graph in time order,
 * with each queue's thread taking the message due first whenever it is free, and returns the
 * thread-order edges of the order that gives; the estimator then schedules that graph as any other.
 *
 * <p>Tasks whose message nothing posted (only the thread's order leads to them) stay behind the
 * task recorded before them. Where the replay cannot finish (a task waits for one queued behind
 * it), the recorded order stays.
 */
final class QueueOrder {
    /** A re-wired scenario: base edges hidden and edges added, with the queues in their new order. */
    record Rewiring(Set<Dependency> removed, List<RewiredGraphView.AddedEdge<Integer, Dependency>> added,
                    long overtakingPathNs, boolean[] drawnByEarlierFrame) {
    }

    private final ResponseGraph graph;
    private final QueueTasks tasks;
    /** The queues' tasks in groups, made for each scenario's graph. */
    private QueueGroups groups;
    /** Frames drawn together: which frames joined a pending frame during the replay. */
    private FrameJoins joins;
    /** Per group: its recorded due time (ns), never before the one recorded ahead of it. */
    private long[] due;
    private long[] recordedKey;
    /** Per group during the replay: when it is due under the scenario. */
    private long[] dueNow;
    /** Per vertex during the replay: how many of what it waits for (but its queue's order) have not finished. */
    private int[] waiting;
    private long[] ready;

    /** Per vertex: whether a change moved it off its thread (run in parallel, side by side). */
    private final boolean[] movedOff;

    /**
     * @param movedOff per vertex, whether a change moved it off its thread: a message moved whole
     *                 runs on a thread of its own and leaves the queue
     */
    QueueOrder(ResponseGraph graph, boolean[] movedOff) {
        this.graph = graph;
        this.movedOff = movedOff;
        this.tasks = graph.queues();
    }

    /**
     * The scenario's edges with each queue's tasks in the order the replay runs them, or null when
     * no queue's order changes.
     *
     * @param view    the scenario's graph (base minus {@code removed} plus {@code added})
     * @param timing  the scenario's finishing rule
     * @param current the scenario's schedule with the recorded order
     */
    Rewiring reorder(Graph<Integer, Dependency> view, Set<Dependency> removed,
                     List<RewiredGraphView.AddedEdge<Integer, Dependency>> added, VertexTiming<Integer> timing,
                     Schedule<Integer, Dependency> current) {
        if (tasks.isEmpty()) {
            return null;
        }
        groups = new QueueGroups(graph, view, movedOff);
        joins = new FrameJoins(!tasks.framesStay() && graph.cadence().isPresent(), groups.draw);
        Schedule<Integer, Dependency> base = graph.baseline();
        VertexTiming<Integer> baseTiming = graph.timing(graph::durationNs);
        int count = groups.size();
        due = new long[count];
        recordedKey = new long[count];
        // With the recorded order kept, is every queue's message still due no earlier than the one
        // before it? Then the replay would keep that order too (each time a thread is free the
        // next recorded message is the one due first): no need to replay.
        boolean inOrder = true;
        long previous = Long.MIN_VALUE;
        for (int g = 0; g < count; g++) {
            int e = groups.entry[g];
            long k = base.isScheduled(e) ? key(g, postNs(graph.graph(), base, e), baseTiming) : Long.MIN_VALUE;
            recordedKey[g] = k;
            boolean first = g == 0 || groups.thread[g - 1] != groups.thread[g];
            due[g] = first ? k : Math.max(k, due[g - 1]);
            long now = !current.isScheduled(e) || k == Long.MIN_VALUE ? due[g]
                    : due[g] + (key(g, postNs(view, current, e), timing) - k);
            inOrder &= first || now >= previous;
            previous = now;
        }
        if (inOrder) {
            return null;
        }
        int[][] order = replay(view, timing);
        return order == null ? null : rewire(view, removed, added, order);
    }

    /** Whether the edge is the thread's order between two of a queue's groups (the replay decides those). */
    private boolean isQueueOrder(Graph<Integer, Dependency> view, Dependency d) {
        return groups.isQueueOrder(view.getEdgeSource(d), view.getEdgeTarget(d), d.kind());
    }

    /** When the entry's message was posted in a schedule: the last of what leads to it but its thread's order. */
    private long postNs(Graph<Integer, Dependency> view, Schedule<Integer, Dependency> s, int entry) {
        long post = Long.MIN_VALUE;
        for (Dependency d : view.incomingEdgesOf(entry)) {
            int u = view.getEdgeSource(d);
            if (!isQueueOrder(view, d) && s.isScheduled(u)) {
                post = Math.max(post, s.earliestFinishNs(u));
            }
        }
        return post == Long.MIN_VALUE ? s.earliestStartNs(entry) : post;
    }

    /** When a message posted at {@code post} is due: after its delay; a frame on the next vsync. */
    private long key(int g, long post, VertexTiming<Integer> timing) {
        int e = groups.entry[g];
        if (graph.kind(e) == SegmentKind.FRAME_WAIT && graph.cadence().isPresent()) {
            return timing.finishNs(e, post);
        }
        return post + groups.delay[g];
    }

    /**
     * Replays the scenario in time order (each vertex when all it waits for has finished; a queue's
     * thread, when free, starts the group due first) and returns each queue thread's groups in the
     * order they ran, {@code [thread's first group .. ]} per thread (null entries for threads whose
     * order did not change), or null when nothing changed or the replay got stuck.
     */
    private int[][] replay(Graph<Integer, Dependency> view, VertexTiming<Integer> timing) {
        int n = graph.vertexCount();
        boolean[] reach = reachable(view);
        waiting = new int[n];
        ready = new long[n];
        Arrays.fill(ready, Long.MIN_VALUE);
        int reachable = 0;
        for (int v = 0; v < n; v++) {
            if (!reach[v]) {
                continue;
            }
            reachable++;
            for (Dependency d : view.incomingEdgesOf(v)) {
                if (reach[view.getEdgeSource(d)] && !isQueueOrder(view, d)) {
                    waiting[v]++;
                }
            }
        }
        Map<Integer, Queue> queues = new HashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            Queue q = queues.computeIfAbsent(groups.thread[g], t -> new Queue());
            if (q.current < 0) {
                q.current = groups.stretch[g];
                q.left = groups.stretchSize[groups.stretch[g]];
            }
        }
        dueNow = new long[groups.size()];
        // events: {time, type (0 vertex, 1 a queue's thread decides), id, sequence}
        PriorityQueue<long[]> events = new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0])
                .thenComparingLong(a -> a[1]).thenComparingLong(a -> a[3]));
        long[] seq = {0};
        int source = graph.source();
        events.add(new long[] {graph.originNs(), 0, source, seq[0]++});
        if (groups.of[source] >= 0 && groups.entry[groups.of[source]] == source) {
            start(queues.get(groups.thread[groups.of[source]]), groups.of[source]);
        }
        int done = 0;
        while (!events.isEmpty()) {
            long[] ev = events.poll();
            int id = (int) ev[2];
            if (ev[1] == 1) {
                Queue q = queues.get(id);
                if (startable(q) && Math.max(q.freeNs, dueNow[q.pending.peek()]) <= ev[0]) {
                    int g = q.pending.poll();
                    start(q, g);
                    events.add(new long[] {Math.max(q.freeNs, ready[groups.entry[g]]), 0, groups.entry[g], seq[0]++});
                }
                continue;
            }
            int v = id;
            int g = groups.of[v];
            // a frame drawn by the frame it joined takes no time of its own
            long finish = g >= 0 && joins.joined(g) ? ev[0] : timing.finishNs(v, ev[0]);
            done++;
            if (g >= 0 && groups.last[g] == v && joins.next(g) >= 0) {
                int next = joins.next(g);
                start(queues.get(groups.thread[g]), next);
                events.add(new long[] {Math.max(finish, ready[groups.entry[next]]), 0, groups.entry[next], seq[0]++});
            } else if (g >= 0 && groups.last[g] == v) {
                Queue q = queues.get(groups.thread[g]);
                q.busy = false;
                q.freeNs = finish;
                frameDue(q);
                decide(q, groups.thread[g], events, seq);
            }
            for (Dependency d : view.outgoingEdgesOf(v)) {
                int w = view.getEdgeTarget(d);
                if (!reach[w] || isQueueOrder(view, d)) {
                    continue;
                }
                ready[w] = Math.max(ready[w], finish);
                if (--waiting[w] > 0) {
                    continue;
                }
                int gw = groups.of[w];
                if (gw >= 0 && groups.entry[gw] == w && groups.frame[gw]) {
                    Queue q = queues.get(groups.thread[gw]);
                    frameDue(q);
                    decide(q, groups.thread[gw], events, seq);
                } else if (gw >= 0 && groups.entry[gw] == w && joins.joinsPending(gw, queues.get(groups.thread[gw]).pending)) {
                    continue;
                } else if (gw >= 0 && groups.entry[gw] == w) {
                    long k = key(gw, ready[w], timing);
                    dueNow[gw] = recordedKey[gw] == Long.MIN_VALUE ? k : due[gw] + (k - recordedKey[gw]);
                    Queue q = queues.get(groups.thread[gw]);
                    q.pending.add(gw);
                    decide(q, groups.thread[gw], events, seq);
                } else {
                    events.add(new long[] {ready[w], 0, w, seq[0]++});
                }
            }
        }
        if (done != reachable) {
            return null;
        }
        int threads = graph.work().trace().threads().size();
        int[][] order = new int[threads][];
        boolean changed = false;
        for (Map.Entry<Integer, Queue> e : queues.entrySet()) {
            List<Integer> ran = e.getValue().ran;
            for (int i = 0; i < ran.size(); i++) {
                if (joins.joined(ran.get(i)) || i > 0 && ran.get(i) < ran.get(i - 1)) {
                    order[e.getKey()] = ran.stream().mapToInt(Integer::intValue).toArray();
                    changed = true;
                    break;
                }
            }
        }
        return changed ? order : null;
    }

    /** Asks the queue's thread to start its next group once it is free and that group is due. */
    private void decide(Queue q, int thread, PriorityQueue<long[]> events, long[] seq) {
        if (startable(q)) {
            events.add(new long[] {Math.max(q.freeNs, dueNow[q.pending.peek()]), 1, thread, seq[0]++});
        }
    }

    /** Whether the queue's thread is free and its first pending group belongs to its current stretch. */
    private boolean startable(Queue q) {
        return !q.busy && !q.pending.isEmpty() && groups.stretch[q.pending.peek()] == q.current;
    }

    /** The queue's thread starts group {@code g}; the last group of a stretch opens the next one. */
    private void start(Queue q, int g) {
        q.busy = true;
        q.ran.add(g);
        if (--q.left == 0 && g + 1 < groups.size() && groups.thread[g + 1] == groups.thread[g]) {
            q.current = groups.stretch[g + 1];
            q.left = groups.stretchSize[q.current];
        }
    }

    /**
     * A frame that keeps its place is due once every other group of its stretch has run (and what
     * else it waits for has finished): it then waits for its vsync, as recorded.
     */
    private void frameDue(Queue q) {
        int f = q.current < 0 ? -1 : groups.stretchFrame[q.current];
        if (f < 0 || q.busy || q.left != 1 || q.framesDue.contains(f) || waiting[groups.entry[f]] > 0) {
            return;
        }
        q.framesDue.add(f);
        int e = groups.entry[f];
        ready[e] = Math.max(ready[e], q.freeNs == Long.MIN_VALUE ? graph.originNs() : q.freeNs);
        dueNow[f] = ready[e];
        q.pending.add(f);
    }

    private boolean[] reachable(Graph<Integer, Dependency> view) {
        boolean[] seen = new boolean[graph.vertexCount()];
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        seen[graph.source()] = true;
        todo.add(graph.source());
        while (!todo.isEmpty()) {
            int v = todo.poll();
            for (Dependency d : view.outgoingEdgesOf(v)) {
                int w = view.getEdgeTarget(d);
                if (!seen[w]) {
                    seen[w] = true;
                    todo.add(w);
                }
            }
        }
        return seen;
    }

    /** The scenario's edges with the re-ordered threads' queue order replaced by the replay's. */
    private Rewiring rewire(Graph<Integer, Dependency> view, Set<Dependency> removed,
                            List<RewiredGraphView.AddedEdge<Integer, Dependency>> added, int[][] order) {
        Set<Dependency> hidden = new HashSet<>(removed);
        for (Dependency d : graph.graph().edgeSet()) {
            int t = graph.thread(graph.graph().getEdgeSource(d));
            if (order[t] != null && !hidden.contains(d) && isQueueOrder(graph.graph(), d)) {
                hidden.add(d);
            }
        }
        List<RewiredGraphView.AddedEdge<Integer, Dependency>> adds = new ArrayList<>();
        for (RewiredGraphView.AddedEdge<Integer, Dependency> a : added) {
            int u = a.source();
            int w = a.target();
            if (!(groups.isQueueOrder(u, w, a.edge().kind()) && order[graph.thread(u)] != null)) {
                adds.add(a);
            }
        }
        for (int[] ran : order) {
            int head = -1;
            for (int i = 1; ran != null && i < ran.length; i++) {
                int g = ran[i];
                if (!joins.joined(ran[i - 1])) {
                    head = ran[i - 1];
                }
                // a joined frame is drawn when the frame it joined has drawn; what follows the
                // frames waits for the whole of that frame's message too
                int from = joins.joined(g) ? groups.drawEnd(head) : groups.last[ran[i - 1]];
                adds.add(new RewiredGraphView.AddedEdge<>(new Dependency(LinkKind.PROGRAM_ORDER), from, groups.entry[g]));
                if (!joins.joined(g) && joins.joined(ran[i - 1])) {
                    adds.add(new RewiredGraphView.AddedEdge<>(new Dependency(LinkKind.PROGRAM_ORDER),
                            groups.last[head], groups.entry[g]));
                }
            }
        }
        boolean[] drawnByEarlier = new boolean[graph.vertexCount()];
        long joinedPathNs = 0;
        for (int g = 0; g < joins.size(); g++) {
            for (int v = groups.entry[g]; joins.joined(g) && v <= groups.last[g]; v++) {
                drawnByEarlier[v] = true;
                joinedPathNs += graph.baseline().isOnPath(v) ? graph.durationNs(v) : 0;
            }
        }
        return new Rewiring(hidden, adds, overtakingPathNs(order) + joinedPathNs, drawnByEarlier);
    }

    /**
     * The recorded path time of the groups whose order changed (those that now run before one
     * recorded ahead of them, and those they passed): where the path ran through them, the path
     * was the queue's order, which the change undid (part of the change's path time).
     */
    private long overtakingPathNs(int[][] order) {
        Schedule<Integer, Dependency> base = graph.baseline();
        long sum = 0;
        for (int[] ran : order) {
            if (ran == null) {
                continue;
            }
            int n = ran.length;
            int[] laterMin = new int[n + 1];
            laterMin[n] = Integer.MAX_VALUE;
            for (int i = n - 1; i >= 0; i--) {
                laterMin[i] = Math.min(laterMin[i + 1], ran[i]);
            }
            int earlierMax = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                int g = ran[i];
                if (!joins.joined(g) && (laterMin[i + 1] < g || earlierMax > g)) {
                    for (int v = groups.entry[g]; v <= groups.last[g]; v++) {
                        sum += base.isOnPath(v) ? graph.durationNs(v) : 0;
                    }
                }
                earlierMax = Math.max(earlierMax, g);
            }
        }
        return sum;
    }

    /** A queue's thread during the replay. */
    private final class Queue {
        final PriorityQueue<Integer> pending = new PriorityQueue<>(Comparator.<Integer>comparingInt(g -> groups.stretch[g])
                .thenComparingLong(g -> dueNow[g]).thenComparingInt(g -> g));
        final List<Integer> ran = new ArrayList<>();
        final Set<Integer> framesDue = new HashSet<>();
        boolean busy;
        long freeNs = Long.MIN_VALUE;
        /** The stretch whose groups it runs now, and how many of them it has not started. */
        int current = -1;
        int left;
    }
}
