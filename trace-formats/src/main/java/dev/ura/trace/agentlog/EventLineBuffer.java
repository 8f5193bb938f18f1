package dev.ura.trace.agentlog;

import java.util.Arrays;

/**
 * The event lines of a log whose threads are not in time order, kept column-wise so they can be
 * replayed sorted by {@code ts}. Only used on a second reading of such a log: the first reading
 * streams and only notices the disorder. Strings stay {@link StringPool} ids, so the replay
 * allocates nothing per line.
 */
final class EventLineBuffer {
    private int size;
    private long[] ts = new long[64];
    private long[] tid = new long[64];
    private int[] kind = new int[64];
    private char[] ph = new char[64];
    private int[] name = new int[64];
    private int[] identity = new int[64];
    private int[] via = new int[64];
    private int[] detail = new int[64];
    private long[] bytes = new long[64];
    private long[] targetTid = new long[64];
    private long[] delayNs = new long[64];
    private int[] line = new int[64];

    /** Keeps the event of {@code f} (already checked to have a kind, a thread and a time). */
    void add(EventFields f, long threadId, int lineNo) {
        if (size == ts.length) {
            grow();
        }
        int i = size++;
        ts[i] = f.ts;
        tid[i] = threadId;
        kind[i] = f.kind;
        ph[i] = f.ph;
        name[i] = f.name;
        identity[i] = f.identity;
        via[i] = f.via;
        detail[i] = f.detail;
        bytes[i] = f.bytes;
        targetTid[i] = f.targetTid;
        delayNs[i] = f.delayNs;
        line[i] = lineNo;
    }

    int size() {
        return size;
    }

    /**
     * Line positions sorted by time, equal times in file order (stable): each thread's lines end
     * up in time order, and lines of different threads at one time keep the order they were
     * written in.
     */
    int[] sortedOrder() {
        long[] keys = Arrays.copyOf(ts, size);
        Integer[] boxed = new Integer[size];
        for (int i = 0; i < size; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(keys[a], keys[b]));
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = boxed[i];
        }
        return order;
    }

    /** Fills {@code f} with line position {@code i}; returns its thread id. */
    long load(int i, EventFields f) {
        f.reset();
        f.ts = ts[i];
        f.hasTs = true;
        f.tid = tid[i];
        f.hasTid = true;
        f.kind = kind[i];
        f.ph = ph[i];
        f.name = name[i];
        f.identity = identity[i];
        f.via = via[i];
        f.detail = detail[i];
        f.bytes = bytes[i];
        f.targetTid = targetTid[i];
        f.delayNs = delayNs[i];
        return tid[i];
    }

    int line(int i) {
        return line[i];
    }

    private void grow() {
        int n = size * 2;
        ts = Arrays.copyOf(ts, n);
        tid = Arrays.copyOf(tid, n);
        kind = Arrays.copyOf(kind, n);
        ph = Arrays.copyOf(ph, n);
        name = Arrays.copyOf(name, n);
        identity = Arrays.copyOf(identity, n);
        via = Arrays.copyOf(via, n);
        detail = Arrays.copyOf(detail, n);
        bytes = Arrays.copyOf(bytes, n);
        targetTid = Arrays.copyOf(targetTid, n);
        delayNs = Arrays.copyOf(delayNs, n);
        line = Arrays.copyOf(line, n);
    }
}
