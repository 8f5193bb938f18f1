package dev.ura.samples.sim;

import dev.ura.samples.timeline.AgentEvent;
import dev.ura.trace.model.EventKind;

/**
 * Framework call chains as an instrumented Android trace shows them, each with the agent-log
 * event the analysis derives from it (see {@code docs/android-method-rules.md}):
 * handler posts end in {@code MessageQueue.enqueueMessage}, executor hand-offs in
 * {@code ThreadPoolExecutor.execute}, screen requests in {@code View.invalidate} /
 * {@code View.requestLayout}, storage in {@code java.io} / SQLite, network in {@code java.net}.
 */
public final class Android {
    private static final String ENQUEUE = "android.os.MessageQueue.enqueueMessage(Landroid/os/Message;J)Z";
    private static final String[] SEND_CHAIN = {
            "android.os.Handler.sendMessageDelayed(Landroid/os/Message;J)Z",
            "android.os.Handler.sendMessageAtTime(Landroid/os/Message;J)Z",
            "android.os.Handler.enqueueMessage(Landroid/os/MessageQueue;Landroid/os/Message;J)Z"};

    private Android() {
    }

    /**
     * {@code handler.post(runnable)} to a looper: the work runs there as a handler message.
     *
     * @param dispatchName the DISPATCH_MSG name the agent reports (the method the message runs)
     */
    public static void post(Exec x, SimThread looper, String dispatchName, Work work) {
        postDelayed(x, looper, dispatchName, 0, work);
    }

    /** {@code handler.postDelayed(runnable, delayMs)}. */
    public static void postDelayed(Exec x, SimThread looper, String dispatchName, long delayMs, Work work) {
        x.call("android.os.Handler.postDelayed(Ljava/lang/Runnable;J)Z", () -> send(x, looper, dispatchName, delayMs, work));
    }

    /** {@code message.sendToTarget()} (how AsyncTask posts its result). */
    public static void sendToTarget(Exec x, SimThread looper, String dispatchName, Work work) {
        x.chain(() -> send(x, looper, dispatchName, 0, work),
                "android.os.Message.sendToTarget()V", "android.os.Handler.sendMessage(Landroid/os/Message;)Z");
    }

    private static void send(Exec x, SimThread looper, String dispatchName, long delayMs, Work work) {
        String obj = x.sim().newObject("msg");
        AgentEvent ev = AgentEvent.instant(EventKind.SEND_MSG, "obj", obj, "via", "handler", "target_tid", looper.tid(),
                "delay_ms", delayMs > 0 ? delayMs : null);
        x.chain(() -> x.call(ENQUEUE, ev, () -> {
            x.cpu("enqueue", 0.02);
            x.sim().handOff(looper, x.now() + delayMs * 1_000_000L, obj, null, dispatchName, x.response(), work);
        }), SEND_CHAIN);
    }

    /**
     * {@code executor.execute(new RunnableClass())}: the pool runs {@code runnableClass.run}
     * directly under {@code ThreadPoolExecutor.runWorker}.
     */
    public static void execute(Exec x, SimThread pool, String runnableClass, Work run) {
        x.leaf(runnableClass + ".<init>()V");
        String obj = x.sim().newObject("task");
        handOffToPool(x, pool, obj, "executor", runnableClass + ".run()V", runnableClass + ".run", run);
    }

    private static void handOffToPool(Exec x, SimThread pool, String obj, String via, String dispatchMethod,
                                      String dispatchName, Work run) {
        AgentEvent ev = AgentEvent.instant(EventKind.SEND_MSG, "obj", obj, "via", via, "target_tid", pool.tid());
        x.call("java.util.concurrent.ThreadPoolExecutor.execute(Ljava/lang/Runnable;)V", ev, () -> {
            x.cpu("execute", 0.03);
            x.leaf("java.util.concurrent.LinkedBlockingQueue.offer(Ljava/lang/Object;)Z");
            x.sim().handOff(pool, x.now(), obj, dispatchMethod, dispatchName, x.response(), run);
        });
    }

