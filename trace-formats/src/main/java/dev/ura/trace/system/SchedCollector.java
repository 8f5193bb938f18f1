package dev.ura.trace.system;

import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns per-CPU {@code sched_switch} / {@code sched_waking} events into running intervals and
 * wakeups, then each thread's state timeline: Running between switch-in and switch-out; after a
 * switch-out the state it was left in (runnable, or asleep until the first wakeup, then runnable
 * until it runs again). The waker of a compact waking is the task running on its CPU then.
 */
final class SchedCollector {
    /** More CPUs than this is a corrupt cpu field, not a machine. */
    static final int MAX_CPUS = 4096;

    /** ThreadState by ordinal, without the copy {@code values()} makes on each call. */
    private static final ThreadState[] STATES = ThreadState.values();

    private CpuEvents[] cpus = new CpuEvents[8];
    private final List<long[]> blockedAt = new ArrayList<>();
    private final List<Object[]> blockedInfo = new ArrayList<>();
    private long switches;
    private long wakings;
    private long duplicateWakeups;

    /** After {@link #prepare}: {@code sched_wakeup} events dropped as the second half of a {@code sched_waking}. */
    long duplicateWakeups() {
        return duplicateWakeups;
    }

    /** Whether any scheduler event was seen. */
    boolean any() {
        return switches + wakings > 0;
    }

    /**
     * A context switch on {@code cpu}.
     *
     * @param prev thread index switched out, {@link CpuEvents#IDLE} or {@link CpuEvents#INFER}
     * @param next thread index switched in, or {@link CpuEvents#IDLE}
     */
    boolean sched(int cpu, long ts, int prev, ThreadState prevState, int next) {
        CpuEvents c = cpu(cpu);
        if (c == null) {
            return false;
        }
        switches++;
        c.add(ts, CpuEvents.SWITCH, prev, next, prevState.ordinal(), -1);
        c.lastCurrent = next;
        return true;
    }

    /**
     * Any other event recorded on {@code cpu} by {@code thread} as the current task. Kernels
     * sometimes leave out the switch from idle to a newly woken task; the first event the task
     * records on an idle CPU then starts its run.
     */
    void current(int cpu, long ts, int thread) {
        CpuEvents c = cpu(cpu);
        if (c != null && thread >= 0 && c.lastCurrent != thread) {
            c.add(ts, CpuEvents.CURRENT, thread, thread, 0, -1);
            c.lastCurrent = thread;
        }
    }

    /**
     * A wakeup recorded on {@code cpu}.
     *
     * @param waker thread index, {@link CpuEvents#IDLE} or {@link CpuEvents#INFER}
     * @param flags {@link WakeupTable} flags
     */
    boolean waking(int cpu, long ts, int waker, int wakee, int targetCpu, int flags) {
        CpuEvents c = cpu(cpu);
        if (c == null || wakee < 0) {
            return false;
        }
        wakings++;
        c.add(ts, CpuEvents.WAKING, waker, wakee, flags, targetCpu);
        return true;
    }

    /** {@code sched_blocked_reason}: emitted when a thread in D is woken; names where it blocked. */
    void blocked(long ts, int thread, String function) {
        if (thread >= 0) {
            blockedAt.add(new long[] {ts, thread});
            blockedInfo.add(new Object[] {function});
        }
    }

    /** The events of a valid {@code cpu}, for {@link ChunkMerge} (which counts what it adds in {@link #counted}). */
    CpuEvents cpuEvents(int cpu) {
        return cpu(cpu);
    }

    /** Switches and wakings appended by a {@link ChunkMerge}. */
    void counted(long switchCount, long wakingCount) {
        switches += switchCount;
        wakings += wakingCount;
    }

    private CpuEvents cpu(int cpu) {
        if (cpu < 0 || cpu >= MAX_CPUS) {
            return null;
        }
        if (cpu >= cpus.length) {
            cpus = java.util.Arrays.copyOf(cpus, Math.min(MAX_CPUS, Math.max(cpu + 1, cpus.length * 2)));
        }
        CpuEvents c = cpus[cpu];
        if (c == null) {
            c = new CpuEvents();
            cpus[cpu] = c;
        }
        return c;
    }

    /* After prepare(): what each thread's states are built from (a thread's entries are dropped once built). */
    private RunList[] runs;
    private WakeupTable wakeups;
    private long[][] wakeTimes;
    private int[][] wakesOf;
    private Map<Integer, List<Integer>> blockedOf;
    private long endNs;

