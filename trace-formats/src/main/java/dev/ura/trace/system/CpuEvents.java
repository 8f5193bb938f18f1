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
            int n = size * 2;
            ts = Arrays.copyOf(ts, n);
            kind = Arrays.copyOf(kind, n);
            a = Arrays.copyOf(a, n);
            b = Arrays.copyOf(b, n);
            state = Arrays.copyOf(state, n);
            cpu = Arrays.copyOf(cpu, n);
        }
        ts[size] = t;
        kind[size] = k;
        a[size] = first;
        b[size] = second;
        state[size] = (byte) st;
        cpu[size] = (short) Math.max(-1, Math.min(Short.MAX_VALUE, targetCpu));
        size++;
    }
}