    /**
     * {@code new TaskClass().execute()}: {@code doInBackground} on a pool worker
     * ({@code runWorker → FutureTask.run → AsyncTask$2.call}), then {@code onPostExecute} on
     * {@code main} through AsyncTask's internal handler.
     */
    public static void asyncTask(Exec x, SimThread pool, SimThread main, String taskClass, Work background,
                                 Work onPostExecute) {
        x.call(taskClass + ".<init>()V", () -> x.leaf("android.os.AsyncTask.<init>()V"));
        String obj = x.sim().newObject("task");
        x.chain(() -> {
            x.leaf(taskClass + ".onPreExecute()V");
            handOffToPool(x, pool, obj, "asynctask", "java.util.concurrent.FutureTask.run()V",
                    taskClass + ".doInBackground", w -> w.chain(() -> {
                        w.leaf("android.os.Process.setThreadPriority(I)V");
                        w.call(taskClass + ".doInBackground([Ljava/lang/Object;)Ljava/lang/Object;", () -> background.run(w));
                        w.call("android.os.AsyncTask.postResult(Ljava/lang/Object;)Ljava/lang/Object;",
                                () -> sendToTarget(w, main, taskClass + ".onPostExecute", m -> m.chain(
                                        () -> m.call(taskClass + ".onPostExecute(Ljava/lang/Object;)V", () -> onPostExecute.run(m)),
                                        "android.os.AsyncTask$InternalHandler.handleMessage(Landroid/os/Message;)V",
                                        "android.os.AsyncTask.finish(Ljava/lang/Object;)V")));
                    }, "android.os.AsyncTask$2.call()Ljava/lang/Object;"));
        }, "android.os.AsyncTask.execute([Ljava/lang/Object;)Landroid/os/AsyncTask;",
                "android.os.AsyncTask.executeOnExecutor(Ljava/util/concurrent/Executor;[Ljava/lang/Object;)Landroid/os/AsyncTask;");
    }

    /** {@code view.invalidate()} on the main thread. */
    public static void invalidate(Exec x, View v) {
        screenRequest(x, v, "android.view.View.invalidate()V", false);
    }

    /** {@code view.requestLayout()} on the main thread (the next frame measures and lays it out). */
    public static void requestLayout(Exec x, View v) {
        screenRequest(x, v, "android.view.View.requestLayout()V", true);
    }

    private static void screenRequest(Exec x, View v, String method, boolean layout) {
        x.call(method, AgentEvent.instant(EventKind.INVALIDATE, "view", v.id()), () -> {
            x.chain(() -> {
                x.cpu("invalidate", 0.01);
                x.leaf("android.os.MessageQueue.postSyncBarrier()I");
                x.leaf("android.view.Choreographer.postCallback(ILjava/lang/Runnable;Ljava/lang/Object;)V");
            }, layout ? "android.view.ViewRootImpl.requestLayout()V" : "android.view.ViewRootImpl.invalidateChildInParent([ILandroid/graphics/Rect;)Landroid/view/ViewParent;",
                    "android.view.ViewRootImpl.scheduleTraversals()V");
            x.sim().choreographer().invalidate(v, layout, x.now());
            x.sim().request(x.response(), v.id(), x.now());
        });
    }

    /** {@code view.postInvalidateOnAnimation()} from any thread (animations). */
    public static void postInvalidateOnAnimation(Exec x, View v) {
        x.call("android.view.View.postInvalidateOnAnimation()V", AgentEvent.instant(EventKind.INVALIDATE, "view", v.id()), () -> {
            x.chain(() -> x.cpu("invalidate", 0.01), "android.view.ViewRootImpl.dispatchInvalidateOnAnimation(Landroid/view/View;)V",
                    "android.view.Choreographer.postCallback(ILjava/lang/Runnable;Ljava/lang/Object;)V");
            x.sim().choreographer().invalidate(v, false, x.now());
            x.sim().request(x.response(), v.id(), x.now());
        });
    }

