package dev.ura.app.analysis.events;

import java.util.List;

/**
 * Methods in which a thread waits instead of working: parked, sleeping, blocked on a monitor or a
 * queue, or a looper polling for its next message. Time inside them is idle, not work: profiles,
 * call graphs, statistics and findings leave it out, and on a critical path it is a wait.
 */
public final class IdleMethods {
    /** The idle methods, as globs over {@code pkg.Class.method}. */
    public static final List<String> GLOBS = List.of(
            "java.util.concurrent.locks.LockSupport.park*",
            "sun.misc.Unsafe.park", "jdk.internal.misc.Unsafe.park",
            "java.lang.Object.wait", "java.lang.Thread.sleep", "java.lang.Thread.join",
            "java.lang.Thread.parkFor$", "java.lang.Thread.parkUntil$",
            "android.os.MessageQueue.nativePollOnce", "android.os.SystemClock.sleep",
            "java.util.concurrent.ThreadPoolExecutor.getTask",
            "java.util.concurrent.*BlockingQueue.take", "java.util.concurrent.*BlockingQueue.poll",
            "java.util.concurrent.*BlockingDeque.take*", "java.util.concurrent.*BlockingDeque.poll*",
            "java.util.concurrent.SynchronousQueue.take", "java.util.concurrent.SynchronousQueue.poll",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.poll",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await*",
            "java.util.concurrent.CountDownLatch.await",
            "libcore.io.Linux.poll", "libcore.io.Linux.epoll*", "libcore.io.Posix.poll",
            "*.epollWait", "*.epoll_wait", "sun.nio.ch.EPoll.wait", "sun.nio.ch.EPollArrayWrapper.poll",
            "android.os.Binder.*blockUntilThreadAvailable", "java.lang.Daemons$*.waitForObject");

    private static final Glob MATCHER = Glob.anyOf(GLOBS);

    private IdleMethods() {
    }

    /** Whether the method ({@code pkg.Class.method}) is one a thread waits in. */
    public static boolean isIdle(String fullName) {
        return fullName != null && MATCHER.matches(fullName);
    }
}
