package dev.ura.agent.rt;

/**
 * What instrumented code calls: the shared core (the guard every hook goes through, hand-offs,
 * intervals and their ends). The hooks of each concern live beside it: {@link InputHooks},
 * {@link ScreenHooks}, {@link TaskHooks}, {@link WaitHooks}, {@link IoHooks}.
 *
 * <p>Each {@code *Begin} returns a token (the thread's interval depth before it, or -1 when
 * nothing was recorded) that the matching exit passes to {@link #end}; an exit closes everything
 * opened at or inside its token, so an exception that skipped inner exits still leaves balanced
 * intervals. Hooks never throw into the app.
 *
 * <p>Lives on the boot class path (JDK classes call it) and uses nothing but {@code java.base}.
 */
public final class Hooks {
    private Hooks() {
    }

    /**
     * The guard every writing hook starts with: this thread's log marked busy (so JDK code the
     * hook itself runs is not recorded), with a pending input written first so it precedes what
     * follows; null when this thread records nothing now. Pair with {@link #leave} in a finally.
     */
    static ThreadLog enter() {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return null;
        }
        t.busy = true;
        InputHooks.flushPendingInput(t);
        return t;
    }

    /** The end of a hook {@link #enter} let through. */
    static void leave(ThreadLog t) {
        t.busy = false;
    }

    // ---- hand-offs ------------------------------------------------------------------------------

    /** Work is handed to another thread or queued: {@code SEND_MSG obj via}. */
    public static void send(Object obj, String via, long delayMs) {
        if (obj == null) {
            return;
        }
        ThreadLog t = enter();
        if (t == null) {
            return;
        }
        try {
            t.begin(System.nanoTime(), Kind.SEND_MSG, (char) 0).key("obj").identity(obj).key("via").string(via);
            if (delayMs > 0) {
                t.key("delay_ms").number(delayMs);
            }
            t.commit();
        } finally {
            leave(t);
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
        ThreadLog t = enter();
        if (t == null) {
            return -1;
        }
        try {
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
            leave(t);
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

    // ---- methods ------------------------------------------------------------------------------

    /** A method chosen with {@code include=} starts. */
    public static int methodBegin(String name) {
        return open(Kind.METHOD, null, "name", name);
    }

    // ---- intervals ----------------------------------------------------------------------------

    /** Opens an interval of {@code kind} (with {@code view} and one string field when given); returns its token. */
    static int open(byte kind, Object view, String key, String value) {
        ThreadLog t = enter();
        if (t == null) {
            return -1;
        }
        try {
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
            leave(t);
        }
    }

    /** Closes the interval opened with {@code token} and everything still open inside it. */
    public static void end(int token) {
        if (token < 0) {
            return;
        }
        ThreadLog t = enter();
        if (t == null) {
            return;
        }
        try {
            t.closeTo(token, System.nanoTime());
        } finally {
            leave(t);
        }
    }
}