    /** {@code glSurfaceView.requestRender()}: the GL thread's next frame fulfils it. */
    public static void requestRender(Exec x, String surface) {
        x.call("android.opengl.GLSurfaceView.requestRender()V", AgentEvent.instant(EventKind.REQUEST_RENDER, "surface", surface), () -> {
            x.call("android.opengl.GLSurfaceView$GLThread.requestRender()V", () -> x.leaf("java.lang.Object.notifyAll()V"));
            x.sim().request(x.response(), surface, x.now());
        });
    }

    /** One GL frame: {@code renderer.onDrawFrame} then the buffer swap. */
    public static void drawFrame(Exec x, String rendererClass, String surface, double ms) {
        long start = x.now();
        x.call(rendererClass + ".onDrawFrame(Ljavax/microedition/khronos/opengles/GL10;)V",
                AgentEvent.interval(EventKind.DRAW_FRAME, "surface", surface), () -> x.cpu("gl.frame", ms));
        x.sim().fulfil(surface, start, x.now());
        x.call("android.opengl.GLSurfaceView$EglHelper.swap()I", () -> x.block("gl.swap", 1.2));
    }

    /**
     * Writes a file in {@code chunks} equal writes: {@code new FileOutputStream(path)},
     * {@code FileOutputStream.write} per chunk (a WRITE each), {@code close}.
     */
    public static void writeFile(Exec x, String key, String path, long bytes, int chunks, double msPerChunk) {
        x.call("java.io.FileOutputStream.<init>(Ljava/io/File;)V", () -> x.call(
                "libcore.io.IoBridge.open(Ljava/lang/String;I)Ljava/io/FileDescriptor;", () -> x.block(key + ".open", 0.6)));
        long per = bytes / chunks;
        for (int i = 0; i < chunks; i++) {
            x.call("java.io.FileOutputStream.write([BII)V", AgentEvent.interval(EventKind.WRITE, "bytes", per, "path", path),
                    () -> x.chain(() -> {
                        x.cpu(key + ".copy", msPerChunk * 0.08);
                        x.block(key, msPerChunk * 0.92);
                    }, "libcore.io.IoBridge.write(Ljava/io/FileDescriptor;[BII)V", "libcore.io.BlockGuardOs.write(Ljava/io/FileDescriptor;[BII)I"));
        }
        x.call("java.io.FileOutputStream.close()V", () -> x.block(key + ".close", 0.3));
    }

    /** Reads a file in {@code chunks} reads ({@code FileInputStream.read}, a READ each). */
    public static void readFile(Exec x, String key, String path, long bytes, int chunks, double msPerChunk) {
        x.call("java.io.FileInputStream.<init>(Ljava/io/File;)V", () -> x.block(key + ".open", 0.4));
        long per = bytes / chunks;
        for (int i = 0; i < chunks; i++) {
            x.call("java.io.FileInputStream.read([BII)I", AgentEvent.interval(EventKind.READ, "bytes", per, "path", path),
                    () -> x.call("libcore.io.IoBridge.read(Ljava/io/FileDescriptor;[BII)I", () -> {
                        x.cpu(key + ".copy", msPerChunk * 0.1);
                        x.block(key, msPerChunk * 0.9);
                    }));
        }
        x.leaf("java.io.FileInputStream.close()V");
    }

    /** A SQLite statement ({@code SQLiteDatabase.insert} / {@code query}): storage I/O. */
    public static void sqlite(Exec x, String key, String method, boolean write, String db, long bytes, double ms) {
        x.call(method, AgentEvent.interval(write ? EventKind.WRITE : EventKind.READ, "bytes", bytes, "path", db),
                () -> x.chain(() -> {
                    x.cpu(key + ".cpu", ms * 0.3);
                    x.block(key, ms * 0.7);
                }, "android.database.sqlite.SQLiteSession.executeForLastInsertedRowId(Ljava/lang/String;[Ljava/lang/Object;Landroid/os/CancellationSignal;)J",
                        "android.database.sqlite.SQLiteConnection.nativeExecuteForLastInsertedRowId(JJ)J"));
    }

