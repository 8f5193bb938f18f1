package dev.ura.app.analysis.system;

import dev.ura.trace.testing.SystemTraceScript;

import java.util.HashMap;
import java.util.Map;

import static dev.ura.trace.testing.SystemScenarios.t;

/**
 * A small scripted machine for the response rules' tests, in µs after the scenario base: each
 * thread runs on a CPU of its own, so its runs, sleeps and wakeups can be written one by one.
 */
public final class Machine {
    public static final long APP = 1000;
    public static final long RENDER = 1010;
    public static final long WORKER = 1020;
    public static final long POOL = 1030;
    public static final long SF = 500;
    public static final long SF_APP = 501;
    public static final long SERVER = 600;
    public static final long BINDER = 610;
    public static final long HOLDER = 620;
    public static final long OTHER = 2000;

    public final SystemTraceScript s = new SystemTraceScript();
    private final Map<Long, String> comms = new HashMap<>();
    private final Map<Long, Integer> cpus = new HashMap<>();

    public Machine() {
        s.process(APP, "com.example.feed").thread(RENDER, APP).thread(WORKER, APP).thread(POOL, APP)
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF)
                .process(SERVER, "system_server").thread(BINDER, SERVER).thread(HOLDER, SERVER)
                .process(OTHER, "com.other");
        name(APP, "om.example.feed");
        name(RENDER, "RenderThread");
        name(WORKER, "FeedWorker");
        name(POOL, "pool-1-thread-1");
        name(SF, "surfaceflinger");
        name(SF_APP, "app");
        name(SERVER, "system_server");
        name(BINDER, "binder:600_1");
        name(HOLDER, "android.bg");
        name(OTHER, "com.other");
    }

    /** Adds thread {@code tid} named {@code comm} to process {@code pid}, on a CPU of its own. */
    public Machine thread(long tid, long pid, String comm) {
        s.thread(tid, pid);
        name(tid, comm);
        return this;
    }

    private void name(long tid, String comm) {
        comms.put(tid, comm);
        cpus.put(tid, cpus.size());
    }

    private int cpu(long tid) {
        return cpus.get(tid);
    }

    /** {@code tid} runs over [from, to) µs and then leaves in {@code state} (S, D, R). */
    public Machine run(long tid, long from, long to, String state) {
        s.sw(cpu(tid), t(from), 0, null, "R", tid, comms.get(tid));
        s.sw(cpu(tid), t(to), tid, comms.get(tid), state, 0, null);
        return this;
    }

    /** {@code waker} (running) wakes {@code wakee} at {@code at} µs. */
    public Machine wake(long waker, long wakee, long at) {
        s.waking(cpu(waker), t(at), waker, comms.get(waker), wakee, comms.get(wakee), cpu(wakee), false);
        return this;
    }

    /** An interrupt (I/O completion, network, timer) wakes {@code wakee} at {@code at} µs. */
    public Machine irqWake(long wakee, long at) {
        s.waking(cpu(wakee), t(at), 0, null, wakee, comms.get(wakee), cpu(wakee), true);
        return this;
    }

    /** A slice {@code name} on {@code tid} over [from, to] µs (pid = the thread's process). */
    public Machine slice(long tid, long from, long to, String name) {
        long pid = s.tgid(tid);
        s.print(cpu(tid), t(from), tid, comms.get(tid), "B|" + pid + "|" + name);
        s.print(cpu(tid), t(to), tid, comms.get(tid), "E|" + pid);
        return this;
    }

    /** An async slice of process {@code pid}, written by {@code tid}. */
    public Machine async(long tid, long from, long to, String name, int cookie) {
        long pid = s.tgid(tid);
        s.print(cpu(tid), t(from), tid, comms.get(tid), "S|" + pid + "|" + name + "|" + cookie);
        s.print(cpu(tid), t(to), tid, comms.get(tid), "F|" + pid + "|" + name + "|" + cookie);
        return this;
    }

    /**
     * A frame of the app: doFrame {@code vsync} on main over [doFrom, doTo], DrawFrames on
     * RenderThread over [drawFrom, drawTo], and (when {@code present} ≥ 0) FrameTimeline showing it then.
     */
    public Machine frame(long vsync, long doFrom, long doTo, long drawFrom, long drawTo, long present) {
        slice(APP, doFrom, doTo, "Choreographer#doFrame " + vsync);
        slice(RENDER, drawFrom, drawTo, "DrawFrames " + vsync);
        if (present >= 0) {
            s.frame(new SystemTraceScript.Timeline(false, vsync, 10_000 + vsync, (int) APP, t(doFrom), t(drawTo), 1))
                    .frame(new SystemTraceScript.Timeline(true, 10_000 + vsync, 10_000 + vsync, (int) SF, t(drawTo),
                            t(present), 1));
        }
        return this;
    }

    /** A sync binder call from {@code from} (sent at {@code sent}) received by {@code to} at {@code received}. */
    public Machine binderCall(long from, long to, int id, long sent, long received) {
        s.binderTx(cpu(from), t(sent), from, comms.get(from), id, s.tgid(to), to, false, 0, 1);
        s.binderRx(cpu(to), t(received), to, comms.get(to), id);
        return this;
    }

    /** The reply {@code id} from {@code from} to {@code to}, sent at {@code sent}, received at {@code received}. */
    public Machine binderReply(long from, long to, int id, long sent, long received) {
        s.binderTx(cpu(from), t(sent), from, comms.get(from), id, s.tgid(to), to, true, 0, 0);
        s.binderRx(cpu(to), t(received), to, comms.get(to), id);
        return this;
    }

    /** A clock snapshot: MONOTONIC {@code offsetNs} behind BOOTTIME. */
    public Machine clock(long bootUs, long offsetNs) {
        s.clock(t(bootUs) - offsetNs, t(bootUs));
        return this;
    }
}
