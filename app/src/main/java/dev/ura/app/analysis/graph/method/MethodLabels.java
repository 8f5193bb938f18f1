package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.AppClasses;
import dev.ura.app.analysis.events.IdleMethods;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

/**
 * Each method's full name and whether it is app code, worked out once per method instead of once
 * per segment (a name is a string concatenation, the app test a dozen prefix comparisons). Filled
 * on first use; racing threads compute the same values, so sharing needs no lock.
 */
final class MethodLabels {
    private final MethodTable methods;
    private final String[] names;
    /** 0: not known yet, 1: not app code, 2: app code. */
    private final byte[] app;
    /** 0: not known yet, 1: work, 2: idle (waiting), 3: loop plumbing. */
    private final byte[] role;

    MethodLabels(MethodTable methods) {
        this.methods = methods;
        this.names = new String[methods.size()];
        this.app = new byte[methods.size()];
        this.role = new byte[methods.size()];
    }

    /** {@link IdleMethods#isIdle}: the thread waits in this method. */
    boolean isIdle(int index) {
        return role(index) == 2;
    }

    /** Whether the method only runs a thread's loop (a looper, a pool worker) rather than any one piece of work. */
    boolean isLoop(int index) {
        return role(index) == 3;
    }

    private byte role(int index) {
        byte r = role[index];
        if (r == 0) {
            String n = name(index);
            r = IdleMethods.isIdle(n) ? (byte) 2 : LOOPS.contains(n) ? (byte) 3 : (byte) 1;
            role[index] = r;
        }
        return r;
    }

    private static final java.util.Set<String> LOOPS = java.util.Set.of(
            "android.os.Looper.loop", "android.os.Looper.loopOnce", "android.os.MessageQueue.next",
            "android.os.HandlerThread.run", "android.app.ActivityThread.main",
            "com.android.internal.os.ZygoteInit.main", "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run",
            "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.call", "java.lang.reflect.Method.invoke",
            "java.lang.Thread.run", "java.util.concurrent.ThreadPoolExecutor.runWorker",
            "java.util.concurrent.ThreadPoolExecutor$Worker.run");

    /** {@link MethodInfo#fullName()} of the method at {@code index}. */
    String name(int index) {
        String n = names[index];
        if (n == null) {
            n = methods.get(index).fullName();
            names[index] = n;
        }
        return n;
    }

    /** {@link AppClasses#isApp} of the method's class. */
    boolean isApp(int index) {
        byte a = app[index];
        if (a == 0) {
            a = AppClasses.isApp(methods.get(index).className()) ? (byte) 2 : (byte) 1;
            app[index] = a;
        }
        return a == 2;
    }
}
