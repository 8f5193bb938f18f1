package dev.ura.trace.system;

import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;
import dev.ura.trace.model.system.ClockSnapshots;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.TimelineFrame;
import dev.ura.trace.util.LoadThreads;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects what a system-trace reader decodes, in file order, and builds the {@link Trace}. All
 * times handed in are ns on the trace clock (BOOTTIME); threads are kernel tids (0 = idle, never a
 * thread). Repairs are counted and summarised as warnings; nothing here throws on bad data.
 */
public final class SystemTraceBuilder {
    /** Clone flag of a new thread (as opposed to a new process). */
    public static final long CLONE_THREAD = 0x10000;

    private final ThreadRegistry registry = new ThreadRegistry();
    private final Names names = new Names();
    private final SliceCollector slices = new SliceCollector(names);
    private final SchedCollector sched = new SchedCollector();
    private final BinderCollector binder = new BinderCollector();
    private final List<TimelineFrame> timeline = new ArrayList<>();
    private final FlowSteps flowSteps = new FlowSteps();
    /** MONOTONIC and BOOTTIME of each clock snapshot. */
    private final List<long[]> clockPairs = new ArrayList<>();
    private final Repairs repairs = new Repairs();
    private long records;
    private long minTs = Long.MAX_VALUE;
    private long maxTs = Long.MIN_VALUE;
    private long firstEvent = Long.MAX_VALUE;
    private long lastEvent = Long.MIN_VALUE;
    private final KernelRelease kernel = new KernelRelease();

    /** Threads {@link #build} may use (the calling one included); 0 until set: {@link LoadThreads#count()}. */
    private int threads;

    /** How many threads {@link #build} may use, the calling one included (the reader's own choice). */
    public void threads(int n) {
        threads = n;
    }

    /** A problem worth a line of its own (the first {@value Repairs#MAX_LISTED}; later ones are counted). */
    public void warn(String warning) {
        repairs.warn(warning);
    }

    /** Counts a repair of a kind; each kind becomes one warning line with its count. */
    public void count(String what) {
        repairs.count(what, 1);
    }

    /** Extends the trace's time range. */
    public void time(long ts) {
        minTs = Math.min(minTs, ts);
        maxTs = Math.max(maxTs, ts);
    }

    /**
     * The time of an event the reader accepted, whatever it was (a scheduler event of the idle task,
     * an event ura has no use for): the trace's extent covers it.
     */
    public void eventTime(long ts) {
        firstEvent = Math.min(firstEvent, ts);
        lastEvent = Math.max(lastEvent, ts);
    }

    /** The kernel release ({@code uname -r}), which decides how {@code prev_state} bits read. */
    public void kernelRelease(String release) {
        if (release != null && !release.isEmpty() && !kernel.set(release)) {
            count("kernel release not understood (\"" + release + "\"); thread states read as kernel 4.4");
        }
    }

    /** Decodes a raw {@code prev_state} with this trace's kernel version. */
    public ThreadState prevState(long raw) {
        return kernel.decode(raw);
    }

    public void tgid(long tid, long tgid) {
        registry.setTgid(tid, tgid);
    }

    /** A thread name seen at {@code ts} ({@code Long.MIN_VALUE}: from a dump, no time). */
    public void threadName(long tid, long ts, String name) {
        registry.name(tid, ts, name);
    }

    /** A name seen in a place that may lag behind renames (ftrace text's task column): kept only when no other is known. */
    public void weakThreadName(long tid, long ts, String name) {
        registry.weakName(tid, ts, name);
    }

    /** A process from a process dump / descriptor; cmdline[0] is its name (package for apps). */
    public void process(long pid, long ppid, String cmdline) {
        registry.dumpedProcess(pid, ppid, cmdline);
    }

    /** A task created at {@code ts}: a thread of the parent's process or a new process. */
    public void newTask(long ts, long parentTid, long newTid, String comm, long cloneFlags) {
        records++;
        time(ts);
        registry.newTask(ts, parentTid, newTid, comm, (cloneFlags & CLONE_THREAD) != 0);
    }

    public void rename(long ts, long tid, String name) {
        records++;
        time(ts);
        registry.name(tid, ts, name);
    }

    /**
     * A context switch.
     *
     * @param prevTid the task switched out, or -2 when the event does not say (compact form)
     */
    public void sched(int cpu, long ts, long prevTid, String prevComm, ThreadState prevState, long nextTid,
                      String nextComm) {
        records++;
        time(ts);
        int prev = prevTid == -2 ? CpuEvents.INFER : thread(prevTid);
        int next = thread(nextTid);
        if (prevTid > 0) {
            registry.name(prevTid, ts, prevComm);
        }
        registry.name(nextTid, ts, nextComm);
        if (!sched.sched(cpu, ts, prev, prevState, next)) {
            count("scheduler events with an impossible cpu number (skipped)");
        }
    }

