package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.QueueTasks;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.LinkKind;
import org.jgrapht.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The queues' tasks of one scenario's graph as the units {@link QueueOrder} re-orders: a group is
 * a task whose message something posted, with the tasks after it that nothing but their thread's
 * order leads to (those stay behind it). Frames that keep their place among their thread's
 * messages ({@link QueueTasks#framesStay()}) cut each thread's groups into stretches: a group runs
 * only once every group of the stretches before its own has. Columns per group, in recorded
 * order, and per vertex its group.
 */
final class QueueGroups {
    private final ResponseGraph graph;
    private final QueueTasks tasks;
    /** Per vertex: its group, or -1 (not a queue's task, or moved off its thread). */
    final int[] of;
    /** Per group: its first and last vertex, its thread and the delay its message was posted with. */
    final int[] entry;
    final int[] last;
    final int[] thread;
    final long[] delay;
    /** Per group: whether it is a frame that keeps its place among its thread's messages. */
    final boolean[] frame;
    /** Per group: whether it is a frame (a draw task). */
    final boolean[] draw;
    /** Per group: its stretch (a frame that keeps its place ends its stretch); one per thread when frames may move. */
    final int[] stretch;
    /** Per stretch: how many groups it has, and its frame (or -1). */
    final int[] stretchSize;
    final int[] stretchFrame;

    /**
     * Groups the graph's queue tasks as {@code view} (the scenario's graph) links them.
     *
     * @param movedOff per vertex, whether a change moved it off its thread: a message moved whole
     *                 runs on a thread of its own and leaves the queue
     */
    QueueGroups(ResponseGraph graph, Graph<Integer, Dependency> view, boolean[] movedOff) {
        this.graph = graph;
        this.tasks = graph.queues();
        this.of = new int[graph.vertexCount()];
        Arrays.fill(of, -1);
        List<int[]> out = split(view, movedOff);
        int groups = out.size();
        entry = new int[groups];
        last = new int[groups];
        thread = new int[groups];
        delay = new long[groups];
        frame = new boolean[groups];
        draw = new boolean[groups];
        stretch = new int[groups];
        stretchSize = new int[groups + 1];
        stretchFrame = new int[groups + 1];
        Arrays.fill(stretchFrame, -1);
        int k = -1;
        for (int g = 0; g < groups; g++) {
            int[] o = out.get(g);
            thread[g] = o[0];
            entry[g] = o[1];
            last[g] = o[2];
            delay[g] = tasks.delayNs()[o[3]];
            frame[g] = o[4] == 1;
            draw[g] = o[5] == 1;
            if (g == 0 || thread[g - 1] != thread[g] || frame[g - 1]) {
                k++;
            }
            stretch[g] = k;
            stretchSize[k]++;
            if (frame[g]) {
                stretchFrame[k] = g;
            }
            for (int v = o[1]; v <= o[2]; v++) {
                of[v] = g;
            }
        }
    }

    /** Splits the tasks into groups: a task nothing but its thread's order leads to joins the one before. */
    private List<int[]> split(Graph<Integer, Dependency> view, boolean[] movedOff) {
        int n = tasks.size();
        int[] taskOf = new int[graph.vertexCount()];
        Arrays.fill(taskOf, -1);
        for (int i = 0; i < n; i++) {
            for (int v = tasks.entry()[i]; v <= tasks.last()[i]; v++) {
                taskOf[v] = i;
            }
        }
        // {thread, entry, last, task, keeps its place, draws}
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int e = tasks.entry()[i];
            if (movedOff[e]) {
                continue;
            }
            boolean first = i == 0 || tasks.thread()[i - 1] != tasks.thread()[i];
            boolean posted = e == graph.source();
            for (Dependency d : view.incomingEdgesOf(e)) {
                int u = view.getEdgeSource(d);
                if (!(graph.thread(u) == graph.thread(e) && taskOf[u] != i && taskOf[u] >= 0
                        && d.kind() == LinkKind.PROGRAM_ORDER)) {
                    posted = true;
                }
            }
            boolean stays = tasks.framesStay() && tasks.draw()[i];
            if (first || posted || stays || out.isEmpty() || out.get(out.size() - 1)[0] != tasks.thread()[i]) {
                out.add(new int[] {tasks.thread()[i], e, tasks.last()[i], i, stays ? 1 : 0, tasks.draw()[i] ? 1 : 0});
            } else {
                out.get(out.size() - 1)[2] = tasks.last()[i];
            }
        }
        return out;
    }

    int size() {
        return entry.length;
    }

    /** Whether an edge {@code u -> w} of {@code kind} is the thread's order between two of a queue's groups. */
    boolean isQueueOrder(int u, int w, LinkKind kind) {
        return kind == LinkKind.PROGRAM_ORDER && of[u] >= 0 && of[w] >= 0 && of[u] != of[w]
                && graph.thread(u) == graph.thread(w);
    }

    /** The end of the last requested draw of a frame group (its last vertex when it has none). */
    int drawEnd(int g) {
        int end = -1;
        for (int v : tasks.ends()) {
            if (v >= entry[g] && v <= last[g]) {
                end = Math.max(end, v);
            }
        }
        return end < 0 ? last[g] : end;
    }
}
