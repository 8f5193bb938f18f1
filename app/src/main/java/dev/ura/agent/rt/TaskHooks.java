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