    /**
     * A wakeup recorded on {@code cpu}.
     *
     * @param wakerTid the running task, or -2 when the event does not say (compact form)
     */
    public void waking(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        records++;
        time(ts);
        if (wakeeTid <= 0) {
            return;
        }
        registry.name(wakeeTid, ts, wakeeComm);
        int waker = wakerTid == -2 ? CpuEvents.INFER : thread(wakerTid);
        if (!sched.waking(cpu, ts, waker, registry.thread(wakeeTid), targetCpu, flags)) {
            count("scheduler events with an impossible cpu number (skipped)");
        }
    }

    /**
     * A {@code sched_wakeup}: a wake like {@link #waking}, except that when the trace also has the
     * {@code sched_waking} that began the same wake, this second half is dropped ({@link WakeRows}
     * has the rule and the kernel's reasons).
     */
    public void wakeup(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        waking(cpu, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags | WakeRows.FLAG_WAKEUP_EVENT);
    }

    /**
     * An atrace payload written while pid 0 (the idle task) was current on {@code cpu}: a driver
     * tracing from an interrupt that arrived on an idle CPU (e.g. a display driver's
     * {@code pp_done_irq}). It goes to that CPU's interrupt lane ({@code CPU n irq}) instead of
     * being lost with the idle task, and is counted.
     */
    public void irqPrint(int cpu, long ts, String payload) {
        toIrqLane(cpu, ts, payload, "atrace payloads of pid 0 with an impossible cpu number (skipped)",
                "atrace payloads written by pid 0 in interrupt context (kept on per-CPU 'CPU n irq' lanes)");
    }

    /**
     * An atrace payload written in hard-interrupt context while a task ran on {@code cpu} (the
     * line's task and the payload's pid are the interrupted task's): kept on the CPU's irq lane, as
     * those of an idle CPU are, not on the task that happened to be running.
     */
    public void irqPrintOnTask(int cpu, long ts, String payload) {
        toIrqLane(cpu, ts, payload, "atrace payloads in interrupt context with an impossible cpu number (skipped)",
                "atrace payloads written in hard-interrupt context on a running task's line (kept on per-CPU 'CPU n irq' lanes)");
    }

    private void toIrqLane(int cpu, long ts, String payload, String badCpu, String kept) {
        if (cpu < 0 || cpu >= SchedCollector.MAX_CPUS) {
            records++;
            count(badCpu);
            return;
        }
        count(kept);
        print(ts, registry.irqLane(cpu), payload);
    }

    /** Any non-switch event recorded on {@code cpu} with {@code tid} as the running task. */
    public void current(int cpu, long ts, long tid) {
        if (tid > 0) {
            sched.current(cpu, ts, registry.thread(tid));
        }
    }

    public void blocked(long ts, long tid, String function) {
        records++;
        sched.blocked(ts, registry.thread(tid), function);
    }

    private int thread(long tid) {
        return tid <= 0 ? CpuEvents.IDLE : registry.thread(tid);
    }

    /**
     * An atrace payload written by {@code tid}; payloads that do not parse are counted.
     */
    public void print(long ts, long tid, String payload) {
        records++;
        time(ts);
        if (!AtracePayload.apply(this, ts, tid, payload)) {
            count("atrace payloads that do not parse (skipped)");
        }
    }

    /**
     * An atrace {@code B|tgid|name} whose name is the UTF-8 bytes {@code b[from, from + len)}: the
     * decoder's fast path, equivalent to {@link #print} of that payload but without a String for
     * names seen before.
     *
     * @return false, having done nothing, when the name holds a CR, LF or NUL (which the general
     *     path strips differently): the caller then goes through {@link #print}
     */
    public boolean printBegin(long ts, long tid, long tgid, byte[] b, int from, int len) {
        int name = names.idIfPlain(b, from, len);
        if (name >= 0) {
            printBegin(ts, tid, tgid, name);
        }
        return name >= 0;
    }

    /**
     * The id of a slice name given as UTF-8 bytes holding no CR, LF or NUL, for
     * {@link #printBegin(long, long, long, int)}: ids are given in first-asked order, so a
     * caller asks in file order.
     */
    public int sliceName(byte[] b, int from, int len) {
        return names.id(b, from, len);
    }

    /** {@link #printBegin(long, long, long, byte[], int, int)} with the name as a {@link #sliceName} id. */
    public void printBegin(long ts, long tid, long tgid, int nameId) {
        records++;
        time(ts);
        int t = registry.thread(tid); // one lookup for the claim and the slice
        registry.setTgidOf(t, tgid);
        if (t >= 0) {
            slices.begin(t, ts, nameId);
        }
    }

    /** An atrace {@code E} ({@code tgid} -1 when the payload has none): {@link #print}'s fast path. */
    public void printEnd(long ts, long tid, long tgid) {
        records++;
        time(ts);
        int t = registry.thread(tid); // one lookup for the claim and the slice
        if (tgid > 0) {
            registry.setTgidOf(t, tgid);
        }
        if (t >= 0) {
            slices.end(t, ts);
        }
    }

