package dev.ura.trace.model.system;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The scheduler states of one thread, column-wise, as back-to-back intervals sorted by start
 * (gaps where the trace cannot tell). A sleep ended by a wakeup names the waker; a running
 * interval names its CPU; a sleep may name the kernel function it blocked in.
 *
 * <p>Every interval has a length, except possibly the last: a thread switched out on the trace's
 * very last event keeps the state it was left in (asleep, preempted, in I/O, exited) as an empty
 * interval at the trace's end — open-ended, the trace shows no more of it. Without it such a thread
 * would look the same as one still running when the recording stopped ({@link #endsOpen()}).
 */
public final class ThreadStateTable {
    private static final ThreadStateTable EMPTY = new Builder().build();

    /** {@link #waker} value when the wake came from interrupt context (I/O completion, timer, touch). */
    public static final int WAKER_INTERRUPT = -2;
    /** {@link #waker} value when no wakeup was recorded (or the state is not a wake). */
    public static final int WAKER_NONE = -1;

    private final int size;
    private final long[] start;
    private final long[] end;
    private final byte[] state;
    private final short[] cpu;
    private final int[] waker;
    /** Index into {@link #strings} per interval, -1 for none; null when no interval has one (most tables). */
    private final int[] blocked;
    private final String[] strings;

    private ThreadStateTable(Builder b) {
        size = b.size;
        start = Arrays.copyOf(b.start, size);
        end = Arrays.copyOf(b.end, size);
        state = Arrays.copyOf(b.state, size);
        cpu = Arrays.copyOf(b.cpu, size);
        waker = Arrays.copyOf(b.waker, size);
        blocked = b.blocked == null ? null : Arrays.copyOf(b.blocked, size);
        strings = b.strings.toArray(new String[0]);
    }

    /** A table with no states (threads of method traces, or threads the scheduler never showed). */
    public static ThreadStateTable empty() {
        return EMPTY;
    }

    public int size() {
        return size;
    }

    /** Start of interval {@code i}, ns. */
    public long start(int i) {
        return start[i];
    }

    /** End of interval {@code i}, ns (never before its start). */
    public long end(int i) {
        return end[i];
    }

    public ThreadState state(int i) {
        return ThreadState.ofOrdinal(state[i]);
    }

    /** CPU of a running interval, or the target CPU of a runnable one; -1 when unknown. */
    public int cpu(int i) {
        return cpu[i];
    }

    /**
     * For a runnable interval that follows a wakeup: the thread index of the waker, or
     * {@link #WAKER_INTERRUPT}, or {@link #WAKER_NONE}. The same value is set on the sleep the
     * wakeup ended.
     */
    public int waker(int i) {
        return waker[i];
    }

    /** Kernel function a sleep blocked in ({@code sched_blocked_reason}), or {@code null}. */
    public String blockedFunction(int i) {
        return blocked == null || blocked[i] < 0 ? null : strings[blocked[i]];
    }

    /**
     * Whether the last interval is empty: the state a switch-out on the trace's last event left the
     * thread in, open to the trace's end (it contains no instant, so {@link #indexAt} never finds it).
     */
    public boolean endsOpen() {
        return size > 0 && end[size - 1] == start[size - 1];
    }

    /** Index of the interval containing {@code timeNs} (start ≤ t &lt; end), or -1. */
    public int indexAt(long timeNs) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] <= timeNs) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && timeNs < end[hi] ? hi : -1;
    }

    /** Index of the first interval ending after {@code timeNs} (for painting a visible range). */
    public int firstEndingAfter(long timeNs) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] <= timeNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Total time in {@code s} that overlaps [{@code fromNs}, {@code toNs}). */
    public long timeIn(ThreadState s, long fromNs, long toNs) {
        long sum = 0;
        for (int i = firstEndingAfter(fromNs); i < size && start[i] < toNs; i++) {
            if (state[i] == s.ordinal()) {
                sum += Math.min(end[i], toNs) - Math.max(start[i], fromNs);
            }
        }
        return sum;
    }

    /** Appends intervals in start order. Not thread-safe. */
    public static final class Builder {
        private int size;
        private long[] start;
        private long[] end;
        private byte[] state;
        private short[] cpu;
        private int[] waker;
        private int[] blocked;
        private final List<String> strings = new ArrayList<>();
        private final Map<String, Integer> ids = new HashMap<>();

        public Builder() {
            this(16);
        }

        /** A builder sized for about {@code capacity} intervals (it still grows past them). */
        public Builder(int capacity) {
            int n = Math.max(4, capacity);
            start = new long[n];
            end = new long[n];
            state = new byte[n];
            cpu = new short[n];
            waker = new int[n];
        }

        /**
         * Appends an interval; one that starts before the previous one's end is clipped to it
         * (intervals never overlap), and an empty one is dropped.
         *
         * @return its index, or -1 when dropped
         */
        public int add(long startNs, long endNs, ThreadState s, int cpuNo, int wakerThread) {
            if (size > 0 && startNs < end[size - 1]) {
                startNs = end[size - 1];
            }
            if (endNs <= startNs) {
                return -1;
            }
            if (size == start.length) {
                int n = size * 2;
                start = Arrays.copyOf(start, n);
                end = Arrays.copyOf(end, n);
                state = Arrays.copyOf(state, n);
                cpu = Arrays.copyOf(cpu, n);
                waker = Arrays.copyOf(waker, n);
                if (blocked != null) {
                    blocked = Arrays.copyOf(blocked, n);
                }
            }
            start[size] = startNs;
            end[size] = endNs;
            state[size] = (byte) s.ordinal();
            cpu[size] = (short) Math.max(-1, Math.min(Short.MAX_VALUE, cpuNo));
            waker[size] = wakerThread;
            if (blocked != null) {
                blocked[size] = -1;
            }
            return size++;
        }

        /**
         * Appends the empty last interval of a thread switched out on the trace's last event (see the
         * class comment): state {@code s} from {@code atNs}, where the trace ends. Nothing may follow it.
         *
         * @return its index, or -1 when an earlier interval already reaches past {@code atNs}
         */
        public int addAtTraceEnd(long atNs, ThreadState s) {
            if (size > 0 && atNs < end[size - 1]) {
                return -1;
            }
            int i = add(atNs, atNs + 1, s, -1, WAKER_NONE);
            end[i] = atNs;
            return i;
        }

        /** Sets the blocking function of interval {@code i}. */
        public void setBlocked(int i, String function) {
            if (i >= 0 && i < size && function != null) {
                if (blocked == null) { // the first one: only traces with sched_blocked_reason pay for the column
                    blocked = new int[start.length];
                    Arrays.fill(blocked, -1);
                }
                blocked[i] = ids.computeIfAbsent(function, f -> {
                    strings.add(f);
                    return strings.size() - 1;
                });
            }
        }

        public int size() {
            return size;
        }

        /**
         * Empties the builder for the next table, keeping its columns' room: {@link #build} copies the
         * rows out, so one builder can build table after table without allocating each one's room.
         */
        public void clear() {
            size = 0;
            blocked = null;
            strings.clear();
            ids.clear();
        }

        public ThreadStateTable build() {
            return new ThreadStateTable(this);
        }
    }
}
