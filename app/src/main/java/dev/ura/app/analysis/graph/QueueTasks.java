package dev.ura.app.analysis.graph;

import java.util.Arrays;

/**
 * The messages each single-threaded queue of a response ran, in the recorded order
 * (docs/what-if.md, "Queues"): a thread that takes its work one message at a time (an Android
 * Looper, the Swing EDT, a single-thread executor) runs the next message when it is free, in the
 * order the messages became due, not in a fixed order. A what-if that moves when a message is
 * posted can therefore change the order; the estimator re-orders the tasks listed here.
 *
 * <p>A task is a top-level unit of its thread's tracked work (a dispatch, a frame's draw, the
 * trigger): its entry vertex (the wait before it, or the response start) up to the vertex before
 * the next task's entry. Columnar: task {@code i} is {@code thread[i]}, {@code entry[i]},
 * {@code last[i]}, {@code delayNs[i]} (a {@code postDelayed} / {@code sendMessageAtTime} delay the
 * trace shows, else 0), {@code draw[i]} (a frame draw); tasks of one thread are consecutive, in
 * recorded order. Only threads with two tasks or more are listed.
 *
 * @param ends the last vertex of every draw that fulfils one of the response's requests: the
 *             response ends when the last of them has finished
 * @param framesStay whether each frame task (a {@code draw} task) keeps its place among its
 *             thread's messages: every message recorded before it runs before it, every one
 *             recorded after it, after it (system traces, where the trace does not show which
 *             message asked for the frame; docs/what-if.md, "Queues")
 */
public record QueueTasks(int[] thread, int[] entry, int[] last, long[] delayNs, boolean[] draw, int[] ends,
                         boolean framesStay) {
    /** No queues known: the estimator keeps the recorded order everywhere. */
    public static final QueueTasks NONE = new QueueTasks(new int[0], new int[0], new int[0], new long[0],
            new boolean[0], new int[0], false);

    public QueueTasks {
        int n = thread.length;
        if (entry.length != n || last.length != n || delayNs.length != n || draw.length != n) {
            throw new IllegalArgumentException("queue task columns of different lengths");
        }
    }

    /** Number of tasks. */
    public int size() {
        return thread.length;
    }

    /** Whether there is anything to re-order. */
    public boolean isEmpty() {
        return thread.length == 0;
    }

    /**
     * Collects tasks thread by thread; a thread's tasks go in recorded order, and a thread that
     * ends with fewer than two is dropped.
     */
    public static final class Builder {
        private int[] thread = new int[8];
        private int[] entry = new int[8];
        private int[] last = new int[8];
        private long[] delay = new long[8];
        private boolean[] draw = new boolean[8];
        private int n;
        private int threadStart;
        private int current = -1;

        /** Adds the next task of {@code t} (threads one after another). */
        public Builder add(int t, int entryVertex, int lastVertex, long delayNs, boolean isDraw) {
            if (t != current) {
                closeThread();
                current = t;
                threadStart = n;
            }
            if (n == thread.length) {
                thread = Arrays.copyOf(thread, n * 2);
                entry = Arrays.copyOf(entry, n * 2);
                last = Arrays.copyOf(last, n * 2);
                delay = Arrays.copyOf(delay, n * 2);
                draw = Arrays.copyOf(draw, n * 2);
            }
            thread[n] = t;
            entry[n] = entryVertex;
            last[n] = lastVertex;
            delay[n] = delayNs;
            draw[n] = isDraw;
            n++;
            return this;
        }

        private void closeThread() {
            if (current >= 0 && n - threadStart < 2) {
                n = threadStart;
            }
        }

        /** The tasks, with the draws that may end the response. */
        public QueueTasks build(int[] ends) {
            return build(ends, false);
        }

        /** The tasks; with {@code framesStay}, frame tasks keep their place (see {@link QueueTasks}). */
        public QueueTasks build(int[] ends, boolean framesStay) {
            closeThread();
            current = -1;
            return new QueueTasks(Arrays.copyOf(thread, n), Arrays.copyOf(entry, n), Arrays.copyOf(last, n),
                    Arrays.copyOf(delay, n), Arrays.copyOf(draw, n), ends.clone(), framesStay);
        }
    }
}
