package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.QueueTasks;
import dev.ura.app.analysis.graph.SegmentColumns;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import org.jgrapht.Graph;

/**
 * The messages the response's UI thread ran, as far as a system trace shows them
 * (docs/what-if.md, "Queues"). A Looper thread with nothing to do sleeps in its queue; a post
 * wakes it only then, and only when the new message is due first (Android's
 * {@code MessageQueue.enqueueMessage} calls {@code nativeWake} only while the thread is blocked
 * in {@code next()}). So a wakeup of the UI thread by another thread of the graph (not a vsync, a
 * binder reply or an interrupt), ending a sleep during which no slice of the thread was open, is
 * a message posted at the wakeup: a task of its own, due then. A sleep inside a slice is a wait
 * inside a message (a lock, a binder call), not a post. A message posted while the thread was
 * busy leaves no trace at all: it stays in the task before it, in the recorded order. A vsync
 * wakeup starts a frame; the trace does not show which message asked for the frame, so frames
 * keep their place ({@link QueueTasks#framesStay()}).
 */
final class UiThreadMessages {
    private UiThreadMessages() {
    }

    /**
     * @param first vertex ids of thread {@code t} are {@code first[t] .. first[t+1]-1}, in time order
     * @param ui    the UI thread (the one the input came to), or -1
     */
    static QueueTasks of(SystemIndexes indexes, PieceNamer namer, SegmentColumns columns,
                         Graph<Integer, Dependency> graph, int[] first, int ui) {
        QueueTasks.Builder b = new QueueTasks.Builder();
        if (ui < 0 || ui + 1 >= first.length || first[ui] >= first[ui + 1]) {
            return b.build(new int[0], true);
        }
        ThreadStateTable states = indexes.trace().system().states().get(ui);
        int entry = first[ui];
        boolean frame = false;
        for (int v = first[ui] + 1; v < first[ui + 1]; v++) {
            boolean vsync = columns.kind(v) == SegmentKind.FRAME_WAIT
                    || (columns.category(v) == Category.WAIT && PieceNamer.VSYNC.equals(columns.name[v]));
            if (vsync && namer.cuts(ui).innermostOver(columns.start[v], columns.end[v]) < 0) {
                b.add(ui, entry, v - 1, 0, frame);
                entry = v;
                frame = true;
            } else if (posted(indexes, namer, columns, graph, states, ui, v)) {
                b.add(ui, entry, v - 1, 0, frame);
                entry = v;
                frame = false;
            }
        }
        b.add(ui, entry, first[ui + 1] - 1, 0, frame);
        return b.build(new int[0], true);
    }

    /** Whether vertex {@code v} of the UI thread starts a message another thread of the graph posted. */
    private static boolean posted(SystemIndexes indexes, PieceNamer namer, SegmentColumns columns,
                                  Graph<Integer, Dependency> graph, ThreadStateTable states, int ui, int v) {
        long at = columns.start[v];
        int waker = CrossEdges.wakerAt(states, at);
        if (waker < 0 || waker == ui || indexes.isVsyncWaker(waker) || indexes.isInterruptWaker(waker)
                || indexes.isBinderWake(waker, ui, at)) {
            return false;
        }
        int sleep = states.indexAt(at - 1);
        if (sleep < 0 || states.state(sleep) != ThreadState.SLEEPING
                || namer.cuts(ui).innermostOver(states.start(sleep), at) >= 0) {
            return false;
        }
        for (Dependency d : graph.incomingEdgesOf(v)) {
            if (d.kind() == LinkKind.WAKEUP && columns.thread[graph.getEdgeSource(d)] == waker) {
                return true;
            }
        }
        return false;
    }
}
