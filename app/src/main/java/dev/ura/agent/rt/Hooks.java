package dev.ura.agent.rt;

/**
 * What instrumented code calls. Each {@code *Begin} returns a token (the thread's interval depth
 * before it, or -1 when nothing was recorded) that the matching exit passes to {@link #end}; an
 * exit closes everything opened at or inside its token, so an exception that skipped inner exits
 * still leaves balanced intervals. Hooks never throw into the app.
 *
 * <p>Lives on the boot class path (JDK classes call it) and uses nothing but {@code java.base}.
 */
public final class Hooks {
    private Hooks() {
    }

    // ---- input ------------------------------------------------------------------------------

    /**
     * An input event starts being dispatched. The {@code USER_INPUT} line waits for the component
     * the event is delivered to ({@link #inputTarget}); any other event on this thread, or the end,
     * writes it with {@code source} instead.
     */
    public static int inputBegin(String name, Object source) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            int token = t.depth();
            if (!t.push(Kind.USER_INPUT, null)) {
                return -1;
            }
            t.pendingInput = name;
            t.pendingTs = System.nanoTime();
            t.pendingSource = source;
            t.pendingName = null;
            return token;
        } finally {
            t.busy = false;
        }
    }

    /** Whether this thread has an input event whose target component is not known yet. */
    public static boolean inputPending() {
        ThreadLog t = Recorder.log();
        return t != null && t.pendingInput != null;
    }

    /** A component receives an event; the first one that is not a window names a pending input. */
    public static void inputTarget(Object component, String componentName, boolean window) {
        ThreadLog t = Recorder.log();
        if (t == null || t.pendingInput == null || window) {
            return;
        }
        t.busy = true;
        try {
            t.pendingSource = component;
            t.pendingName = componentName;
            flushPendingInput(t);
        } finally {
            t.busy = false;
        }
    }

    /** A nested input (an action fired by a button during a mouse or key event). */
    public static int actionBegin(String name, Object component, String componentName) {
        int token = inputBegin(name, component);
        inputTarget(component, componentName, false);
        return token;
    }

    /**
     * A key press ends. When it has a character, the {@code KEY_TYPED} event the toolkit sends
     * right after it (where a text component inserts the character) is its hand-off
     * ({@code via input}), so the press's response ends at the paint that shows the character.
     */
    public static void keyPressEnd(int token, char keyChar) {
        ThreadLog t = Recorder.log();
        if (t != null && token >= 0 && keyChar != CHAR_UNDEFINED) {
            TypedKey key = new TypedKey(keyChar);
            send(key, "input", 0);
            t.pendingTyped = key;
        }
        end(token);
    }

    /**
     * A {@code KEY_TYPED} event starts being dispatched: the dispatch of the key press that sent it
     * when its character matches, else a {@code USER_INPUT keyTyped} of its own (a typed event
     * without a press: an input method, a program's dispatchEvent).
     */
    public static int keyTypedBegin(Object source, char keyChar) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        TypedKey key = t.pendingTyped;
        t.pendingTyped = null;
        if (key != null && key.keyChar == keyChar) {
            return dispatchBegin(key, "keyTyped");
        }
        return inputBegin("keyTyped", source);
    }

    /** {@code KeyEvent.CHAR_UNDEFINED} (the runtime uses nothing outside java.base). */
    private static final char CHAR_UNDEFINED = '\uFFFF';

    /** What a key press hands to its KEY_TYPED event: one object per press, so its identity is the press's. */
    static final class TypedKey {
        final char keyChar;

        TypedKey(char keyChar) {
            this.keyChar = keyChar;
        }
    }

    private static void flushPendingInput(ThreadLog t) {
        if (t.pendingInput == null) {
            return;
        }
        t.begin(t.pendingTs, Kind.USER_INPUT, 'B').key("name").string(t.pendingInput);
        Object src = t.pendingSource;
        if (src != null) {
            t.key("view").identity(src).key("component").string(src.getClass().getName());
            if (t.pendingName != null) {
                t.key("component_name").string(t.pendingName);
            }
        }
        t.commit();
        t.pendingInput = null;
        t.pendingSource = null;
        t.pendingName = null;
    }

    // ---- hand-offs ------------------------------------------------------------------------------

    /** Work is handed to another thread or queued: {@code SEND_MSG obj via}. */
    public static void send(Object obj, String via, long delayMs) {
        if (obj == null) {
            return;
        }
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            t.begin(System.nanoTime(), Kind.SEND_MSG, (char) 0).key("obj").identity(obj).key("via").string(via);
            if (delayMs > 0) {
                t.key("delay_ms").number(delayMs);
            }
            t.commit();
        } finally {
            t.busy = false;
        }
    }

    /**
     * Handed-off work starts running: {@code DISPATCH_MSG obj name}. Nothing is written when the
     * innermost open dispatch of this thread is the same object (one hand-off seen by two hooks).
     */
    public static int dispatchBegin(Object obj, String name) {
        if (obj == null) {
            return -1;
        }
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            for (int d = t.depth() - 1; d >= 0; d--) {
                if (t.kindAt(d) == Kind.DISPATCH_MSG) {
                    if (t.objAt(d) == obj) {
                        return -1;
                    }
                    break;
                }
            }
            int token = t.depth();
            if (!t.push(Kind.DISPATCH_MSG, obj)) {
                return -1;
            }
            t.begin(System.nanoTime(), Kind.DISPATCH_MSG, 'B').key("obj").identity(obj)
                    .key("name").string(name).commit();
            return token;
        } finally {
            t.busy = false;
        }
    }

    /** The dispatch of {@code obj} ends (an {@code afterExecute} style hook without a token). */
    public static void dispatchEnd(Object obj) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        for (int d = t.depth() - 1; d >= 0; d--) {
            if (t.kindAt(d) == Kind.DISPATCH_MSG && t.objAt(d) == obj) {
                end(d);
                return;
            }
        }
    }

    /**
     * A thread is started: a hand-off ({@code via thread}) to its {@code run}, identified by its
     * Runnable target or, without one, by the thread. Threads the JDK starts for itself (pool
     * workers, timer and selector threads, the EDT) are not hand-offs of the work they will run
     * later; the tasks queued to them are recorded where they are queued.
     */
    public static void threadStart(Thread thread, Object target) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        boolean jdk;
        try {
            jdk = StartedBy.jdk();
        } finally {
            t.busy = false;
        }
        if (!jdk) {
            send(target != null ? target : thread, "thread", 0);
        }
    }

    /** A thread's {@code run} starts; see {@link #threadStart}. */
    public static int threadRun(Thread thread, Object target) {
        return dispatchBegin(target != null ? target : thread, "run");
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
            end(t.poolToken);
        }
        t.poolToken = dispatchBegin(task, TaskNames.INSTANCE.get(task.getClass()));
    }

    /** The current thread-pool task ended ({@code afterExecute}). */
    public static void poolTaskEnd() {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        int token = t.poolToken;
        t.poolToken = -1;
        end(token);
    }

    // ---- waits for other threads ---------------------------------------------------------------

    /**
     * {@code obj} is released for whoever waits for it (a future completed, a latch reached zero, a
     * thread's run ended): {@code SEND_MSG obj via release}. Only a waiter's return links to it.
     */
    public static void release(Object obj) {
        send(obj, "release", 0);
    }

    /** A thread's run ends: its joiners are released, inside the run's dispatch (see {@link #threadRun}). */
    public static void threadEnd(Thread thread, int token) {
        release(thread);
        end(token);
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
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            int token = t.depth();
            if (!t.push(Kind.WAIT, obj)) {
                return -1;
            }
            t.begin(System.nanoTime(), Kind.WAIT, 'B').key("obj").identity(obj).key("name").string(name).commit();
            return token;
        } finally {
            t.busy = false;
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
                t.begin(ts, Kind.DISPATCH_MSG, (char) 0).key("obj").identity(obj).key("via").string("release")
                        .key("name").string(name).commit();
            }
        } finally {
            t.busy = false;
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
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        boolean jdk;
        try {
            jdk = StartedBy.jdkTimer();
        } finally {
            t.busy = false;
        }
        if (jdk) {
            return;
        }
        synchronized (TIMERS_TO_FIRE) {
            TIMERS_TO_FIRE.put(timer, Boolean.TRUE);
        }
        send(timer, "timer", 0);
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
        return first ? dispatchBegin(timer, "actionPerformed") : -1;
    }

    // ---- screen -------------------------------------------------------------------------------

    /** A screen update of {@code view} is requested. */
    public static void invalidate(Object view) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            t.begin(System.nanoTime(), Kind.INVALIDATE, (char) 0).key("view").identity(view).commit();
        } finally {
            t.busy = false;
        }
    }

    /**
     * {@code view} starts painting. Nothing is written when the innermost open draw of this thread
     * is the same view: an app's {@code paint} override that calls {@code super.paint} is one paint.
     */
    public static int drawBegin(Object view) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        if (t.passDrawn != null) {
            t.passDrawn.put(view, Boolean.TRUE);
        }
        for (int d = t.depth() - 1; d >= 0; d--) {
            if (t.kindAt(d) == Kind.DRAW) {
                if (t.objAt(d) == view) {
                    return -1;
                }
                break;
            }
        }
        return open(Kind.DRAW, view, null, null);
    }

    /** A RepaintManager paint pass starts on this thread. */
    public static void paintPassBegin() {
        ThreadLog t = Recorder.log();
        if (t != null) {
            t.passDrawn = new java.util.IdentityHashMap<>();
        }
    }

    /** The pass ends: each of {@code requested} it did not paint gets an instant DRAW marked dropped. */
    public static void paintPassEnd(Object[] requested) {
        ThreadLog t = Recorder.log();
        if (t == null || t.passDrawn == null) {
            return;
        }
        java.util.Map<Object, Boolean> drawn = t.passDrawn;
        t.passDrawn = null;
        if (requested == null) {
            return;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            long now = System.nanoTime();
            for (Object c : requested) {
                if (c != null && !drawn.containsKey(c)) {
                    t.begin(now, Kind.DRAW, (char) 0).key("view").identity(c).key("dropped").raw("true").commit();
                }
            }
        } finally {
            t.busy = false;
        }
    }

    // ---- I/O ----------------------------------------------------------------------------------

    /**
     * Storage or network I/O starts ({@code kind}: "READ", "WRITE", "SEND", "RECV"). I/O inside
     * I/O (a stream over a channel) is not an interval of its own: its bytes count for the outer one.
     */
    public static int ioBegin(String kind, String pathOrHost) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        int d = t.depth();
        if (d > 0 && Kind.isIo(t.kindAt(d - 1))) {
            return -1;
        }
        byte k = switch (kind) {
            case "READ" -> Kind.READ;
            case "WRITE" -> Kind.WRITE;
            case "SEND" -> Kind.SEND;
            default -> Kind.RECV;
        };
        return open(k, null, k == Kind.SEND || k == Kind.RECV ? "host" : "path", pathOrHost);
    }

    /**
     * I/O ends having moved {@code bytes} (negative: unknown, e.g. end of file); a nested one adds
     * its bytes to the enclosing I/O interval.
     */
    public static void ioEnd(int token, long bytes) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        if (token < 0) {
            int d = t.depth();
            if (bytes > 0 && d > 0 && Kind.isIo(t.kindAt(d - 1))) {
                t.addBytesAt(d - 1, bytes);
            }
            return;
        }
        if (bytes >= 0 && token < t.depth()) {
            t.setBytesAt(token, bytes);
        }
        end(token);
    }

    // ---- methods ------------------------------------------------------------------------------

    /** A method chosen with {@code include=} starts. */
    public static int methodBegin(String name) {
        return open(Kind.METHOD, null, "name", name);
    }

    // ---- common -------------------------------------------------------------------------------

    private static int open(byte kind, Object view, String key, String value) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            int token = t.depth();
            if (!t.push(kind, view)) {
                return -1;
            }
            t.begin(System.nanoTime(), kind, 'B');
            if (view != null) {
                t.key("view").identity(view);
            }
            if (key != null && value != null) {
                t.key(key).string(value);
            }
            t.commit();
            return token;
        } finally {
            t.busy = false;
        }
    }

    /** Closes the interval opened with {@code token} and everything still open inside it. */
    public static void end(int token) {
        if (token < 0) {
            return;
        }
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        t.busy = true;
        try {
            flushPendingInput(t);
            t.closeTo(token, System.nanoTime());
        } finally {
            t.busy = false;
        }
    }
}
