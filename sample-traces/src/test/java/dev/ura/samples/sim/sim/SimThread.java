package dev.ura.samples.sim;

import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.MethodRef;
import dev.ura.samples.timeline.TimelineThread;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A simulated thread: a stack of calls that stay open for the whole run (e.g.
 * {@code ActivityThread.main → Looper.loop}) and a queue of work it takes one item at a time.
 * What it does between items depends on its type: a looper waits in {@code MessageQueue.next},
 * a pool worker in {@code ThreadPoolExecutor.getTask}, a plain thread in its idle method (if any).
 */
public final class SimThread {
    /** How the thread takes work. */
    public enum Type { LOOPER, POOL, PLAIN }

    final long tid;
    final String name;
    final boolean main;
    final Type type;
    final String idleMethod;
    final List<CallNode> roots = new ArrayList<>();
    final Deque<CallNode> stack = new ArrayDeque<>();
    final PriorityQueue<Item> queue = new PriorityQueue<>(
            Comparator.comparingLong(Item::readyNs).thenComparingLong(Item::seq));
    long freeNs;
    long cpuNs;

    SimThread(long tid, String name, boolean main, Type type, String idleMethod, long startNs, String... rootChain) {
        this.tid = tid;
        this.name = name;
        this.main = main;
        this.type = type;
        this.idleMethod = idleMethod;
        this.freeNs = startNs;
        for (String m : rootChain) {
            CallNode node = new CallNode(MethodRef.parse(m), startNs, 0);
            if (stack.isEmpty()) {
                roots.add(node);
            } else {
                stack.peek().addChild(node);
            }
            stack.push(node);
        }
    }

    public long tid() {
        return tid;
    }

    public String name() {
        return name;
    }

    /** Attaches a call to the innermost open call, or makes it a root. */
    void attach(CallNode node) {
        if (stack.isEmpty()) {
            roots.add(node);
        } else {
            stack.peek().addChild(node);
        }
    }

    /** Closes the calls still open at the end of the run. */
    TimelineThread finish(long endNs) {
        while (!stack.isEmpty()) {
            stack.pop().close(Math.max(endNs, freeNs), cpuNs);
        }
        return new TimelineThread(tid, name, main, roots);
    }
}
