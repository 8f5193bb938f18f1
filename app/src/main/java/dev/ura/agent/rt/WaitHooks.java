package dev.ura.agent.rt;

/**
 * Waits for other threads: the waiter's {@code WAIT} and its resume ({@code DISPATCH_MSG via
 * release}), the releasing thread's {@code SEND_MSG via release} (docs/agent-log-v1.md, "Waits
 * for other threads").
 */
public final class WaitHooks {
    private WaitHooks() {
    }

    /**
     * {@code obj} is released for whoever waits for it (a future completed, a latch reached zero, a
     * thread's run ended): {@code SEND_MSG obj via release}. Only a waiter's return links to it.
     */
    public static void release(Object obj) {
        if (!HttpHooks.completed(obj)) {
            Hooks.send(obj, "release", 0);
        }
    }

    /** A thread's run ends: its joiners are released, inside the run's dispatch (see {@link TaskHooks#threadRun}). */
    public static void threadEnd(Thread thread, int token) {
        release(thread);
        Hooks.end(token);
    }

    /** Whether a wait for {@code obj} that just returned was released rather than timed out or interrupted. */
    public static boolean released(Object obj) {
        try {
            if (obj instanceof java.util.concurrent.Future<?> f) {
                return f.isDone();
            }
            if (obj instanceof java.util.concurrent.CountDownLatch l) {
                return l.getCount() == 0;
            }
            if (obj instanceof Thread th) {
                return !th.isAlive();
            }
        } catch (RuntimeException e) {
            // a Future subclass whose isDone throws: no resume is better than a hook that throws
        }
        return false;
    }

    /**
     * This thread starts waiting for {@code obj} ({@code Future.get}, {@code CountDownLatch.await},
     * {@code Thread.join}, ...): {@code WAIT obj name}. Returns the token for {@link #waitEnd}.
     */
    public static int waitBegin(Object obj, String name) {
        if (obj == null) {
            return -1;
        }
        ThreadLog t = Hooks.enter();
        if (t == null) {
            return -1;
        }
        try {
            int token = t.depth();
            if (!t.push(Kind.WAIT, obj)) {
                return -1;
            }
            t.begin(System.nanoTime(), Kind.WAIT, 'B').key("obj").identity(obj).key("name").string(name).commit();
            return token;
        } finally {
            Hooks.leave(t);
        }
    }

    /**
     * The wait ends. When {@code released} (the future is done, the latch open, the thread dead,
     * rather than a timeout or an interrupt), the thread resumes because of the release: a
     * {@code DISPATCH_MSG obj via release} instant at the wait's end, which the release's send links to.
     */
    public static void waitEnd(int token, Object obj, String name, boolean released) {
        if (token < 0) {
            return;
        }
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        try {
            long ts = System.nanoTime();
            t.closeTo(token, ts);
            if (released) {
                writeResume(t, ts, obj, name);
            }
        } finally {
            Hooks.leave(t);
        }
    }

    /**
     * This thread resumes because {@code obj} was released, without having blocked for it (a
     * completion callback starting to run): the {@code DISPATCH_MSG obj via release} instant alone.
     */
    static void resumed(Object obj, String name) {
        ThreadLog t = Hooks.enter();
        if (t == null) {
            return;
        }
        try {
            writeResume(t, System.nanoTime(), obj, name);
        } finally {
            Hooks.leave(t);
        }
    }

    private static void writeResume(ThreadLog t, long ts, Object obj, String name) {
        t.begin(ts, Kind.DISPATCH_MSG, (char) 0).key("obj").identity(obj).key("via").string("release")
                .key("name").string(name).commit();
    }
}
