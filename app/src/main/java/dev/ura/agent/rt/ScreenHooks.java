package dev.ura.agent.rt;

/** Screen updates: requests ({@code INVALIDATE}), paints ({@code DRAW}) and a paint pass's dropped requests. */
public final class ScreenHooks {
    private ScreenHooks() {
    }

    /** A screen update of {@code view} is requested. */
    public static void invalidate(Object view) {
        ThreadLog t = Hooks.enter();
        if (t == null) {
            return;
        }
        try {
            t.begin(System.nanoTime(), Kind.INVALIDATE, (char) 0).key("view").identity(view).commit();
        } finally {
            Hooks.leave(t);
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
        return Hooks.open(Kind.DRAW, view, null, null);
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
        t = Hooks.enter();
        if (t == null) {
            return;
        }
        try {
            long now = System.nanoTime();
            for (Object c : requested) {
                if (c != null && !drawn.containsKey(c)) {
                    t.begin(now, Kind.DRAW, (char) 0).key("view").identity(c).key("dropped").raw("true").commit();
                }
            }
        } finally {
            Hooks.leave(t);
        }
    }
}
