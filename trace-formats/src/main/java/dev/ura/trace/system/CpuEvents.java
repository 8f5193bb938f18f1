package dev.ura.trace.system;

import java.util.Arrays;

/**
 * The scheduler events of one CPU, column-wise in arrival order; {@link SchedCollector} sorts
 * them by time (stable) once, before walking them, because bundles and text lines from one CPU can
 * reach the reader out of order, and a Perfetto bundle lists its full events, then its compact
 * switches, then its compact wakings (a few sorted runs per bundle, which the sort merges
 * in about linear time).
 */
final class CpuEvents {
    static final byte SWITCH = 0;
    static final byte WAKING = 1;
    /** Another event recorded with this thread as the CPU's current task: it was running then. */
    static final byte CURRENT = 2;
    /** Thread value: the idle task (pid 0). */
    static final int IDLE = -1;
    /** Thread value: not in the event; infer it from the task last switched in on the CPU. */
    static final int INFER = -2;

    int size;
    /** The thread last switched in or seen current, in arrival order (to skip redundant hints). */
    int lastCurrent = INFER;
    long[] ts = new long[64];
    byte[] kind = new byte[64];
    /** Switch: prev thread; waking: waker thread. */
    int[] a = new int[64];
    /** Switch: next thread; waking: wakee thread. */
    int[] b = new int[64];
    /** Switch: prev state ordinal; waking: flags. */
    byte[] state = new byte[64];
    /** Waking: target CPU. */
    short[] cpu = new short[64];

    void add(long t, byte k, int first, int second, int st, int targetCpu) {
        if (size == ts.length) {
            room(size + 1);
        }
        ts[size] = t;
        kind[size] = k;
        a[size] = first;
        b[size] = second;
        state[size] = (byte) st;
        cpu[size] = targetCpu(targetCpu);
        size++;
    }

    /** A target CPU as stored: -1 for none, clamped to a short. */
    static short targetCpu(int targetCpu) {
        return (short) Math.max(-1, Math.min(Short.MAX_VALUE, targetCpu));
    }

    /** Makes room for {@code n} events in all (doubling, as one add at a time would). */
    void room(int n) {
        if (n <= ts.length) {
            return;
        }
        int cap = ts.length;
        while (cap < n) {
            cap *= 2;
        }
        ts = Arrays.copyOf(ts, cap);
        kind = Arrays.copyOf(kind, cap);
        a = Arrays.copyOf(a, cap);
        b = Arrays.copyOf(b, cap);
        state = Arrays.copyOf(state, cap);
        cpu = Arrays.copyOf(cpu, cap);
    }
}
