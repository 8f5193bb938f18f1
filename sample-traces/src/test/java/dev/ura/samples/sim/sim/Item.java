package dev.ura.samples.sim;

/**
 * One unit of work queued on a simulated thread.
 *
 * @param readyNs        earliest start
 * @param seq            tie-breaker: queue order
 * @param kind           how the thread runs it
 * @param obj            the hand-off identity (agent-log {@code obj}), or {@code null}
 * @param dispatchMethod the call that runs it ({@code android.os.Handler.dispatchMessage},
 *                       {@code java.util.concurrent.FutureTask.run}, an app Runnable's run), or {@code null}
 * @param dispatchName   the agent-log DISPATCH_MSG name, or {@code null}
 * @param response       the response whose tracked work this is, or -1
 * @param work           what it does
 */
record Item(long readyNs, long seq, Kind kind, String obj, String dispatchMethod, String dispatchName,
            int response, Work work) {

    enum Kind {
        /** A handler message on a looper. */
        MESSAGE,
        /** An input event, delivered inside {@code MessageQueue.next}. */
        INPUT,
        /** An executor task on a pool thread. */
        TASK,
        /** A step of a thread that runs its own loop (no dispatch call). */
        TICK
    }
}
