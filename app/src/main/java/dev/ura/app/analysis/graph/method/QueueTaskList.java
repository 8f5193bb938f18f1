package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.QueueTasks;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The tasks the UI thread of a method-trace or agent-log response ran one after another
 * ({@link QueueTasks}): its top-level pieces — the trigger, dispatches, draws — in time order. The
 * UI thread is the one that was triggered or draws (an Android main thread, the Swing EDT). A
 * piece that starts inside another piece of its thread (a draw inside a dispatch) belongs to that
 * piece's task, and a thread resuming from a tracked wait is not a message: it stays in the task
 * it waited in.
 */
final class QueueTaskList {
    private QueueTaskList() {
    }

    /**
     * @param pieces   pieces by thread
     * @param chains   each thread's vertices in program order
     * @param delays   the delay of the send that posted a dispatch, by the dispatch's entry vertex
     * @param vertexCount number of vertices
     */
    static QueueTasks of(EventTable events, Map<Integer, List<Piece>> pieces, Map<Integer, int[]> chains,
                         PieceVertices vertices, Map<Integer, Long> delays, int vertexCount) {
        int[] position = new int[vertexCount];
        QueueTasks.Builder b = new QueueTasks.Builder();
        List<Integer> ends = new ArrayList<>();
        for (Map.Entry<Integer, List<Piece>> e : pieces.entrySet()) {
            int thread = e.getKey();
            int[] chain = chains.get(thread);
            if (chain == null) {
                continue;
            }
            for (int i = 0; i < chain.length; i++) {
                position[chain[i]] = i;
            }
            boolean ui = e.getValue().stream().anyMatch(p -> p.type() != Piece.Type.DISPATCH);
            if (!ui) {
                // A worker's tasks keep their recorded order: a pool's threads share one queue, and
                // which thread takes which task is not known (only the UI thread's queue is its own).
                e.getValue().stream().filter(p -> p.type() == Piece.Type.DRAW && vertices.last(p.event()) >= 0)
                        .forEach(p -> ends.add(vertices.last(p.event())));
                continue;
            }
            List<Piece> sorted = new ArrayList<>(e.getValue());
            sorted.sort(Comparator.comparingLong(Piece::start).thenComparing(Comparator.comparingLong(Piece::end).reversed()));
            List<Piece> top = new ArrayList<>();
            for (Piece p : sorted) {
                if (p.type() == Piece.Type.DRAW && vertices.last(p.event()) >= 0) {
                    ends.add(vertices.last(p.event()));
                }
                Piece outer = top.isEmpty() ? null : top.get(top.size() - 1);
                boolean inside = outer != null && (p.start() == outer.start() || p.start() < outer.end());
                if (!inside && !ThreadSweep.isResume(events, p) && vertices.entry(p.event()) >= 0) {
                    top.add(p);
                }
            }
            for (int i = 0; i < top.size(); i++) {
                int entry = vertices.entry(top.get(i).event());
                int lastPos = i + 1 < top.size() ? position[vertices.entry(top.get(i + 1).event())] - 1 : chain.length - 1;
                if (lastPos < position[entry]) {
                    continue;
                }
                b.add(thread, entry, chain[lastPos], delays.getOrDefault(entry, 0L), top.get(i).type() == Piece.Type.DRAW);
            }
        }
        return b.build(ends.stream().mapToInt(Integer::intValue).toArray());
    }
}
