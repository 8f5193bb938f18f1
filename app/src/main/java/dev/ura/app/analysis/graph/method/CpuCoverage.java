package dev.ura.app.analysis.graph.method;

import dev.ura.trace.model.CallTable;

/**
 * How much of a stretch of wall time a thread spent running, from a dual-clock trace: thread-CPU
 * time is known at every call entry and exit, and interpolated linearly in between.
 */
final class CpuCoverage {
    /** Blocked time shorter than this is noise (clock resolution), ns. */
    static final long MIN_BLOCKED_NS = 500_000L;
    /** ...and so is blocked time under this share of the stretch. */
    static final double MIN_BLOCKED_SHARE = 0.1;

    /**
     * The clock readings in time order, each as {@code call << 1 | 1 for its exit}: the times
     * themselves stay in the call table (8 bytes a call here instead of 32 for copies of them).
     */
    private final int[] readings;
    private final CallTable calls;
    private final int size;

    private CpuCoverage(CallTable calls, int[] readings, int size) {
        this.calls = calls;
        this.readings = readings;
        this.size = size;
    }

    /** The coverage of a thread, or {@code null} when its calls carry no thread-CPU time. */
    static CpuCoverage of(CallTable calls) {
        if (!calls.hasCpuTime() || calls.size() == 0) {
            return null;
        }
        int n = calls.size();
        if (n > Integer.MAX_VALUE >> 1) {
            // a call index and its exit flag share an int: no trace ura reads (at most 2 GiB of
            // records, 9 bytes or more each, two per call) has a thread this large
            throw new IllegalStateException("too many calls on one thread: " + n);
        }
        int[] readings = new int[2 * n];
        int[] stack = new int[Math.max(1, calls.maxDepth() + 1)];
        int top = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            // Exits of calls that ended before this one starts come first: time order, in O(n).
            while (top > 0 && calls.depth(stack[top - 1]) >= calls.depth(i)) {
                readings[k++] = stack[--top] << 1 | 1;
            }
            readings[k++] = i << 1;
            stack[top++] = i;
        }
        while (top > 0) {
            readings[k++] = stack[--top] << 1 | 1;
        }
        return new CpuCoverage(calls, readings, k);
    }

    /** Wall time of reading {@code k}. */
    private long wall(int k) {
        int r = readings[k];
        return (r & 1) == 0 ? calls.start(r >>> 1) : calls.end(r >>> 1);
    }

    /** Thread-CPU time of reading {@code k}. */
    private long cpu(int k) {
        int r = readings[k];
        return (r & 1) == 0 ? calls.cpuStart(r >>> 1) : calls.cpuEnd(r >>> 1);
    }

    /** Whether {@code blockedNs} of a {@code totalNs} stretch is worth showing as a wait. */
    static boolean isBlocked(long blockedNs, long totalNs) {
        return blockedNs >= MIN_BLOCKED_NS && blockedNs >= MIN_BLOCKED_SHARE * totalNs;
    }

    /**
     * Where within wall {@code [a, b]} the thread ran and where it was stalled, from the evidence of
     * each stretch between two recorded clock readings: a stretch where thread time advanced less than
     * half as fast as wall time is a stall, and shows as its running part followed by its stalled
     * part (a stretch gives no finer position); the others count as running. Stalls shorter than
     * {@link #MIN_BLOCKED_NS} are noise, and so are runs shorter than that between two stalls.
     *
     * @return alternating runs: {@code bounds[0] = a < bounds[1] < ... = b}; run {@code i} is
     *         {@code [bounds[i], bounds[i+1]]}, stalled when {@code stalled[i]}
     */
    Runs runs(long a, long b) {
        Runs out = new Runs();
        if (b <= a) {
            out.bounds[0] = a;
            out.count = 1;
            return out.close(b);
        }
        int i = firstAfter(a);
        long x = a;
        long cx = cpuAt(a);
        while (x < b) {
            long y = i < size && wall(i) < b ? wall(i) : b;
            while (i < size && wall(i) <= y) {
                i++;
            }
            if (y <= x) {
                continue;
            }
            long cy = cpuAt(y);
            long dw = y - x;
            long dc = Math.max(0, Math.min(dw, cy - cx));
            if (dc * 2 < dw) {
                out.add(x, x + dc, false);
                out.add(x + dc, y, true);
            } else {
                out.add(x, y, false);
            }
            x = y;
            cx = cy;
        }
        return out.close(b).smoothed();
    }

    /** Index of the first reading after wall time {@code t}. */
    private int firstAfter(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (wall(m) <= t) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /** Alternating running / stalled runs of a stretch; built left to right. */
    static final class Runs {
        private long[] bounds = new long[8];
        private boolean[] stalled = new boolean[8];
        private int count;

        /** Appends {@code [from, to]}; merges it into the last run of the same kind, drops it when empty. */
        void add(long from, long to, boolean stall) {
            if (to <= from) {
                return;
            }
            if (count > 0 && stalled[count - 1] == stall) {
                return;
            }
            if (count + 1 >= bounds.length) {
                bounds = java.util.Arrays.copyOf(bounds, bounds.length * 2);
                stalled = java.util.Arrays.copyOf(stalled, stalled.length * 2);
            }
            bounds[count] = from;
            stalled[count] = stall;
            count++;
        }

        Runs close(long end) {
            bounds[count] = end;
            return this;
        }

        /** Short stalls become running time, then short runs between stalls become stalled time. */
        Runs smoothed() {
            Runs a = new Runs();
            for (int k = 0; k < count; k++) {
                boolean s = stalled[k] && length(k) >= MIN_BLOCKED_NS;
                a.add(bounds[k], bounds[k + 1], s);
            }
            a.close(bounds[count]);
            Runs b = new Runs();
            for (int k = 0; k < a.count; k++) {
                boolean between = k > 0 && k + 1 < a.count && a.stalled[k - 1] && a.stalled[k + 1];
                boolean s = a.stalled[k] || (between && a.length(k) < MIN_BLOCKED_NS);
                b.add(a.bounds[k], a.bounds[k + 1], s);
            }
            return b.close(a.bounds[a.count]);
        }

        int count() {
            return count;
        }

        long start(int k) {
            return bounds[k];
        }

        long end(int k) {
            return bounds[k + 1];
        }

        boolean stalled(int k) {
            return stalled[k];
        }

        private long length(int k) {
            return bounds[k + 1] - bounds[k];
        }
    }

    /** Thread time spent running within wall {@code [a, b]}, ns, clamped to {@code [0, b - a]}. */
    long runningNs(long a, long b) {
        long r = cpuAt(b) - cpuAt(a);
        return Math.max(0, Math.min(b - a, r));
    }

    private long cpuAt(long t) {
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int m = (lo + hi) >>> 1;
            if (wall(m) <= t) {
                found = m;
                lo = m + 1;
            } else {
                hi = m - 1;
            }
        }
        if (found < 0) {
            return cpu(0);
        }
        long w0 = wall(found);
        if (found == size - 1 || wall(found + 1) == w0) {
            return cpu(found);
        }
        long w1 = wall(found + 1);
        double f = (double) (t - w0) / (w1 - w0);
        long c0 = cpu(found);
        return c0 + Math.round(f * (cpu(found + 1) - c0));
    }
}
