package dev.ura.app.analysis.graph;

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

    private final long[] wall;
    private final long[] cpu;
    private final int size;

    private CpuCoverage(long[] wall, long[] cpu, int size) {
        this.wall = wall;
        this.cpu = cpu;
        this.size = size;
    }

    /** The coverage of a thread, or {@code null} when its calls carry no thread-CPU time. */
    static CpuCoverage of(CallTable calls) {
        if (!calls.hasCpuTime() || calls.size() == 0) {
            return null;
        }
        int n = calls.size();
        long[] wall = new long[2 * n];
        long[] cpu = new long[2 * n];
        int[] stack = new int[Math.max(1, calls.maxDepth() + 1)];
        int top = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            // Exits of calls that ended before this one starts come first: time order, in O(n).
            while (top > 0 && calls.depth(stack[top - 1]) >= calls.depth(i)) {
                int done = stack[--top];
                wall[k] = calls.end(done);
                cpu[k++] = calls.cpuEnd(done);
            }
            wall[k] = calls.start(i);
            cpu[k++] = calls.cpuStart(i);
            stack[top++] = i;
        }
        while (top > 0) {
            int done = stack[--top];
            wall[k] = calls.end(done);
            cpu[k++] = calls.cpuEnd(done);
        }
        return new CpuCoverage(wall, cpu, k);
    }

    /** Whether {@code blockedNs} of a {@code totalNs} stretch is worth showing as a wait. */
    static boolean isBlocked(long blockedNs, long totalNs) {
        return blockedNs >= MIN_BLOCKED_NS && blockedNs >= MIN_BLOCKED_SHARE * totalNs;
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
            if (wall[m] <= t) {
                found = m;
                lo = m + 1;
            } else {
                hi = m - 1;
            }
        }
        if (found < 0) {
            return cpu[0];
        }
        if (found == size - 1 || wall[found + 1] == wall[found]) {
            return cpu[found];
        }
        long w0 = wall[found];
        long w1 = wall[found + 1];
        double f = (double) (t - w0) / (w1 - w0);
        return cpu[found] + Math.round(f * (cpu[found + 1] - cpu[found]));
    }
}
