package dev.ura.trace.model.system;

import java.util.Arrays;

/**
 * Kernel wakeups ({@code sched_waking}, or {@code sched_wakeup} when waking was not recorded),
 * column-wise in time order: who made which thread runnable, when. Spurious wakes of a thread that
 * was not asleep are kept here (they do not change thread states).
 */
public final class WakeupTable {
    private static final WakeupTable EMPTY = new Builder().build();
    /** Flag: recorded in hard- or soft-interrupt context; the waker is only the interrupted task. */
    public static final int FLAG_INTERRUPT = 1;
    /** Flag: the first wakeup of a new task ({@code sched_wakeup_new}). */
    public static final int FLAG_NEW_TASK = 2;

    private final int size;
    private final long[] time;
    private final int[] waker;
    private final int[] wakee;
    private final short[] targetCpu;
    private final byte[] flags;

    private WakeupTable(Builder b) {
        int n = b.size;
        size = n;
        if (inOrder(b.time, n)) {
            // The usual case (the system readers add wakes in time order): no index, no gather.
            time = Arrays.copyOf(b.time, n);
            waker = Arrays.copyOf(b.waker, n);
            wakee = Arrays.copyOf(b.wakee, n);
            targetCpu = Arrays.copyOf(b.targetCpu, n);
            flags = Arrays.copyOf(b.flags, n);
            return;
        }
        int[] idx = TimeOrder.of(b.time, n);
        time = new long[n];
        waker = new int[n];
        wakee = new int[n];
        targetCpu = new short[n];
        flags = new byte[n];
        for (int i = 0; i < n; i++) {
            int j = idx[i];
            time[i] = b.time[j];
            waker[i] = b.waker[j];
            wakee[i] = b.wakee[j];
            targetCpu[i] = b.targetCpu[j];
            flags[i] = b.flags[j];
        }
    }

    public static WakeupTable empty() {
        return EMPTY;
    }

    public int size() {
        return size;
    }

    /** When the wakee was made runnable, ns. */
    public long time(int i) {
        return time[i];
    }

    /** Thread index of the task running when the wake was recorded, -1 when idle (pid 0) or unknown. */
    public int waker(int i) {
        return waker[i];
    }

    /** Thread index of the woken thread. */
    public int wakee(int i) {
        return wakee[i];
    }

    /** CPU the wakee was queued on, -1 when unknown. */
    public int targetCpu(int i) {
        return targetCpu[i];
    }

    /** Whether the wake ran in interrupt context (the waker is not the cause). */
    public boolean fromInterrupt(int i) {
        return (flags[i] & FLAG_INTERRUPT) != 0;
    }

    /** Whether this is a new task's first wakeup. */
    public boolean newTask(int i) {
        return (flags[i] & FLAG_NEW_TASK) != 0;
    }

    /** Index of the first wakeup at or after {@code timeNs}. */
    public int firstAtOrAfter(long timeNs) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time[mid] < timeNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static boolean inOrder(long[] t, int n) {
        for (int i = 1; i < n; i++) {
            if (t[i] < t[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** Collects wakeups in any order; {@link #build} sorts them by time (stable). */
    public static final class Builder {
        private int size;
        private long[] time;
        private int[] waker;
        private int[] wakee;
        private short[] targetCpu;
        private byte[] flags;

        public Builder() {
            this(16);
        }

        /** A builder with room for {@code capacity} wakes before it grows. */
        public Builder(int capacity) {
            int c = Math.max(16, capacity);
            time = new long[c];
            waker = new int[c];
            wakee = new int[c];
            targetCpu = new short[c];
            flags = new byte[c];
        }

        public void add(long timeNs, int wakerThread, int wakeeThread, int cpu, int flagBits) {
            if (size == time.length) {
                int n = size * 2;
                time = Arrays.copyOf(time, n);
                waker = Arrays.copyOf(waker, n);
                wakee = Arrays.copyOf(wakee, n);
                targetCpu = Arrays.copyOf(targetCpu, n);
                flags = Arrays.copyOf(flags, n);
            }
            time[size] = timeNs;
            waker[size] = wakerThread;
            wakee[size] = wakeeThread;
            targetCpu[size] = (short) Math.max(-1, Math.min(Short.MAX_VALUE, cpu));
            flags[size] = (byte) flagBits;
            size++;
        }

        public int size() {
            return size;
        }

        public WakeupTable build() {
            return new WakeupTable(this);
        }
    }
}
