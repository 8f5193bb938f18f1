package dev.ura.app.analysis.system;

import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

/**
 * Android 4.1–4.3 doFrames, which Choreographer ran but did not trace (docs/system-responses.md §3):
 * on a UI thread whose frames are bare {@code performTraversals}, a doFrame is what the thread runs
 * from a vsync wakeup to its next sleep. Choreographer runs a vsync's input, animation and traversal
 * callbacks in that one doFrame, and a traversal posted while input is handled is due at once, so it
 * runs in the same doFrame; a traversal posted outside a doFrame runs in the next one. Hence a doFrame
 * that reaches its sleep without a traversal shows that nothing had asked for one: work it ran, or
 * work that ran before it, requested no frame, and the next traversal is a later cause's.
 */
final class VsyncDoFrames {
    private final SystemTrace system;
    private final SystemThreads threads;
    private final UiFrames ui;

    VsyncDoFrames(SystemTrace system, SystemThreads threads, UiFrames ui) {
        this.system = system;
        this.threads = threads;
        this.ui = ui;
    }

    /**
     * Whether work of UI thread {@code t} over [{@code fromNs}, {@code toNs}] asked for no traversal
     * before the one starting at {@code traversalNs} (the first drawing one after {@code fromNs}): the
     * vsync-woken doFrame the work ran in, else the first vsync-woken doFrame after {@code toNs}, went
     * back to sleep before {@code traversalNs}. False when the states do not show it (no wakeup
     * recorded, no vsync wakeup before the traversal): the work keeps that traversal.
     */
    boolean askedForNone(int t, long fromNs, long toNs, long traversalNs) {
        ThreadStateTable st = system.states().get(t);
        int at = st.indexAt(fromNs);
        if (at < 0) {
            return false;
        }
        int woken = at;
        while (woken > 0 && !st.state(woken - 1).isSleep()) {
            woken--;
        }
        // In a doFrame's input stage: woken by the vsync thread, and no traversal since the wakeup.
        if (woken > 0 && threads.vsyncThread(st.waker(woken)) && !ui.traversalBetween(t, st.start(woken), fromNs)) {
            return idlesBefore(st, at, traversalNs);
        }
        // Outside one (an input delivered straight from the looper, or after the doFrame's traversal):
        // a traversal it asked for runs in the next vsync's doFrame.
        for (int i = Math.max(at, 1); i < st.size() && st.start(i) < traversalNs; i++) {
            if (st.start(i) >= toNs && st.state(i - 1).isSleep() && !st.state(i).isSleep()
                    && threads.vsyncThread(st.waker(i))) {
                return idlesBefore(st, i, traversalNs);
            }
        }
        return false;
    }

    /**
     * Whether the thread's looper goes idle after interval {@code i}, before {@code ns}: a sleep (S)
     * that the next vsync or input event ends. A sleep another thread ends (a binder call returning)
     * is inside the doFrame.
     */
    private boolean idlesBefore(ThreadStateTable st, int i, long ns) {
        for (int k = i; k < st.size() && st.start(k) < ns; k++) {
            if (st.state(k) == ThreadState.SLEEPING
                    && (threads.vsyncThread(st.waker(k)) || threads.inputSystem(st.waker(k)))) {
                return true;
            }
        }
        return false;
    }
}
