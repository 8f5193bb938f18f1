package dev.ura.trace.system;

import dev.ura.trace.model.system.TimeOrder;
import dev.ura.trace.model.system.WakeupTable;

import java.util.Arrays;

/**
 * The wakeups of all CPUs before they become a {@link WakeupTable}, so that one wake recorded
 * twice counts once. The kernel's {@code try_to_wake_up()} emits {@code sched_waking} first, on
 * the waker's CPU in the waker's context, then (after it has queued the task) {@code sched_wakeup}:
 * on the same CPU, or later on the target CPU from the IPI that queues a remote wakeup. A trace
 * that records both therefore has, for each wake, a waking followed by at most one wakeup of the
 * same task before that task runs. The rule: a {@code sched_wakeup} of task T is the second half
 * of T's latest {@code sched_waking} when that waking is at or before it, no earlier wakeup took
 * it, and T did not run and stop again between them (T may already be running: the target CPU can
 * switch a remotely queued task in before the waker's CPU prints its {@code sched_wakeup}, as a 2019
 * Android 10 capture shows 3 µs apart); it is then dropped (the waking keeps the waker and
 * the time the wake began). Any other {@code sched_wakeup} is a wake of its own (kernels before
 * 4.3, and captures that enable only {@code sched_wakeup}). At equal times a waking goes first.
 */
final class WakeRows {
    /** Internal flag (never in the table): the row came from {@code sched_wakeup}, not {@code sched_waking}. */
    static final int FLAG_WAKEUP_EVENT = 0x40;

    private int size;
    private long[] ts = new long[64];
    private int[] waker = new int[64];
    private int[] wakee = new int[64];
    private short[] cpu = new short[64];
    private byte[] flags = new byte[64];
    private long duplicates;

    void add(long t, int wakerThread, int wakeeThread, int targetCpu, int flagBits) {
        if (size == ts.length) {
            int n = size * 2;
            ts = Arrays.copyOf(ts, n);
            waker = Arrays.copyOf(waker, n);
            wakee = Arrays.copyOf(wakee, n);
            cpu = Arrays.copyOf(cpu, n);
            flags = Arrays.copyOf(flags, n);
        }
        ts[size] = t;
        waker[size] = wakerThread;
        wakee[size] = wakeeThread;
        cpu[size] = (short) targetCpu;
        flags[size] = (byte) flagBits;
        size++;
    }

    /** {@code sched_wakeup} rows dropped by {@link #build} as the second half of a waking. */
    long duplicates() {
        return duplicates;
    }

    /**
     * The table, one row per wake.
     *
     * @param runs each thread's running intervals (null: never ran), to see whether it ran between
     */
    WakeupTable build(RunList[] runs, int threads) {
        int[] order = TimeOrder.of(ts, size);
        long[] pendingAt = new long[threads];
        Arrays.fill(pendingAt, Long.MIN_VALUE);
        int[][] starts = new int[threads][];
        WakeupTable.Builder out = new WakeupTable.Builder(size);
        for (int g = 0; g < size; ) {
            int h = g;
            while (h < size && ts[order[h]] == ts[order[g]]) {
                h++;
            }
            for (int pass = 0; pass < 2; pass++) {
                boolean wakeups = pass == 1;
                for (int k = g; k < h; k++) {
                    int r = order[k];
                    if (((flags[r] & FLAG_WAKEUP_EVENT) != 0) != wakeups) {
                        continue;
                    }
                    int t = wakee[r];
                    boolean known = t >= 0 && t < threads;
                    if (!wakeups) {
                        if (known) {
                            pendingAt[t] = ts[r];
                        }
                    } else if (known && pendingAt[t] != Long.MIN_VALUE
                            && !ranBetween(runs, starts, t, pendingAt[t], ts[r])) {
                        pendingAt[t] = Long.MIN_VALUE;
                        duplicates++;
                        continue;
                    }
                    out.add(ts[r], waker[r], t, cpu[r], flags[r] & ~FLAG_WAKEUP_EVENT);
                }
            }
            g = h;
        }
        return out.build();
    }

    /**
     * Whether thread {@code t} was switched in after {@code from} and switched out again before
     * {@code to}: a run that both began and ended between them (a run still going at {@code to} is
     * the wake's own).
     */
    private static boolean ranBetween(RunList[] runs, int[][] starts, int t, long from, long to) {
        RunList r = runs[t];
        if (r == null) {
            return false;
        }
        int[] order = starts[t];
        if (order == null) {
            order = r.order();
            starts[t] = order;
        }
        int lo = 0;
        int hi = order.length;
        while (lo < hi) { // first run starting after from
            int mid = (lo + hi) >>> 1;
            if (r.start[order[mid]] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < order.length && r.start[order[i]] < to; i++) {
            if (r.end[order[i]] < to) {
                return true;
            }
        }
        return false;
    }
}
