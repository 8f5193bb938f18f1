package dev.ura.trace.system;

import java.util.Arrays;

/**
 * The scheduler events of one CPU, column-wise in arrival order; {@link SchedCollector} sorts
 * them by time (stable) before walking them, because bundles and text lines from one CPU can
 * reach the reader out of order.
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

    /** Stable sort of the events from {@code from} on by time. */
    void sortTail(int from) {
        int n = size - from;
        long[] t = java.util.Arrays.copyOfRange(ts, from, size);
        int[] order = dev.ura.trace.model.system.TimeOrder.of(t, n);
        boolean sorted = true;
        for (int i = 0; i < n && sorted; i++) {
            sorted = order[i] == i;
        }
        if (sorted) {
            return;
        }
        byte[] k2 = java.util.Arrays.copyOfRange(kind, from, size);
        int[] a2 = java.util.Arrays.copyOfRange(a, from, size);
        int[] b2 = java.util.Arrays.copyOfRange(b, from, size);
        byte[] s2 = java.util.Arrays.copyOfRange(state, from, size);
        short[] c2 = java.util.Arrays.copyOfRange(cpu, from, size);
        for (int i = 0; i < n; i++) {
            int j = order[i];
            ts[from + i] = t[j];
            kind[from + i] = k2[j];
            a[from + i] = a2[j];
            b[from + i] = b2[j];
            state[from + i] = s2[j];
            cpu[from + i] = c2[j];
        }
    }

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
