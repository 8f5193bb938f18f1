package dev.ura.agent.rt;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The recording: one {@link ThreadLog} per recording thread and one daemon writer thread that
 * drains them to the log file every few milliseconds (so a process killed abruptly loses at most
 * the last few milliseconds). A shutdown hook drains everything and closes the file. Lives on the
 * boot class path, so it uses nothing but {@code java.base}.
 */
public final class Recorder {
    private static final long DRAIN_INTERVAL_NS = 5_000_000L;

    private static volatile boolean active;
    private static volatile boolean stopping;
    /** Bumped by every start, so a thread's log from an earlier recording is not reused. */
    private static volatile int generation;
    private static final ThreadLocal<ThreadLog> LOCAL = new ThreadLocal<>();
    private static final List<ThreadLog> LOGS = new CopyOnWriteArrayList<>();
    private static OutputStream out;
    private static Thread writer;
    private static Thread shutdown;
    private static ThreadLog metaLog;
    private static final Object LIFECYCLE = new Object();

    private Recorder() {
    }

    /** Whether events are being recorded. */
    public static boolean isActive() {
        return active;
    }

    /**
     * Starts recording to {@code path}: writes the META line ({@code version}, {@code agent}, and
     * {@code meta} in order) and starts the writer thread.
     *
     * @throws IOException the file cannot be created
     * @throws IllegalStateException already recording
     */
    public static void start(String path, Map<String, String> meta) throws IOException {
        synchronized (LIFECYCLE) {
            if (active) {
                throw new IllegalStateException("already recording");
            }
            out = new BufferedOutputStream(new FileOutputStream(path), 1 << 16);
            metaLog = new ThreadLog(Thread.currentThread());
            metaLog.beginRaw().key("kind").string("META").key("version").number(1).key("agent").string("ura");
            for (Map.Entry<String, String> e : meta.entrySet()) {
                metaLog.key(e.getKey()).string(e.getValue());
            }
            metaLog.commit();
            metaLog.drainTo(out);
            out.flush();
            stopping = false;
            generation++;
            writer = new Thread(Recorder::writeLoop, "ura-agent-writer");
            writer.setDaemon(true);
            LOCAL.set(null);
            active = true;
            writer.start();
            if (shutdown == null) {
                shutdown = new Thread(Recorder::stop, "ura-agent-shutdown");
                Runtime.getRuntime().addShutdownHook(shutdown);
            }
        }
    }

    /** Stops recording: no more events are taken; everything recorded so far is written and the file closed. */
    public static void stop() {
        synchronized (LIFECYCLE) {
            if (!active) {
                return;
            }
            active = false;
            stopping = true;
            Thread w = writer;
            if (w != null && w != Thread.currentThread()) {
                LockSupport.unpark(w);
                try {
                    w.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                drainAll();
                out.close();
            } catch (IOException e) {
                System.err.println("ura agent: could not finish the log: " + e.getMessage());
            }
        }
    }

    /**
     * The calling thread's log, or null when not recording, on the writer thread, or inside a hook
     * already (JDK code called by a hook must not be recorded).
     */
    static ThreadLog log() {
        if (!active) {
            return null;
        }
        Thread t = Thread.currentThread();
        if (t == writer || t == shutdown) {
            return null;
        }
        ThreadLog log = LOCAL.get();
        if (log == null || log.generation != generation) {
            log = new ThreadLog(t);
            log.generation = generation;
            LOCAL.set(log);
            log.busy = true;
            describe(log, t);
            LOGS.add(log);
            log.busy = false;
        }
        return log.busy ? null : log;
    }

    /**
     * A log of its own for work no thread of the app does while it waits (an HTTP exchange in flight):
     * tid {@code tid}, named {@code name}; null when not recording. The caller serialises writes to it.
     */
    static ThreadLog lane(long tid, String name, Thread owner) {
        if (!active) {
            return null;
        }
        ThreadLog log = new ThreadLog(tid, owner);
        log.generation = generation;
        log.beginRaw().key("kind").string("THREAD").key("tid").number(tid).key("name").string(name).commit();
        LOGS.add(log);
        return log;
    }

    /** Whether {@code log} belongs to the current recording. */
    static boolean current(ThreadLog log) {
        return active && log.generation == generation;
    }

    private static void describe(ThreadLog log, Thread t) {
        String name = t.getName();
        log.beginRaw().key("kind").string("THREAD").key("tid").number(log.tid).key("name").string(name);
        if (name.startsWith("AWT-EventQueue-")) {
            // the Swing UI thread plays the part of Android's main thread
            log.key("main").raw("true");
        }
        log.commit();
    }

    /** Producer side of a full ring: wakes the writer and waits a little; false once recording stopped. */
    static boolean waitForSpace() {
        if (stopping || !active) {
            return false;
        }
        LockSupport.unpark(writer);
        ThreadLog.parkBriefly();
        return true;
    }

    private static void writeLoop() {
        while (active) {
            try {
                if (drainAll()) {
                    out.flush();
                }
            } catch (IOException e) {
                System.err.println("ura agent: cannot write the log (" + e.getMessage() + "); recording stops");
                active = false;
                return;
            }
            LockSupport.parkNanos(DRAIN_INTERVAL_NS);
        }
    }

    private static boolean drainAll() throws IOException {
        boolean wrote = false;
        for (ThreadLog log : LOGS) {
            wrote |= log.drainTo(out);
            if (log.thread.get() == null && log.isEmpty()) {
                LOGS.remove(log);
            }
        }
        if (wrote) {
            out.flush();
        }
        return wrote;
    }
}
