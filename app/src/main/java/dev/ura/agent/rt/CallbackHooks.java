package dev.ura.agent.rt;

/**
 * {@code CompletableFuture} completion callbacks ({@code thenApply}, {@code thenAccept},
 * {@code thenRun}, {@code whenComplete}, {@code handle}, {@code exceptionally}, {@code thenCompose},
 * {@code thenCombine}, {@code applyToEither}, ..., and their {@code *Async} forms) registered on a
 * future that is not complete yet. Such a callback waits for two things: the code that registered
 * it hands it off ({@code SEND_MSG c via callback} at the registration), and the completion of its
 * source releases it ({@code SEND_MSG src via release}, {@link WaitHooks#release}). Where it runs
 * (the completing thread, an executor's, the registering one) it writes the resume of each source
 * that released it ({@code DISPATCH_MSG src via release}) and then its own dispatch of {@code c}, so
 * the critical path goes from the callback into whichever came last: usually the completing thread.
 * A callback registered on a future already complete runs at once (program order) or is an executor
 * hand-off of the registering thread: nothing to add.
 */
public final class CallbackHooks {
    private CallbackHooks() {
    }

    /** Callbacks registered and not run yet, with their names (capped, like TaskHooks' pending tasks). */
    private static final java.util.Map<Object, String> REGISTERED = new java.util.IdentityHashMap<>();
    private static final int REGISTERED_MAX = 1 << 14;
    /** {@code REGISTERED.size()}, read without the lock: every executor hand-off checks it. */
    private static volatile int registeredCount;

    /**
     * A callback {@code c} (a {@code CompletableFuture} completion of class {@code type}) is pushed
     * onto an incomplete future: the registration is its hand-off.
     */
    public static void registered(Object c, String type) {
        String name = nameOf(type);
        if (c == null || name == null || Recorder.log() == null || HttpHooks.inExchange()) {
            return;
        }
        synchronized (REGISTERED) {
            if (REGISTERED.size() >= REGISTERED_MAX) {
                REGISTERED.clear();
            }
            REGISTERED.put(c, name);
            registeredCount = REGISTERED.size();
        }
        Hooks.send(c, "callback", 0);
    }

    /**
     * Whether {@code task}, handed to an executor, is a registered callback: the completing thread
     * handing an {@code *Async} callback to its executor. Its hand-off is the registration and its
     * release the completion; the executor's send would be a second send of one object.
     */
    static boolean isRegistered(Object task) {
        if (registeredCount == 0) {
            return false;
        }
        synchronized (REGISTERED) {
            return REGISTERED.containsKey(task);
        }
    }

    /**
     * {@code tryFire} of callback {@code c} starts. When it runs its function now ({@code runsNow}:
     * its sources are complete, and it is the executor's run of an async callback or a callback
     * without executor), the resume from each completed source, then the callback's dispatch.
     * Returns the token for {@link Hooks#end}.
     */
    public static int fireBegin(Object c, boolean runsNow, Object src, Object snd) {
        if (!runsNow || registeredCount == 0) {
            return -1;
        }
        String name;
        synchronized (REGISTERED) {
            name = REGISTERED.remove(c);
            registeredCount = REGISTERED.size();
        }
        if (name == null) {
            return -1;
        }
        if (done(src)) {
            WaitHooks.resumed(src, name);
        }
        if (snd != null && snd != src && done(snd)) {
            WaitHooks.resumed(snd, name);
        }
        return Hooks.dispatchBegin(c, name);
    }

    private static boolean done(Object f) {
        return f instanceof java.util.concurrent.Future<?> && ((java.util.concurrent.Future<?>) f).isDone();
    }

    /** The API method a completion class stands for; null for the JDK's internal ones (relays, waiters). */
    static String nameOf(String type) {
        return switch (type.substring(type.lastIndexOf('$') + 1)) {
            case "UniApply" -> "thenApply";
            case "UniAccept" -> "thenAccept";
            case "UniRun" -> "thenRun";
            case "UniWhenComplete" -> "whenComplete";
            case "UniHandle" -> "handle";
            case "UniExceptionally" -> "exceptionally";
            case "UniCompose" -> "thenCompose";
            case "UniComposeExceptionally" -> "exceptionallyCompose";
            case "BiApply" -> "thenCombine";
            case "BiAccept" -> "thenAcceptBoth";
            case "BiRun" -> "runAfterBoth";
            case "OrApply" -> "applyToEither";
            case "OrAccept" -> "acceptEither";
            case "OrRun" -> "runAfterEither";
            default -> null;
        };
    }
}
