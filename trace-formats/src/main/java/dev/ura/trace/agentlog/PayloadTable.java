package dev.ura.trace.agentlog;

import java.util.Arrays;

/**
 * The agent payloads found in a logcat file but not yet fully decoded: where each lies, its line
 * and its prefix ids. Entries the decoder has released are dropped when room is needed, so the
 * table holds a window of the file rather than one entry per event.
 */
final class PayloadTable {
    /** Payload number of entry 0. */
    private long base;
    private int count;
    private long released;
    private int[] start = new int[1024];
    private int[] end = new int[1024];
    private int[] line = new int[1024];
    private long[] pid = new long[1024];
    private long[] tid = new long[1024];

    /** Payloads added so far (the next payload's number). */
    long added() {
        return base + count;
    }

    void add(int from, int to, int lineNumber, long pidValue, long tidValue) {
        if (count == start.length) {
            makeRoom();
        }
        start[count] = from;
        end[count] = to;
        line[count] = lineNumber;
        pid[count] = pidValue;
        tid[count] = tidValue;
        count++;
    }

    /** Payloads numbered below {@code payload} will not be asked about again. */
    void release(long payload) {
        released = Math.max(released, Math.min(payload, added()));
    }

    int start(long payload) {
        return start[slot(payload)];
    }

    int end(long payload) {
        return end[slot(payload)];
    }

    int line(long payload) {
        return line[slot(payload)];
    }

    long pid(long payload) {
        return pid[slot(payload)];
    }

    long tid(long payload) {
        return tid[slot(payload)];
    }

    /** The entry of a payload, clamped to the table (callers only ask about payloads they hold). */
    private int slot(long payload) {
        return (int) Math.max(0, Math.min(count - 1, payload - base));
    }

    private void makeRoom() {
        int drop = (int) (released - base);
        if (drop >= count / 2) {
            int keep = count - drop;
            System.arraycopy(start, drop, start, 0, keep);
            System.arraycopy(end, drop, end, 0, keep);
            System.arraycopy(line, drop, line, 0, keep);
            System.arraycopy(pid, drop, pid, 0, keep);
            System.arraycopy(tid, drop, tid, 0, keep);
            base += drop;
            count = keep;
            return;
        }
        int n = (int) Math.min(Integer.MAX_VALUE - 8, (long) start.length * 2);
        start = Arrays.copyOf(start, n);
        end = Arrays.copyOf(end, n);
        line = Arrays.copyOf(line, n);
        pid = Arrays.copyOf(pid, n);
        tid = Arrays.copyOf(tid, n);
    }
}
