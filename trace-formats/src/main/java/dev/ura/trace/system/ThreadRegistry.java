package dev.ura.trace.system;

import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.ThreadInfo;
import dev.ura.trace.util.LongIntMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Threads by kernel tid (dense indices in first-seen order), their process (tgid) and names over
 * time, and processes with their names. Name observations arrive out of time order (per CPU);
 * {@link #threadInfo} sorts them and keeps only changes.
 */
final class ThreadRegistry {
    private final LongIntMap index = new LongIntMap();
    private long[] tids = new long[64];
    private long[] tgids = new long[64];
    private final List<List<Obs>> names = new ArrayList<>();
    private final List<String> lastName = new ArrayList<>();
    private final Map<Long, Proc> processes = new LinkedHashMap<>();
    /** Tids below {@link #DIRECT_TIDS} → index + 1 (0: unknown), so the per-event lookup is one array read. */
    private static final int DIRECT_TIDS = 1 << 17;
    private int[] direct = new int[1024];
    /** Names recorded so far (each a change of a thread's last name). */
    private long nameChanges;

    private record Obs(long timeNs, String name) {
    }

    /** A process as learnt so far. */
    static final class Proc {
        final long pid;
        long ppid = -1;
        String cmdline;
        long startNs = -1;

        Proc(long pid) {
            this.pid = pid;
        }
    }

    int size() {
        return names.size();
    }

    /**
     * The index of {@code tid}, created on first sight. tid 0 (the idle task) is never a thread: -1.
     * A negative tid is a per-CPU interrupt lane made by {@link #irqLane}, else -1.
     */
    int thread(long tid) {
        if (tid < direct.length && tid > 0) {
            int d = direct[(int) tid];
            if (d > 0) {
                return d - 1;
            }
        }
        if (tid <= 0) {
            return tid == 0 ? -1 : index.get(tid);
        }
        int i = index.get(tid);
        if (i >= 0) {
            return i;
        }
        return add(tid);
    }

    /**
     * The lane of atrace markers written in interrupt context on {@code cpu} while the idle task
     * (pid 0) was current: a thread of its own, tid {@code -(cpu + 1)}, named {@code CPU n irq},
     * process 0, so that interrupt slices (display drivers' {@code pp_done_irq}) keep their CPU and
     * never interleave with a real thread's stack.
     *
     * @return the lane's tid
     */
    long irqLane(int cpu) {
        long tid = -(cpu + 1L);
        if (index.get(tid) < 0) {
            int t = add(tid);
            tgids[t] = 0;
            lastName.set(t, "CPU " + cpu + " irq");
            names.get(t).add(new Obs(Long.MIN_VALUE, "CPU " + cpu + " irq"));
            nameChanges++;
        }
        return tid;
    }

    private int add(long tid) {
        int i = names.size();
        if (i == tids.length) {
            tids = Arrays.copyOf(tids, i * 2);
            tgids = Arrays.copyOf(tgids, i * 2);
        }
        tids[i] = tid;
        tgids[i] = -1;
        names.add(new ArrayList<>(1));
        lastName.add(null);
        index.put(tid, i);
        if (tid > 0 && tid < DIRECT_TIDS) {
            if (tid >= direct.length) {
                direct = Arrays.copyOf(direct, (int) Math.min(DIRECT_TIDS, Long.highestOneBit(tid) * 2));
            }
            direct[(int) tid] = i + 1;
        }
        return i;
    }

    /** Index of {@code tid} if known, else -1. */
    int find(long tid) {
        return tid <= 0 ? -1 : index.get(tid);
    }

    long tid(int thread) {
        return tids[thread];
    }

    long tgid(int thread) {
        return tgids[thread];
    }

    /** Records the thread's process (a later, different claim wins only over "unknown"). */
    void setTgid(long tid, long tgid) {
        setTgidOf(thread(tid), tgid);
    }

    /** {@link #setTgid} of the thread of index {@code t} (-1: none). */
    void setTgidOf(int t, long tgid) {
        if (t >= 0 && tgid > 0 && tgids[t] < 0) { // 0 only on irq lanes, which keep process 0
            tgids[t] = tgid;
            process(tgid);
        }
    }

    /** Records a name seen at a time ({@code Long.MIN_VALUE}: no time, e.g. a process dump). */
    void name(long tid, long timeNs, String name) {
        int t = thread(tid);
        if (t < 0 || tids[t] < 0 || name == null || name.isEmpty() || name.equals("<...>")) {
            return;
        }
        if (name.equals(lastName.get(t))) {
            return;
        }
        lastName.set(t, name);
        names.get(t).add(new Obs(timeNs, name));
        nameChanges++;
    }

    /** How many times a thread's last name changed so far (any thread): a changed count says one did. */
    long nameChanges() {
        return nameChanges;
    }

    /** A name from a less reliable source (the ftrace line's task column): used only while the thread has none. */
    void weakName(long tid, long timeNs, String name) {
        int t = thread(tid);
        if (t >= 0 && lastName.get(t) == null) {
            name(tid, timeNs, name);
        }
    }

    /** A process from a process dump / descriptor; cmdline[0] is its name (package for apps). */
    void dumpedProcess(long pid, long ppid, String cmdline) {
        if (pid <= 0) {
            return;
        }
        Proc p = process(pid);
        if (ppid > 0) {
            p.ppid = ppid;
        }
        processName(pid, cmdline);
        setTgid(pid, pid);
    }

    /** A task created at {@code ts}: a thread of the parent's process ({@code thread}) or a new process. */
    void newTask(long ts, long parentTid, long newTid, String comm, boolean thread) {
        name(newTid, ts, comm);
        int parent = thread(parentTid);
        long parentTgid = parent >= 0 ? tgid(parent) : -1;
        if (thread) {
            if (parentTgid > 0) {
                setTgid(newTid, parentTgid);
            }
        } else if (newTid > 0) {
            setTgid(newTid, newTid);
            Proc p = process(newTid);
            p.ppid = parentTgid;
            p.startNs = ts;
        }
    }

    Proc process(long pid) {
        return processes.computeIfAbsent(pid, Proc::new);
    }

    /** Sets a process's command line / package name (cmdline[0]); the first non-empty wins. */
    void processName(long pid, String cmdline) {
        Proc p = process(pid);
        if (cmdline != null && !cmdline.isEmpty() && p.cmdline == null) {
            p.cmdline = cmdline;
        }
    }

    /** The thread's identity and names, sorted by time, consecutive repeats merged. */
    ThreadInfo threadInfo(int t) {
        List<Obs> obs = new ArrayList<>(names.get(t));
        obs.sort((a, b) -> Long.compare(a.timeNs, b.timeNs));
        List<ThreadInfo.Name> out = new ArrayList<>();
        for (Obs o : obs) {
            if (out.isEmpty()) {
                out.add(new ThreadInfo.Name(Long.MIN_VALUE, o.name));
            } else if (!out.get(out.size() - 1).name().equals(o.name)) {
                out.add(new ThreadInfo.Name(o.timeNs, o.name));
            }
        }
        if (out.isEmpty()) {
            out.add(new ThreadInfo.Name(Long.MIN_VALUE, "thread " + tids[t]));
        }
        return new ThreadInfo(tids[t], tgids[t], out);
    }

    /** Processes that own a thread or were named, with their best name. */
    List<ProcessInfo> processes() {
        List<ProcessInfo> out = new ArrayList<>();
        for (Proc p : processes.values()) {
            String name = p.cmdline;
            if (name == null) {
                int main = find(p.pid);
                name = main >= 0 ? threadInfo(main).lastName() : "";
            }
            out.add(new ProcessInfo(p.pid, p.ppid, name, p.startNs));
        }
        return out;
    }
}