    /**
     * The part of the model done once for all threads: each CPU walked in time order into runs and
     * wakes, the wakeup table, each thread's wakes. Called once: it releases each CPU's events as
     * soon as they are walked (they are the largest thing the reader holds). Then
     * {@link #threadStates} builds each thread's states, on any thread (distinct threads at once).
     *
     * @param threads number of threads in the registry
     * @param end     the trace's last time: open runs and sleeps end there
     */
    void prepare(int threads, long end) {
        endNs = end;
        runs = new RunList[threads];
        WakeRows wb = new WakeRows();
        for (int cpu = 0; cpu < cpus.length; cpu++) {
            if (cpus[cpu] != null) {
                walk(cpu, cpus[cpu], runs, wb, end);
                cpus[cpu] = null; // its runs and wakes are out: let the next CPU's walk reuse the room
            }
        }
        wakeups = wb.build(runs, threads);
        duplicateWakeups = wb.duplicates();
        // Dropped by hand: prepare runs once, interpreted, and the interpreter keeps every local alive
        // to the method's end; without this the rows would sit beside the thread states built later.
        wb = null;
        wakeTimes = new long[threads][];
        wakesOf = groupByWakee(wakeups, threads, wakeTimes);
        blockedOf = new HashMap<>();
        for (int i = 0; i < blockedAt.size(); i++) {
            blockedOf.computeIfAbsent((int) blockedAt.get(i)[1], k -> new ArrayList<>()).add(i);
        }
    }

    /** After {@link #prepare}: whether it completed. */
    boolean prepared() {
        return blockedOf != null;
    }

    /** After {@link #prepare}: the wakeup table. */
    WakeupTable wakeups() {
        return wakeups;
    }

    /**
     * After {@link #prepare}: thread {@code t}'s states (once per thread: its runs are released),
     * built in {@code scratch} (the calling thread's own, reused from thread to thread).
     */
    ThreadStateTable threadStates(int t, ThreadStateTable.Builder scratch) {
        RunList r = runs[t];
        ThreadStateTable out = r == null ? ThreadStateTable.empty()
                : states(r, wakeups, wakesOf[t], wakeTimes[t], blockedOf.getOrDefault(t, List.of()), endNs, scratch);
        runs[t] = null; // a thread's runs are in its states now; the peak is the last threads' states
        wakesOf[t] = null;
        wakeTimes[t] = null;
        return out;
    }

    private static void walk(int cpuNo, CpuEvents c, RunList[] runs, WakeRows wb, long endNs) {
        int[] order = dev.ura.trace.model.system.TimeOrder.of(c.ts, c.size);
        int cur = CpuEvents.INFER;
        long since = Long.MIN_VALUE;
        for (int k : order) {
            long ts = c.ts[k];
            if (c.kind[k] == CpuEvents.SWITCH) {
                int prev = c.a[k] == CpuEvents.INFER ? cur : c.a[k];
                if (prev >= 0) {
                    long start = prev == cur && since != Long.MIN_VALUE ? since : ts;
                    run(runs, prev).add(start, ts, cpuNo, c.state[k]);
                }
                cur = c.b[k];
                since = ts;
            } else if (c.kind[k] == CpuEvents.CURRENT) {
                if (cur == CpuEvents.IDLE || cur == CpuEvents.INFER) {
                    cur = c.a[k];
                    since = ts;
                }
            } else {
                int waker = c.a[k] == CpuEvents.INFER ? (cur == CpuEvents.INFER ? -1 : cur) : c.a[k];
                int flags = c.state[k];
                if (waker == CpuEvents.IDLE) {
                    flags |= WakeupTable.FLAG_INTERRUPT; // the idle task never wakes anyone itself
                }
                wb.add(ts, Math.max(-1, waker), c.b[k], c.cpu[k], flags);
            }
        }
        if (cur >= 0 && since != Long.MIN_VALUE) {
            run(runs, cur).add(since, Math.max(since, endNs), cpuNo, RunList.STILL_RUNNING);
        }
    }

    private static RunList run(RunList[] runs, int t) {
        RunList r = runs[t];
        if (r == null) {
            r = new RunList();
            runs[t] = r;
        }
        return r;
    }

