package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.Simulation;
import dev.ura.samples.sim.View;
import dev.ura.samples.sim.Work;

/**
 * An app process with the threads every real recording shows and the noise that makes response
 * detection non-trivial: binder threads posting unrelated messages to the main thread, the GC
 * and finalizer daemons, a periodic main-thread timer that re-posts itself, and optionally an
 * animation thread that invalidates a view every vsync (so frames run all the time). None of the
 * noise is tracked work of any response.
 */
final class AppProcess {
    final Simulation sim;
    final String pkg;
    final long pid;
    final long durationNs;
    final SimThread main;
    private long nextTid;

    AppProcess(String pkg, long pid, long seed, long durationNs) {
        this.sim = new Simulation(seed);
        this.pkg = pkg;
        this.pid = pid;
        this.durationNs = durationNs;
        this.main = sim.mainThread(pid, 3_211_000L);
        this.nextTid = pid + 8;
    }

    long tid() {
        return nextTid++;
    }

    /** The AsyncTask pool's worker {@code AsyncTask #n}. */
    SimThread asyncTaskThread(int n) {
        return sim.poolThread(tid(), "AsyncTask #" + n);
    }

    /** A worker of an app executor, named as {@code Executors.newFixedThreadPool} names them. */
    SimThread executorThread(int pool, int n) {
        return sim.poolThread(tid(), "pool-" + pool + "-thread-" + n);
    }

    /** The system noise: binder threads, GC daemons, the session timer on the main thread. */
    void systemNoise() {
        SimThread binder1 = sim.plainThread(pid + 2, "Binder:" + pid + "_1", null);
        SimThread binder2 = sim.plainThread(pid + 3, "Binder:" + pid + "_2", null);
        SimThread heap = sim.plainThread(pid + 4, "HeapTaskDaemon", null, "java.lang.Thread.run()V",
                "java.lang.Daemons$Daemon.run()V", "java.lang.Daemons$HeapTaskDaemon.runInternal()V",
                "dalvik.system.VMRuntime.runHeapTasks()V");
        SimThread finalizer = sim.plainThread(pid + 5, "FinalizerDaemon",
                "java.lang.ref.ReferenceQueue.remove(J)Ljava/lang/ref/Reference;", "java.lang.Thread.run()V",
                "java.lang.Daemons$Daemon.run()V", "java.lang.Daemons$FinalizerDaemon.runInternal()V");
        sim.every(binder1, 5_000_000L, 610, "binder1.period", durationNs, this::windowResized);
        sim.every(binder2, 97_000_000L, 870, "binder2.period", durationNs, this::imeActive);
        sim.every(heap, 151_000_000L, 420, "gc.period", durationNs, x -> x.cpu("gc", 7));
        sim.every(finalizer, 63_000_000L, 530, "finalizer.period", durationNs, x -> x.call(
                "java.lang.Daemons$FinalizerDaemon.doFinalize(Ljava/lang/ref/FinalizerReference;)V",
                () -> x.call("com.android.internal.os.BinderInternal$GcWatcher.finalize()V", () -> x.cpu("finalize", 0.15))));
        sim.tick(main, 11_000_000L, this::sessionTimer);
    }

    /** A binder call from the window manager, handled later on the main thread. */
    private void windowResized(Exec x) {
        binderCall(x, "android.view.IWindow$Stub.onTransact(ILandroid/os/Parcel;Landroid/os/Parcel;I)Z", () -> x.call(
                "android.view.ViewRootImpl$W.resized(Landroid/graphics/Rect;ZLandroid/util/MergedConfiguration;)V",
                () -> Android.sendToTarget(x, main, "android.view.ViewRootImpl$ViewRootHandler.handleMessage",
                        m -> m.call("android.view.ViewRootImpl$ViewRootHandler.handleMessage(Landroid/os/Message;)V",
                                () -> m.cpu("resized", 0.35)))));
    }

    /** A binder call from the input method service, handled later on the main thread. */
    private void imeActive(Exec x) {
        binderCall(x, "com.android.internal.view.IInputMethodClient$Stub.onTransact(ILandroid/os/Parcel;Landroid/os/Parcel;I)Z",
                () -> x.call("android.view.inputmethod.InputMethodManager$1.setActive(ZZ)V",
                        () -> Android.sendToTarget(x, main, "android.view.inputmethod.InputMethodManager$H.handleMessage",
                                m -> m.call("android.view.inputmethod.InputMethodManager$H.handleMessage(Landroid/os/Message;)V",
                                        () -> m.cpu("ime", 0.5)))));
    }

    private void binderCall(Exec x, String stub, Runnable body) {
        x.chain(() -> x.call(stub, () -> {
            x.cpu("binder.unparcel", 0.08);
            body.run();
        }), "android.os.Binder.execTransact(IJJI)Z", "android.os.Binder.execTransactInternal(IJJI)Z");
    }

    /** An app timer on the main thread that re-posts itself every second (unrelated work). */
    private void sessionTimer(Exec x) {
        x.call(pkg + ".SessionTimer.run()V", () -> {
            x.cpu("session.tick", 0.6);
            if (x.now() + 1_000_000_000L < durationNs) {
                Android.postDelayed(x, main, pkg + ".SessionTimer.run", 1000, this::sessionTimerMessage);
            }
        });
    }

    private void sessionTimerMessage(Exec x) {
        x.call("android.os.Handler.handleCallback(Landroid/os/Message;)V", () -> sessionTimer(x));
    }

    /**
     * An animation thread that invalidates {@code view} every vsync from {@code fromNs} on, so the
     * main thread draws a frame at every vsync.
     */
    void animationThread(String name, String animatorClass, View view, long fromNs) {
        SimThread anim = sim.plainThread(tid(), name, "java.lang.Thread.sleep(J)V",
                "java.lang.Thread.run()V", animatorClass + ".run()V");
        sim.every(anim, fromNs, 16.667, "anim.period", durationNs, x -> x.call(animatorClass + ".step()V", () -> {
            x.cpu("anim.step", 0.12);
            Android.postInvalidateOnAnimation(x, view);
        }));
    }

    /** A launch: the activity manager's binder call, then {@code handleLaunchActivity} on main. */
    void launch(long atNs, String activityClass, Work onCreate, Work onResume, View decor) {
        sim.tick(sim.plainThread(pid + 6, "Binder:" + pid + "_3", null), atNs, x -> binderCall(x,
                "android.app.IApplicationThread$Stub.onTransact(ILandroid/os/Parcel;Landroid/os/Parcel;I)Z",
                () -> x.call("android.app.ActivityThread$ApplicationThread.scheduleLaunchActivity(Landroid/content/Intent;Landroid/os/IBinder;I)V",
                        () -> x.call("android.app.ActivityThread.sendMessage(ILjava/lang/Object;)V",
                                () -> Android.sendToTarget(x, main, "android.app.ActivityThread$H.handleMessage",
                                        m -> m.call("android.app.ActivityThread$H.handleMessage(Landroid/os/Message;)V",
                                                () -> Launch.handleLaunchActivity(m, activityClass, onCreate, onResume, decor)))))));
    }
}
