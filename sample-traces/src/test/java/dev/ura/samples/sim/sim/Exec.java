package dev.ura.samples.sim;

import dev.ura.samples.timeline.AgentEvent;
import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.MethodRef;

/**
 * The cursor of one running work item: it opens and closes calls on its thread and advances the
 * thread's wall and CPU clocks. Every call costs one microsecond of CPU on exit, as instrumented
 * calls do, so no call is empty.
 */
public final class Exec {
    private static final long CALL_OVERHEAD_NS = 1_000;

    private final Simulation sim;
    private final SimThread thread;
    private int response;

    Exec(Simulation sim, SimThread thread, int response) {
        this.sim = sim;
        this.thread = thread;
        this.response = response;
    }

    public Simulation sim() {
        return sim;
    }

    public SimThread thread() {
        return thread;
    }

    /** Current wall time, ns. */
    public long now() {
        return thread.freeNs;
    }

    /** The response this work is tracked for, or -1. */
    public int response() {
        return response;
    }

    /** Runs {@code body} inside a call of {@code method} ({@code pkg.Class.method[(sig)]}). */
    public void call(String method, Runnable body) {
        call(method, null, body);
    }

    /** Runs {@code body} inside a call that also stands for an agent-log event. */
    public void call(String method, AgentEvent event, Runnable body) {
        CallNode node = open(method, event);
        body.run();
        close(node);
    }

    /** A call that does nothing but its own overhead. */
    public void leaf(String method) {
        call(method, null, () -> { });
    }

    /** Nested calls, outermost first, around {@code body}. */
    public void chain(Runnable body, String... methods) {
        chainFrom(0, methods, body);
    }

    private void chainFrom(int i, String[] methods, Runnable body) {
        if (i == methods.length) {
            body.run();
        } else {
            call(methods[i], () -> chainFrom(i + 1, methods, body));
        }
    }

    /** Busy for a jittered {@code ms}: wall and CPU time advance together. */
    public void cpu(String key, double ms) {
        long d = sim.jitter().ns(key, ms);
        thread.freeNs += d;
        thread.cpuNs += d;
    }

    /**
     * Busy for about {@code ms} spread over {@code n} calls of {@code method} (one per parsed token,
     * inflated view, bound row...), each jittered on its own.
     */
    public void cpuIn(String key, double ms, int n, String method) {
        for (int i = 0; i < n; i++) {
            call(method, () -> cpu(key, ms / n));
        }
    }

    /** Blocked for a jittered {@code ms} (I/O, lock, sleep): wall time advances, CPU time does not. */
    public void block(String key, double ms) {
        thread.freeNs += sim.jitter().ns(key, ms);
    }

    /** Blocked until {@code ns} (no-op when it is already that late). */
    public void blockUntil(long ns) {
        thread.freeNs = Math.max(thread.freeNs, ns);
    }

    /** Runs {@code body} as tracked work of {@code responseId} (-1: untracked). */
    public void track(int responseId, Runnable body) {
        int before = response;
        response = responseId;
        try {
            body.run();
        } finally {
            response = before;
        }
        if (responseId >= 0) {
            sim.truth().workEnd(responseId, thread.freeNs);
        }
    }

    CallNode open(String method, AgentEvent event) {
        CallNode node = new CallNode(sim.method(method), thread.freeNs, thread.cpuNs);
        if (event != null) {
            node.addEvent(event);
        }
        thread.attach(node);
        thread.stack.push(node);
        return node;
    }

    void close(CallNode node) {
        if (thread.stack.peek() != node) {
            throw new IllegalStateException("calls must close innermost first: " + node.method().fullName());
        }
        thread.freeNs += CALL_OVERHEAD_NS;
        thread.cpuNs += CALL_OVERHEAD_NS;
        thread.stack.pop().close(thread.freeNs, thread.cpuNs);
    }

    /** The innermost open call. */
    public CallNode current() {
        return thread.stack.peek();
    }
}