    /** Each thread's wakeup rows in time order, and their times beside them in {@code times}. */
    private static int[][] groupByWakee(WakeupTable w, int threads, long[][] times) {
        int[] count = new int[threads];
        for (int i = 0; i < w.size(); i++) {
            if (w.wakee(i) >= 0 && w.wakee(i) < threads) {
                count[w.wakee(i)]++;
            }
        }
        int[][] out = new int[threads][];
        for (int t = 0; t < threads; t++) {
            out[t] = new int[count[t]];
            times[t] = new long[count[t]];
            count[t] = 0;
        }
        for (int i = 0; i < w.size(); i++) {
            int t = w.wakee(i);
            if (t >= 0 && t < threads) {
                times[t][count[t]] = w.time(i);
                out[t][count[t]++] = i;
            }
        }
        return out;
    }

    private ThreadStateTable states(RunList r, WakeupTable w, int[] wakes, long[] wakeAt, List<Integer> blocked,
                                    long endNs, ThreadStateTable.Builder b) {
        b.clear();
        int[] order = r.order();
        int wi = 0;
        long prevEnd = Long.MIN_VALUE;
        ThreadState prevState = ThreadState.UNKNOWN;
        for (int k : order) {
            long s = r.start[k];
            if (prevEnd == Long.MIN_VALUE) {
                // Before its first run: runnable since the last wake before it, if one was seen.
                int last = -1;
                while (wi < wakes.length && wakeAt[wi] <= s) {
                    last = wakes[wi++];
                }
                if (last >= 0) {
                    b.add(w.time(last), s, ThreadState.RUNNABLE, w.targetCpu(last), wakerOf(w, last));
                }
            } else {
                wi = gap(b, w, wakes, wakeAt, wi, prevEnd, s, prevState, blocked);
            }
            b.add(s, r.end[k], ThreadState.RUNNING, r.cpu[k], ThreadStateTable.WAKER_NONE);
            prevEnd = Math.max(prevEnd, r.end[k]);
            prevState = r.endState[k] == RunList.STILL_RUNNING ? ThreadState.RUNNING
                    : STATES[r.endState[k]];
        }
        if (prevState != ThreadState.RUNNING && prevEnd != Long.MIN_VALUE) {
            if (prevEnd >= endNs) {
                // Switched out on the trace's last line: the state it was left in begins where the
                // trace ends. Kept (empty, open to the trace end) so that a thread that fell asleep
                // there is not taken for one still running when the recording stopped.
                b.addAtTraceEnd(prevEnd, prevState);
            } else {
                gap(b, w, wakes, wakeAt, wi, prevEnd, endNs, prevState, blocked);
            }
        }
        return b.build();
    }

    /** Fills [from, to) after a switch-out left the thread in {@code st}; returns the next wake index. */
    private int gap(ThreadStateTable.Builder b, WakeupTable w, int[] wakes, long[] wakeAt, int wi, long from, long to,
                    ThreadState st, List<Integer> blocked) {
        while (wi < wakes.length && wakeAt[wi] < from) {
            wi++; // wakes of a thread that was running or runnable: spurious for states
        }
        if (st.isRunnable() || st == ThreadState.UNKNOWN) {
            b.add(from, to, st, -1, ThreadStateTable.WAKER_NONE);
        } else if (st == ThreadState.DEAD) {
            return wi;
        } else if (wi < wakes.length && wakeAt[wi] <= to) {
            int wake = wakes[wi];
            long tw = wakeAt[wi];
            int waker = wakerOf(w, wake);
            int sleep = b.add(from, tw, st, -1, waker);
            b.setBlocked(sleep, blockedIn(blocked, from, tw));
            b.add(tw, to, ThreadState.RUNNABLE, w.targetCpu(wake), waker);
        } else {
            int sleep = b.add(from, to, st, -1, ThreadStateTable.WAKER_NONE);
            b.setBlocked(sleep, blockedIn(blocked, from, to));
        }
        while (wi < wakes.length && wakeAt[wi] < to) {
            wi++;
        }
        return wi;
    }

    private String blockedIn(List<Integer> rows, long from, long to) {
        for (int i : rows) {
            long ts = blockedAt.get(i)[0];
            if (ts > from && ts <= to) {
                return (String) blockedInfo.get(i)[0];
            }
        }
        return null;
    }

    private static int wakerOf(WakeupTable w, int row) {
        if (w.fromInterrupt(row)) {
            return ThreadStateTable.WAKER_INTERRUPT;
        }
        return w.waker(row) >= 0 ? w.waker(row) : ThreadStateTable.WAKER_NONE;
    }
}
