package dev.ura.app.render;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.Arrays;

/**
 * What ran on each CPU, column-wise: per CPU the running intervals of every thread (from the
 * scheduler's {@code sched_switch} data, i.e. each thread's {@link ThreadState#RUNNING} intervals
 * that name their CPU), sorted by start. Built once at load, off the EDT; painting then finds
 * the first visible run by binary search, as the flame chart does. A CPU runs one thread at a
 * time, so a CPU's runs do not overlap and their ends are sorted too.
 */
public final class CpuIndex {
    private static final CpuIndex EMPTY = new CpuIndex(new long[0][], new long[0][], new int[0][]);

    private final long[][] start;
    private final long[][] end;
    private final int[][] thread;

    private CpuIndex(long[][] start, long[][] end, int[][] thread) {
        this.start = start;
        this.end = end;
        this.thread = thread;
    }

    /** No CPUs (method traces, or a system trace without scheduler data). */
    public static CpuIndex empty() {
        return EMPTY;
    }

    /** Indexes the running intervals of every thread; checks {@code progress} between threads. */
    public static CpuIndex of(SystemTrace system, Progress progress) {
        if (!system.present()) {
            return EMPTY;
        }
        int cpus = 0;
        int[] counts = new int[8];
        for (ThreadStateTable st : system.states()) {
            progress.checkCancelled();
            for (int i = 0; i < st.size(); i++) {
                int c = st.cpu(i);
                if (c >= 0 && st.state(i) == ThreadState.RUNNING) {
                    if (c >= counts.length) {
                        counts = Arrays.copyOf(counts, Math.max(c + 1, counts.length * 2));
                    }
                    counts[c]++;
                    cpus = Math.max(cpus, c + 1);
                }
            }
        }
        long[][] s = new long[cpus][];
        long[][] e = new long[cpus][];
        int[][] t = new int[cpus][];
        for (int c = 0; c < cpus; c++) {
            s[c] = new long[counts[c]];
            e[c] = new long[counts[c]];
            t[c] = new int[counts[c]];
        }
        int[] fill = new int[cpus];
        for (int th = 0; th < system.states().size(); th++) {
            ThreadStateTable st = system.states().get(th);
            for (int i = 0; i < st.size(); i++) {
                int c = st.cpu(i);
                if (c >= 0 && st.state(i) == ThreadState.RUNNING) {
                    int k = fill[c]++;
                    s[c][k] = st.start(i);
                    e[c][k] = st.end(i);
                    t[c][k] = th;
                }
            }
        }
        for (int c = 0; c < cpus; c++) {
            sortByStart(s[c], e[c], t[c]);
        }
        return new CpuIndex(s, e, t);
    }

    /** Sorts the parallel columns by start: a primitive merge sort of positions (no boxing for millions of runs). */
    private static void sortByStart(long[] s, long[] e, int[] t) {
        int n = s.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] tmp = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = s[order[b]] < s[order[a]] ? order[b++] : order[a++];
                }
                while (a < mid) {
                    tmp[k++] = order[a++];
                }
                while (b < hi) {
                    tmp[k++] = order[b++];
                }
                System.arraycopy(tmp, lo, order, lo, hi - lo);
            }
        }
        long[] s2 = s.clone();
        long[] e2 = e.clone();
        int[] t2 = t.clone();
        for (int i = 0; i < n; i++) {
            s[i] = s2[order[i]];
            e[i] = e2[order[i]];
            t[i] = t2[order[i]];
        }
    }

    /** Number of CPUs (highest CPU number seen running a thread, plus one). */
    public int cpuCount() {
        return start.length;
    }

    /** Runs on a CPU. */
    public int size(int cpu) {
        return start[cpu].length;
    }

    public long start(int cpu, int i) {
        return start[cpu][i];
    }

    public long end(int cpu, int i) {
        return end[cpu][i];
    }

    /** Thread index (into {@code Trace.threads()}) of a run. */
    public int thread(int cpu, int i) {
        return thread[cpu][i];
    }

    /** Index of the first run on a CPU ending after {@code timeNs}. */
    public int firstEndingAfter(int cpu, long timeNs) {
        long[] e = end[cpu];
        int lo = 0;
        int hi = e.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (e[mid] <= timeNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The thread that ran on a CPU for the longest part of {@code [fromNs, toNs)} (who held the
     * CPU a runnable thread waited for), or -1 when it was idle or the CPU is unknown.
     */
    public int holder(int cpu, long fromNs, long toNs) {
        if (cpu < 0 || cpu >= start.length) {
            return -1;
        }
        return dev.ura.app.analysis.graph.system.CpuRunIndex.holderOf(start[cpu], end[cpu], thread[cpu], fromNs, toNs);
    }

    /** The run containing {@code timeNs} on a CPU, or -1 (the CPU was idle or unrecorded). */
    public int runAt(int cpu, long timeNs) {
        int i = firstEndingAfter(cpu, timeNs);
        return i < size(cpu) && start[cpu][i] <= timeNs ? i : -1;
    }
}
