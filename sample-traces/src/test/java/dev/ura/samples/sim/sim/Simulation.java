package dev.ura.samples.sim;

import dev.ura.samples.timeline.AgentEvent;
import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.MethodRef;
import dev.ura.samples.timeline.Timeline;
import dev.ura.samples.timeline.TimelineThread;
import dev.ura.trace.model.EventKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A deterministic discrete-event simulation of an app process: threads take queued work, work
 * hands work to other threads, the main thread draws frames on vsync. Items run whole, in order
 * of their start time across threads; everything an item causes happens no earlier than it
 * starts, so that order is causal. The result is a {@link Timeline} plus the {@link GroundTruth}.
 */
public final class Simulation {
    private final Jitter jitter;
    private final List<SimThread> threads = new ArrayList<>();
    private final Map<String, MethodRef> methods = new HashMap<>();
    private final GroundTruth truth = new GroundTruth();
    private Choreographer choreographer;
    private long seq;
    private int objects;

    /** @param seed seed of every jitter in the run */
    public Simulation(long seed) {
        this.jitter = new Jitter(seed, 0.05);
    }

    public Jitter jitter() {
        return jitter;
    }

    public GroundTruth truth() {
        return truth;
    }

    /** The app's main thread ({@code ActivityThread.main → Looper.loop}) with its choreographer. */
    public SimThread mainThread(long tid, long vsyncPhaseNs) {
        SimThread t = add(new SimThread(tid, "main", true, SimThread.Type.LOOPER, null, 0,
                "android.app.ActivityThread.main([Ljava/lang/String;)V", "android.os.Looper.loop()V"));
        choreographer = new Choreographer(this, t, vsyncPhaseNs);
        return t;
    }

    /** A {@code HandlerThread}. */
    public SimThread handlerThread(long tid, String name) {
        return add(new SimThread(tid, name, false, SimThread.Type.LOOPER, null, 0,
                "android.os.HandlerThread.run()V", "android.os.Looper.loop()V"));
    }

    /** A thread-pool worker, alive (waiting for tasks) from the start. */
    public SimThread poolThread(long tid, String name) {
        return add(new SimThread(tid, name, false, SimThread.Type.POOL, null, 0,
                "java.lang.Thread.run()V", "java.util.concurrent.ThreadPoolExecutor$Worker.run()V",
                "java.util.concurrent.ThreadPoolExecutor.runWorker(Ljava/util/concurrent/ThreadPoolExecutor$Worker;)V"));
    }

    /**
     * A thread running its own loop of {@link #every ticks}.
     *
     * @param idleMethod the call it waits in between ticks, or {@code null} for none
     * @param rootChain  calls open for the whole run, outermost first (may be empty: a binder
     *                   thread's transactions are top-level calls)
     */
    public SimThread plainThread(long tid, String name, String idleMethod, String... rootChain) {
        return add(new SimThread(tid, name, false, SimThread.Type.PLAIN, idleMethod, 0, rootChain));
    }

    private SimThread add(SimThread t) {
        threads.add(t);
        return t;
    }

    public Choreographer choreographer() {
        return choreographer;
    }

    /** A fresh hand-off identity, e.g. {@code msg@1f}. */
    public String newObject(String prefix) {
        return prefix + "@" + Integer.toHexString(0x1000 + ++objects);
    }

    /** Starts a response (ground truth) and returns its index. */
    public int startResponse(String trigger, long atNs) {
        return truth.start(trigger, atNs);
    }

    /** Queues an input event on a looper (delivered inside {@code MessageQueue.next}). */
    public void input(SimThread looper, long atNs, Work work) {
        enqueue(looper, new Item(atNs, seq++, Item.Kind.INPUT, null, null, null, -1, work));
    }

    /** Queues a tick on a plain thread (or a top-level call on a thread with no loop). */
    public void tick(SimThread thread, long atNs, Work work) {
        enqueue(thread, new Item(atNs, seq++, Item.Kind.TICK, null, null, null, -1, work));
    }

    /** Queues ticks every {@code periodMs} (jittered with {@code key}) from {@code firstNs} until {@code untilNs}. */
    public void every(SimThread thread, long firstNs, double periodMs, String key, long untilNs, Work work) {
        for (long t = firstNs; t < untilNs; t += jitter.ns(key, periodMs)) {
            tick(thread, t, work);
        }
    }

    /**
     * Queues a hand-off: a handler message on a looper or a task on a pool worker.
     *
     * @param dispatchMethod the call that runs it on the target
     * @param dispatchName   the agent-log DISPATCH_MSG name
     */
    void handOff(SimThread target, long readyNs, String obj, String dispatchMethod, String dispatchName,
                 int response, Work work) {
        Item.Kind kind = target.type == SimThread.Type.POOL ? Item.Kind.TASK : Item.Kind.MESSAGE;
        enqueue(target, new Item(readyNs, seq++, kind, obj, dispatchMethod, dispatchName, response, work));
    }