    /** {@code SharedPreferences.Editor.commit()}: a synchronous XML write. */
    public static void commitPreferences(Exec x, String key, String path, long bytes, double ms) {
        x.call("android.app.SharedPreferencesImpl$EditorImpl.commit()Z", AgentEvent.interval(EventKind.WRITE, "bytes", bytes, "path", path),
                () -> x.chain(() -> {
                    x.call("com.android.internal.util.XmlUtils.writeMapXml(Ljava/util/Map;Ljava/io/OutputStream;)V", () -> x.cpu(key + ".xml", ms * 0.2));
                    x.call("android.os.FileUtils.sync(Ljava/io/FileOutputStream;)Z", () -> x.block(key, ms * 0.8));
                }, "android.app.SharedPreferencesImpl.enqueueDiskWrite(Landroid/app/SharedPreferencesImpl$MemoryCommitResult;Ljava/lang/Runnable;)V",
                        "android.app.SharedPreferencesImpl.writeToFile(Landroid/app/SharedPreferencesImpl$MemoryCommitResult;Z)V"));
    }

    /**
     * An HTTP GET through the platform's OkHttp: DNS, connect, request, then the body in
     * {@code chunks} socket reads (the first one waits for the server).
     */
    public static void httpGet(Exec x, String key, String host, long bytes, double serverMs, double transferMs, int chunks) {
        x.chain(() -> {
            x.call("java.net.InetAddress.getAllByName(Ljava/lang/String;)[Ljava/net/InetAddress;",
                    AgentEvent.interval(EventKind.SEND, "bytes", 0, "host", host), () -> x.block(key + ".dns", 14));
            x.call("java.net.Socket.connect(Ljava/net/SocketAddress;I)V",
                    AgentEvent.interval(EventKind.SEND, "bytes", 0, "host", host), () -> x.block(key + ".connect", 32));
            x.call("java.net.SocketOutputStream.write([BII)V",
                    AgentEvent.interval(EventKind.SEND, "bytes", 420, "host", host), () -> x.block(key + ".request", 0.4));
            x.call("java.net.SocketInputStream.read([BII)I", AgentEvent.interval(EventKind.RECV, "bytes", 1024, "host", host),
                    () -> x.block(key + ".server", serverMs));
        }, "com.android.okhttp.internal.huc.HttpURLConnectionImpl.getInputStream()Ljava/io/InputStream;",
                "com.android.okhttp.internal.huc.HttpURLConnectionImpl.getResponse()Lcom/android/okhttp/internal/http/HttpEngine;");
        long per = bytes / chunks;
        for (int i = 0; i < chunks; i++) {
            x.call("com.android.okhttp.okio.RealBufferedSource.read([BII)I", () -> x.call("java.net.SocketInputStream.read([BII)I",
                    AgentEvent.interval(EventKind.RECV, "bytes", per, "host", host), () -> {
                        x.cpu(key + ".copy", transferMs / chunks * 0.1);
                        x.block(key + ".body", transferMs / chunks * 0.9);
                    }));
        }
    }

    /**
     * Parses JSON with {@code org.json}: CPU only, the top-level value's members parsed by nested
     * {@code nextValue} calls (so profiles show the recursion).
     */
    public static void parseJson(Exec x, String key, double ms) {
        int members = 12;
        x.call("org.json.JSONObject.<init>(Ljava/lang/String;)V", () -> x.call("org.json.JSONTokener.nextValue()Ljava/lang/Object;", () -> {
            x.cpu(key, ms * 0.1);
            for (int i = 0; i < members; i++) {
                x.call("org.json.JSONTokener.nextValue()Ljava/lang/Object;", () -> {
                    x.cpuIn(key, ms * 0.6 / members, 3, "org.json.JSONTokener.nextString(C)Ljava/lang/String;");
                    x.call("org.json.JSONObject.put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;", () -> x.cpu(key, ms * 0.3 / members));
                });
            }
        }));
    }
}
