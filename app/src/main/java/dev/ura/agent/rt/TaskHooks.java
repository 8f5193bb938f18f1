package dev.ura.agent.rt;

/**
 * Hand-offs to other threads beyond the EDT's queue: threads an app starts, thread-pool tasks,
 * and an app's Swing timers (their first firing only).
 */
public final class TaskHooks {
    private TaskHooks() {
    }

    /**
     * A thread is started: a hand-off ({@code via thread}) to its {@code run}, identified by its
     * Runnable target or, without one, by the thread. Threads the JDK starts for itself (pool
     * workers, timer and selector threads, the EDT) are not hand-offs of the work they will run
     * later; the tasks queued to them are recorded where they are queued.
     */
    public static void threadStart(Thread thread, Object target) {
        if (!startedByApp(false)) {
            return;
        }
        Hooks.send(target != null ? target : thread, "thread", 0);
    }

    /** A thread's {@code run} starts; see {@link #threadStart}. */
    public static int threadRun(Thread thread, Object target) {
        return Hooks.dispatchBegin(target != null ? target : thread, "run");
    }

    /**
     * A thread-pool task starts on its worker ({@code beforeExecute}). A task whose
     * {@code afterExecute} never came (a subclass that does not call super) is closed first.
     */
    public static void poolTaskBegin(Object task) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        if (t.poolToken >= 0) {
            Hooks.end(t.poolToken);
        }
        t.poolToken = Hooks.dispatchBegin(task, TaskNames.INSTANCE.get(task.getClass()));
    }

    /** The current thread-pool task ended ({@code afterExecute}). */
    public static void poolTaskEnd() {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        int token = t.poolToken;
        t.poolToken = -1;
        Hooks.end(token);
    }

    /** A JDK executor takes a task ({@code ThreadPoolExecutor.execute}, a {@code ForkJoinPool} submission, ...). */
    public static void executorSend(Object task) {
        ThreadLog t = Recorder.log();
        if (t != null) {
            // an app executor delegating to this one: this is its hand-off (the task or its wrapper),
            // and the task must not be recorded again when this executor queues it
            t.handingOff = null;
        }
        if (!CallbackHooks.isRegistered(task) && !HttpHooks.inExchange()) {
            Hooks.send(task, "executor", 0);
        }
    }

    // ---- an app's own Executor -----------------------------------------------------------------

    /**
     * App executors' tasks queued for their own threads and not taken yet. Entries leave when taken;
     * a queue nobody drains cannot grow it without bound (it is cleared at {@link #PENDING_MAX}).
     */
    private static final java.util.Map<Object, Boolean> PENDING = new java.util.IdentityHashMap<>();
    private static final int PENDING_MAX = 1 << 14;
    /** {@code PENDING.size()}, read without the lock: every queue take in the process checks it. */
    private static volatile int pendingCount;

    /**
     * An app's own {@code Executor.execute(task)} starts. Its hand-off is recorded once, where it
     * happens: by the JDK pool or executor it delegates to (the task or a wrapper of it:
     * {@link #executorSend}), by a thread it starts for it ({@link #threadStart}), or, for an executor running tasks on its own
     * threads, when it puts the task in a JDK {@code BlockingQueue} ({@link #queued}); its dispatch is
     * then the thread that takes it ({@link #taken}). An executor that runs the task inline or keeps
     * its own kind of queue records no hand-off. Returns what an enclosing app executor was handing
     * off (for {@link #appExecuteEnd}).
     */
    public static Object appExecuteBegin(Object task) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return null;
        }
        Object outer = t.handingOff;
        t.handingOff = task;
        return outer;
    }

    /** The app executor's {@code execute} returns. */
    public static void appExecuteEnd(Object outer) {
        ThreadLog t = Recorder.log();
        if (t != null) {
            t.handingOff = outer;
        }
    }

    /**
     * An element is put into a JDK {@code BlockingQueue}: when it is the task an app executor is
     * handing off on this thread, that is its hand-off ({@code SEND_MSG via executor}), written
     * before the element is in the queue, so before any thread can take it.
     */
    public static void queued(Object element) {
        ThreadLog t = Recorder.log();
        if (t == null || element == null || t.handingOff != element) {
            return;
        }
        t.handingOff = null;
        synchronized (PENDING) {
            if (PENDING.size() >= PENDING_MAX) {
                PENDING.clear();
            }
            PENDING.put(element, Boolean.TRUE);
            pendingCount = PENDING.size();
        }
        Hooks.send(element, "executor", 0);
    }

    /** A thread is about to take from a JDK {@code BlockingQueue}: the task it took before from one has ended. */
    public static void takeBegin() {
        ThreadLog t = Recorder.log();
        if (t != null && t.queueToken >= 0 && frames(t) <= t.queueFrames) {
            int token = t.queueToken;
            t.queueToken = -1;
            Hooks.end(token);
        }
    }

    /**
     * A thread took {@code element} from a JDK {@code BlockingQueue}: when an app executor queued it
     * ({@link #queued}), its run starts here and lasts until this thread next takes from a queue (or
     * its own run ends): an executor's worker loop runs each task between two takes.
     */
    public static void taken(Object element) {
        if (element == null || pendingCount == 0) {
            return;
        }
        synchronized (PENDING) {
            if (PENDING.remove(element) == null) {
                return;
            }
            pendingCount = PENDING.size();
        }
        ThreadLog t = Recorder.log();
        // a task that takes another executor task from a queue while it runs (runs it itself): that
        // one runs inside it, and is no dispatch of its own
        if (t != null && t.queueToken < 0) {
            t.queueFrames = frames(t);
            t.queueToken = Hooks.dispatchBegin(element, "run");
        }
    }

    private static final java.util.function.Function<java.util.stream.Stream<StackWalker.StackFrame>, Long> COUNT =
            java.util.stream.Stream::count;

    /**
     * The depth of this thread's stack: the worker loop's take is no deeper than the take that gave
     * it the task, a take inside the task (the task itself waiting on a queue) is deeper. Walked
     * only by threads running an app executor's task, once per take.
     */
    private static int frames(ThreadLog t) {
        boolean wasBusy = t.busy;
        t.busy = true;
        try {
            return StackWalker.getInstance().walk(COUNT).intValue();
        } finally {
            t.busy = wasBusy;
        }
    }

    /** Timers started by app code whose first firing is still to come (see {@link #timerStart}). */
    private static final java.util.Map<Object, Boolean> TIMERS_TO_FIRE = new java.util.IdentityHashMap<>();

    /**
     * A Swing {@code Timer} is started by app code: a hand-off ({@code via timer}) to its first
     * firing only. Later firings of a repeating timer are an animation, not the work that started
     * it (docs/agent-log-v1.md, "Animations"). Timers the JDK starts (a caret's blink, tool tips,
     * SwingWorker's own) are not hand-offs.
     */
    public static void timerStart(Object timer) {
        if (!startedByApp(true)) {
            return;
        }
        synchronized (TIMERS_TO_FIRE) {
            TIMERS_TO_FIRE.put(timer, Boolean.TRUE);
        }
        Hooks.send(timer, "timer", 0);
    }

    /** A timer is stopped: a firing still to come is no longer the hand-off's. */
    public static void timerStop(Object timer) {
        synchronized (TIMERS_TO_FIRE) {
            TIMERS_TO_FIRE.remove(timer);
        }
    }

    /** A timer fires its listeners: the dispatch of its start's hand-off if this is its first firing, else nothing. */
    public static int timerFire(Object timer) {
        boolean first;
        synchronized (TIMERS_TO_FIRE) {
            first = TIMERS_TO_FIRE.remove(timer) != null;
        }
        return first ? Hooks.dispatchBegin(timer, "actionPerformed") : -1;
    }

    /**
     * Whether the thread or timer being started is started by app code (not the JDK), on a thread
     * that records; the stack walk runs busy, so nothing it touches is recorded.
     */
    private static boolean startedByApp(boolean timer) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return false;
        }
        t.busy = true;
        try {
            return !(timer ? StartedBy.jdkTimer() : StartedBy.jdk());
        } finally {
            Hooks.leave(t);
        }
    }
}