    public void sliceBegin(long ts, long tid, String name) {
        time(ts);
        int t = registry.thread(tid);
        if (t >= 0) {
            slices.begin(t, ts, name);
        }
    }

    public void sliceEnd(long ts, long tid) {
        time(ts);
        int t = registry.thread(tid);
        if (t >= 0) {
            slices.end(t, ts);
        }
    }

    public void instant(long ts, long tid, String name) {
        time(ts);
        int t = registry.thread(tid);
        if (t >= 0) {
            slices.instant(t, ts, name);
        }
    }

    public void asyncBegin(long ts, long pid, String track, String name, long cookie) {
        time(ts);
        slices.asyncBegin(ts, pid, track, name, cookie);
    }

    public void asyncEnd(long ts, long pid, String track, long cookie) {
        time(ts);
        slices.asyncEnd(ts, pid, track, cookie);
    }

    public void asyncInstant(long ts, long pid, String track, String name) {
        time(ts);
        slices.asyncInstant(ts, pid, track, name);
    }

    public void counter(long ts, long pid, String name, double value) {
        time(ts);
        slices.counter(ts, pid, name, value);
    }

    public void binderTransaction(long ts, long tid, int debugId, long destPid, boolean reply, long flags, long code) {
        records++;
        time(ts);
        int t = registry.thread(tid);
        if (t >= 0) {
            binder.transaction(ts, t, debugId, destPid > 0 ? destPid : -1, reply, flags, code);
        }
    }

    public void binderReceived(long ts, long tid, int debugId) {
        records++;
        time(ts);
        int t = registry.thread(tid);
        if (t >= 0) {
            binder.received(ts, t, debugId);
        }
    }

    /** A point of flow {@code id} at a thread's event; {@code terminating} ends the flow there. */
    public void flow(long id, long tid, long ts, boolean terminating) {
        flowSteps.add(id, registry.thread(tid), ts, terminating);
    }

    public void timeline(TimelineFrame f) {
        records++;
        timeline.add(f);
    }

    /** A MONOTONIC / BOOTTIME pair read at the same instant. */
    public void clockPair(long monotonicNs, long bootNs) {
        clockPairs.add(new long[] {monotonicNs, bootNs});
    }

    ThreadRegistry registry() {
        return registry;
    }

    SliceCollector slices() {
        return slices;
    }

    SchedCollector sched() {
        return sched;
    }

    /** Adds events a {@link ChunkMerge} accepted. */
    void records(long n) {
        records += n;
    }

    /** Events and packets accepted so far. */
    public long records() {
        return records;
    }

    /** Adds to the record count (for events that carry no model data of their own). */
    public void record() {
        records++;
    }

    /**
     * Builds the trace.
     *
     * @param source  file name
     * @param format  {@code perfetto} or {@code systrace}
     * @param variant e.g. {@code protobuf}, {@code text}, {@code html}
     * @param props   properties to show (system info)
     */
    public Trace build(String source, String format, String variant, Map<String, String> props) {
        long last = Math.max(maxTs, lastEvent);
        long end = last == Long.MIN_VALUE ? 0 : last;
        ModelBuild.Parts m = new ModelBuild(registry, names, slices, sched, timeline, end).run(threads);
        long appPid = m.appThread() >= 0 ? m.tgids()[m.appThread()] : -1;
        if (slices.unmatchedEnds() > 0) {
            repairs.count("slice ends ('E') with no open slice on their thread (dropped)", slices.unmatchedEnds());
        }
        if (slices.unclosed() > 0) {
            repairs.count("slices never ended (closed at the end of the trace)", slices.unclosed());
        }
        SystemTrace system = new SystemTrace(registry.processes(), m.infos(), m.states(), m.wakeups(), binder.build(),
                flowSteps.flows(), m.frames(), timeline, slices.asyncSlices(end), slices.instants(), slices.counters(),
                new ClockSnapshots(clockPairs.stream().mapToLong(c -> c[0]).toArray(),
                        clockPairs.stream().mapToLong(c -> c[1]).toArray()),
                kernel.release(), Math.min(firstEvent, minTs), Math.max(lastEvent, maxTs));
        Map<String, String> p = new LinkedHashMap<>(props);
        if (!kernel.release().isEmpty()) {
            p.putIfAbsent("kernel", kernel.release());
        }
        if (sched.duplicateWakeups() > 0) {
            // Not a problem: the second half of each wake, when both halves were recorded.
            p.put("sched_wakeup after sched_waking (one wake)", Long.toString(sched.duplicateWakeups()));
        }
        TraceMetadata meta = new TraceMetadata(format, variant, 0, Clock.WALL, null, appPid,
                minTs == Long.MAX_VALUE ? -1 : minTs, p);
        return new Trace(source, meta, m.methods(), m.tracks(), EventTable.empty(), List.of(), records, repairs.warnings(),
                system);
    }
}