    private void enqueue(SimThread t, Item item) {
        t.queue.add(item);
    }

    MethodRef method(String text) {
        return methods.computeIfAbsent(text, MethodRef::parse);
    }

    void request(int response, String identity, long atNs) {
        truth.request(response, identity, atNs);
    }

    void fulfil(String identity, long startNs, long endNs) {
        truth.fulfil(identity, startNs, endNs);
    }

    /**
     * Runs until nothing is left to start before {@code durationNs}, then closes every thread.
     *
     * @param app        package name of the simulated app
     * @param pid        its process id
     * @param properties facts written into both output forms
     */
    public Timeline run(long durationNs, String app, long pid, Map<String, String> properties) {
        while (true) {
            SimThread best = null;
            long bestStart = Long.MAX_VALUE;
            for (SimThread t : threads) {
                long s = nextStart(t);
                if (s < bestStart) {
                    bestStart = s;
                    best = t;
                }
            }
            if (best == null || bestStart >= durationNs) {
                break;
            }
            runNext(best, bestStart);
        }
        long end = durationNs;
        for (SimThread t : threads) {
            end = Math.max(end, t.freeNs);
        }
        List<TimelineThread> out = new ArrayList<>();
        for (SimThread t : threads) {
            idle(t, end);
            out.add(t.finish(end));
        }
        return new Timeline(app, pid, end, out, properties);
    }

    private long nextStart(SimThread t) {
        long ready = t.queue.isEmpty() ? Long.MAX_VALUE : t.queue.peek().readyNs();
        if (t == choreographer.thread()) {
            ready = Math.min(ready, choreographer.frameReadyNs());
        }
        return ready == Long.MAX_VALUE ? ready : Math.max(t.freeNs, ready);
    }

    private void runNext(SimThread t, long startNs) {
        boolean frame = t == choreographer.thread() && choreographer.frameReadyNs() <= startNs;
        Item item = frame ? null : t.queue.poll();
        if (item != null && item.kind() == Item.Kind.INPUT) {
            runInput(t, startNs, item);
            return;
        }
        idle(t, startNs);
        Exec x = new Exec(this, t, frame ? -1 : item.response());
        if (frame) {
            x.call("android.os.Handler.dispatchMessage(Landroid/os/Message;)V", () -> choreographer.frame(x));
            return;
        }
        switch (item.kind()) {
            case MESSAGE -> x.call("android.os.Handler.dispatchMessage(Landroid/os/Message;)V",
                    dispatchEvent(item), () -> item.work().run(x));
            case TASK -> x.call(item.dispatchMethod(), dispatchEvent(item), () -> item.work().run(x));
            default -> item.work().run(x);
        }
        truth.workEnd(item.response(), t.freeNs);
    }

    /** Input arrives while the looper polls: {@code MessageQueue.next → nativePollOnce → dispatchInputEvent}. */
    private void runInput(SimThread t, long startNs, Item item) {
        Exec x = new Exec(this, t, -1);
        CallNode next = x.open("android.os.MessageQueue.next()Landroid/os/Message;", null);
        CallNode poll = x.open("android.os.MessageQueue.nativePollOnce(JI)V", null);
        x.blockUntil(startNs);
        x.call("android.view.InputEventReceiver.dispatchInputEvent(ILandroid/view/InputEvent;)V", () -> item.work().run(x));
        x.close(poll);
        x.close(next);
    }

    private static AgentEvent dispatchEvent(Item item) {
        return item.obj() == null ? null
                : AgentEvent.interval(EventKind.DISPATCH_MSG, "obj", item.obj(), "name", item.dispatchName());
    }

    /**
     * What a thread shows while it waits until {@code untilNs}: the wait calls close exactly then
     * (their exits cost a microsecond each), so the next item starts on time.
     */
    private void idle(SimThread t, long untilNs) {
        if (untilNs <= t.freeNs) {
            return;
        }
        Exec x = new Exec(this, t, -1);
        switch (t.type) {
            case LOOPER -> x.chain(() -> x.blockUntil(untilNs - 2_000),
                    "android.os.MessageQueue.next()Landroid/os/Message;", "android.os.MessageQueue.nativePollOnce(JI)V");
            case POOL -> x.chain(() -> x.blockUntil(untilNs - 3_000),
                    "java.util.concurrent.ThreadPoolExecutor.getTask()Ljava/lang/Runnable;",
                    "java.util.concurrent.LinkedBlockingQueue.take()Ljava/lang/Object;",
                    "java.util.concurrent.locks.LockSupport.park(Ljava/lang/Object;)V");
            case PLAIN -> {
                if (t.idleMethod != null && !t.stack.isEmpty()) {
                    x.call(t.idleMethod, () -> x.blockUntil(untilNs - 1_000));
                } else {
                    x.blockUntil(untilNs);
                }
            }
        }
        t.freeNs = Math.max(t.freeNs, untilNs);
    }
}
