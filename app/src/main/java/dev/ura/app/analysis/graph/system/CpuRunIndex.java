package dev.ura.app.analysis.graph.system;

import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.TimeOrder;

import java.util.Arrays;
import java.util.List;

/**
 * Who ran on each CPU when, from every thread's running intervals, built once per trace: per CPU
 * the running intervals sorted by start (they never overlap on one CPU), so the thread that held a
 * CPU during a runnable wait is found by one binary search and a scan of the intervals the wait
 * overlaps, instead of a scan of all threads' states.
 */
public final class CpuRunIndex {
    /** Per CPU: starts, ends and thread indices of its running intervals, by start. */
    private final long[][] start;
    private final long[][] end;
    private final int[][] thread;

    /** @param states every thread's scheduler states (a system trace's {@code states()}) */
    public CpuRunIndex(List<ThreadStateTable> states) {
        int cpus = 0;
        for (ThreadStateTable s : states) {
            for (int i = 0; i < s.size(); i++) {
                if (s.state(i) == ThreadState.RUNNING && s.cpu(i) >= cpus) {
                    cpus = s.cpu(i) + 1;
                }
            }
        }
        int[] count = new int[cpus];
        for (ThreadStateTable s : states) {
            for (int i = 0; i < s.size(); i++) {
                if (s.state(i) == ThreadState.RUNNING && s.cpu(i) >= 0) {
                    count[s.cpu(i)]++;
                }
            }
        }
        long[][] st = new long[cpus][];
        long[][] en = new long[cpus][];
        int[][] th = new int[cpus][];
        for (int c = 0; c < cpus; c++) {
            st[c] = new long[count[c]];
            en[c] = new long[count[c]];
            th[c] = new int[count[c]];
        }
        Arrays.fill(count, 0);
        for (int t = 0; t < states.size(); t++) {
            ThreadStateTable s = states.get(t);
            for (int i = 0; i < s.size(); i++) {
                int c = s.cpu(i);
                if (s.state(i) == ThreadState.RUNNING && c >= 0) {
                    int k = count[c]++;
                    st[c][k] = s.start(i);
                    en[c][k] = s.end(i);
                    th[c][k] = t;
                }
            }
        }
        start = new long[cpus][];
        end = new long[cpus][];
        thread = new int[cpus][];
        for (int c = 0; c < cpus; c++) {
            int[] order = TimeOrder.of(st[c], st[c].length);
            start[c] = new long[order.length];
            end[c] = new long[order.length];
            thread[c] = new int[order.length];
            for (int k = 0; k < order.length; k++) {
                start[c][k] = st[c][order[k]];
                end[c][k] = en[c][order[k]];
                thread[c][k] = th[c][order[k]];
            }
        }
    }

    /**
     * The thread that ran on {@code cpu} for the longest part of {@code [fromNs, toNs)} (the
     * earliest of equals), or -1 when the CPU was idle throughout or is unknown.
     */
    public int holder(int cpu, long fromNs, long toNs) {
        if (cpu < 0 || cpu >= start.length || toNs <= fromNs) {
            return -1;
        }
        return holderOf(start[cpu], end[cpu], thread[cpu], fromNs, toNs);
    }

    /**
     * {@link #holder} over one CPU's runs given as columns sorted by start (the window's CPU
     * tracks keep their own): the thread with the longest overlap of {@code [fromNs, toNs)}, or -1.
     */
    public static int holderOf(long[] s, long[] e, int[] th, long fromNs, long toNs) {
        if (toNs <= fromNs) {
            return -1;
        }
        // Intervals on one CPU do not overlap, so ends are sorted too: skip those ending by fromNs.
        int lo = 0;
        int hi = s.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (e[mid] <= fromNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int[] who = new int[4];
        long[] how = new long[4];
        int n = 0;
        for (int k = lo; k < s.length && s[k] < toNs; k++) {
            long overlap = Math.min(e[k], toNs) - Math.max(s[k], fromNs);
            if (overlap <= 0) {
                continue;
            }
            int j = 0;
            while (j < n && who[j] != th[k]) {
                j++;
            }
            if (j == n) {
                if (n == who.length) {
                    who = Arrays.copyOf(who, n * 2);
                    how = Arrays.copyOf(how, n * 2);
                }
                who[n] = th[k];
                n++;
            }
            how[j] += overlap;
        }
        int best = -1;
        long most = 0;
        for (int j = 0; j < n; j++) {
            if (how[j] > most) {
                most = how[j];
                best = who[j];
            }
        }
        return best;
    }
}
