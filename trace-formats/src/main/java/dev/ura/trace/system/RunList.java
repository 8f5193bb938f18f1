package dev.ura.trace.system;

import java.util.Arrays;

/** The running intervals of one thread (any CPU) with the state each left it in. */
final class RunList {
    /** End-state value of a run still going at the end of the trace. */
    static final byte STILL_RUNNING = -1;

    int size;
    long[] start = new long[8];
    long[] end = new long[8];
    short[] cpu = new short[8];
    byte[] endState = new byte[8];

    void add(long s, long e, int c, int st) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            cpu = Arrays.copyOf(cpu, n);
            endState = Arrays.copyOf(endState, n);
        }
        start[size] = s;
        end[size] = e;
        cpu[size] = (short) c;
        endState[size] = (byte) st;
        size++;
    }

    /** Run indices sorted by start. */
    int[] order() {
        return dev.ura.trace.model.system.TimeOrder.of(start, size);
    }
}
