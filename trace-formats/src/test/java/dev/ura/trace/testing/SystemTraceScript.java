package dev.ura.trace.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What happened on a machine, as the kernel and SurfaceFlinger would record it, written once and
 * rendered by {@link PerfettoTraceWriter} (protobuf, full or compact scheduler events, plain,
 * compressed or gzip) and {@link SystraceWriter} (ftrace text with or without TGID, HTML), so one
 * hand-computed expectation checks every form. Times are ns on BOOTTIME.
 */
public final class SystemTraceScript {
    /** Event kinds. */
    public enum Kind { SWITCH, WAKING, WAKEUP_NEW, PRINT, NEWTASK, RENAME, BINDER_TX, BINDER_RX, BLOCKED }

    /**
     * One kernel event on a CPU; {@code tid}/{@code comm} are the task current on the CPU (the
     * writer of prints, the waker of wakings, prev of switches).
     */
    public record Ev(Kind kind, long ts, int cpu, long tid, String comm, boolean irq, long a, String s1,
                     String state, long b, String s2, long c, long d, long e) {
    }

    /**
     * A SurfaceFlinger FrameTimeline actual frame; for a surface frame with {@code expectedStart} ≥ 0,
     * also its expected surface frame (written before it, as SurfaceFlinger does).
     */
    public record Timeline(boolean display, long token, long displayToken, int pid, long start, long end,
                           int presentType, long expectedStart) {
        /** A frame without an expected one. */
        public Timeline(boolean display, long token, long displayToken, int pid, long start, long end, int presentType) {
            this(display, token, displayToken, pid, start, end, presentType, -1);
        }
    }

    public final List<Ev> events = new ArrayList<>();
    public final Map<Long, String> processes = new LinkedHashMap<>();
    /** tid → tgid for the TGID column and the process dump. */
    public final Map<Long, Long> tgids = new LinkedHashMap<>();
    public final List<Timeline> timeline = new ArrayList<>();
    public final List<long[]> clocks = new ArrayList<>();
    public String kernelRelease = "6.1.75-android14-11";

    public SystemTraceScript process(long pid, String cmdline) {
        processes.put(pid, cmdline);
        tgids.put(pid, pid);
        return this;
    }

    public SystemTraceScript thread(long tid, long pid) {
        tgids.put(tid, pid);
        return this;
    }

    /** {@code sched_switch}: prev (the current task) leaves in {@code prevState} ({@code R}, {@code R+}, {@code S}, {@code D}). */
    public SystemTraceScript sw(int cpu, long ts, long prev, String prevComm, String prevState, long next, String nextComm) {
        events.add(new Ev(Kind.SWITCH, ts, cpu, prev, prevComm, false, 0, null, prevState, next, nextComm, 0, 0, 0));
        return this;
    }

    /** {@code sched_waking} by the current task (or from an interrupt when {@code irq}). */
    public SystemTraceScript waking(int cpu, long ts, long waker, String wakerComm, long wakee, String wakeeComm,
                                    int targetCpu, boolean irq) {
        events.add(new Ev(Kind.WAKING, ts, cpu, waker, wakerComm, irq, wakee, wakeeComm, null, targetCpu, null, 0, 0, 0));
        return this;
    }

    public SystemTraceScript wakeupNew(int cpu, long ts, long parent, String parentComm, long child, String comm, int target) {
        events.add(new Ev(Kind.WAKEUP_NEW, ts, cpu, parent, parentComm, false, child, comm, null, target, null, 0, 0, 0));
        return this;
    }

    /** An atrace payload ({@code B|tgid|name}, {@code E|tgid}, …) written by the current task. */
    public SystemTraceScript print(int cpu, long ts, long tid, String comm, String payload) {
        events.add(new Ev(Kind.PRINT, ts, cpu, tid, comm, false, 0, payload, null, 0, null, 0, 0, 0));
        return this;
    }

    public SystemTraceScript newTask(int cpu, long ts, long parent, String parentComm, long child, String comm, long cloneFlags) {
        events.add(new Ev(Kind.NEWTASK, ts, cpu, parent, parentComm, false, child, comm, null, cloneFlags, null, 0, 0, 0));
        return this;
    }

    public SystemTraceScript rename(int cpu, long ts, long tid, String oldComm, String newComm) {
        events.add(new Ev(Kind.RENAME, ts, cpu, tid, oldComm, false, tid, newComm, null, 0, oldComm, 0, 0, 0));
        return this;
    }

    /** {@code binder_transaction} sent by the current task. */
    public SystemTraceScript binderTx(int cpu, long ts, long tid, String comm, int debugId, long destProc,
                                      long destThread, boolean reply, long flags, long code) {
        events.add(new Ev(Kind.BINDER_TX, ts, cpu, tid, comm, false, debugId, null, null, destProc, null,
                destThread, reply ? 1 : 0, flags * 0x1_0000_0000L + code));
        return this;
    }

    public SystemTraceScript binderRx(int cpu, long ts, long tid, String comm, int debugId) {
        events.add(new Ev(Kind.BINDER_RX, ts, cpu, tid, comm, false, debugId, null, null, 0, null, 0, 0, 0));
        return this;
    }

    /**
     * {@code sched_blocked_reason}, emitted where a thread in {@code D} is woken: {@code pid} blocked in
     * {@code function} (text, {@code %pS}) at {@code callerAddress} (protobuf carries the address only).
     * {@code tid}/{@code comm} are the current task (0 in interrupt context on an idle CPU).
     */
    public SystemTraceScript blocked(int cpu, long ts, long tid, String comm, boolean irq, long pid, long callerAddress,
                                     String function, boolean ioWait) {
        events.add(new Ev(Kind.BLOCKED, ts, cpu, tid, comm, irq, pid, function, null, callerAddress, null,
                ioWait ? 1 : 0, 0, 0));
        return this;
    }

    public SystemTraceScript frame(Timeline t) {
        timeline.add(t);
        return this;
    }

    /** A clock snapshot: MONOTONIC and BOOTTIME read at the same instant. */
    public SystemTraceScript clock(long monotonic, long boot) {
        clocks.add(new long[] {monotonic, boot});
        return this;
    }

    /** The tgid of a thread, -1 when the script does not say. */
    public long tgid(long tid) {
        return tgids.getOrDefault(tid, -1L);
    }
}
