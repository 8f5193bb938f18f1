package dev.ura.trace.chrome;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * The slices ({@code X} events and matched {@code B}/{@code E} pairs) of one thread, column-wise,
 * in file order; {@link #nest} sorts them into a pre-order {@link CallTable}.
 */
final class ThreadSlices {
    final long pid;
    final long tid;
    /** Position in the builder's thread list (and in {@code Trace.threads()}). */
    final int index;
    String name;
    long records;
    private long[] start = new long[64];
    private long[] end = new long[64];
    private int[] method = new int[64];
    private int[] beginDepth = new int[64];
    private int size;
    /**
     * Whether every slice came from a {@code B} with a time no earlier than the previous one's, and
     * every {@code E} has a time no earlier than any seen before it on this thread.
     */
    private boolean beginOrdered = true;
    private int[] open = new int[16];
    private int openCount;
    private int[] sliceToCall;
    private long lastTime = Long.MIN_VALUE;

    ThreadSlices(long pid, long tid, int index) {
        this.pid = pid;
        this.tid = tid;
        this.index = index;
    }

    /** Adds a complete slice ({@code X}); returns its slice index. */
    int complete(int methodIndex, long startNs, long endNs) {
        int s = add(methodIndex, startNs, endNs);
        beginOrdered = false;
        return s;
    }

    private int add(int methodIndex, long startNs, long endNs) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            method = Arrays.copyOf(method, n);
            beginDepth = Arrays.copyOf(beginDepth, n);
        }
        beginOrdered &= size == 0 || startNs >= start[size - 1];
        beginDepth[size] = -1;
        start[size] = startNs;
        end[size] = Math.max(startNs, endNs);
        method[size] = methodIndex;
        lastTime = Math.max(lastTime, end[size]);
        return size++;
    }

    /** Opens a slice for a {@code B} event; returns its slice index. */
    int begin(int methodIndex, long startNs) {
        boolean ordered = beginOrdered;
        int s = add(methodIndex, startNs, startNs);
        beginDepth[s] = openCount;
        beginOrdered = ordered && (s == 0 || startNs >= start[s - 1]);
        if (openCount == open.length) {
            open = Arrays.copyOf(open, openCount * 2);
        }
        open[openCount++] = s;
        return s;
    }

    /** Closes the innermost open slice at an {@code E}; returns its index, or -1 when none is open. */
    int endInnermost(long endNs) {
        if (openCount == 0) {
            return -1;
        }
        int s = open[--openCount];
        // An E earlier than a time already seen on the thread (a child's start, say) would leave
        // that child outside its parent under file nesting; the sorted nesting cuts it instead.
        beginOrdered &= endNs >= lastTime;
        end[s] = Math.max(start[s], endNs);
        lastTime = Math.max(lastTime, end[s]);
        return s;
    }

    /** Marks a time seen on this thread (instants), so open slices are closed no earlier. */
    void touch(long timeNs) {
        lastTime = Math.max(lastTime, timeNs);
    }

    /** Closes slices left open at the thread's last time; returns how many there were. */
    int closeOpen() {
        int n = openCount;
        while (openCount > 0) {
            int s = open[--openCount];
            end[s] = Math.max(start[s], lastTime);
        }
        return n;
    }

    int size() {
        return size;
    }

    /** The call index slice {@code s} became, after {@link #nest}. */
    int callOf(int s) {
        return sliceToCall[s];
    }

    /**
     * Builds the calls. Slices that all came from {@code B}/{@code E} pairs in time order keep the
     * nesting the file gave them (so zero-length calls at a parent's edge stay its children).
     * Otherwise the slices are sorted by start (longer first when equal, then file order) and a
     * slice that begins inside another becomes its child; a zero-length slice at a parent's end
     * counts as inside. Either way a slice that overlaps its parent's end is cut there.
     *
     * @param cutCount {@code cutCount[0]} is incremented per cut slice
     * @return the calls; {@link #callOf} maps slice to call afterwards
     */
    CallTable nest(int[] cutCount) {
        boolean keepFileNesting = beginOrdered;
        int[] order = keepFileNesting ? identity() : sortedOrder();
        long base = size == 0 ? 0 : start[order[0]];
        CallTable.Builder b = new CallTable.Builder(base, 1, false, size);
        sliceToCall = new int[size];
        long[] stackEnd = new long[16];
        int depth = 0;
        for (int s : order) {
            if (keepFileNesting) {
                depth = beginDepth[s];
            } else {
                while (depth > 0 && (stackEnd[depth - 1] < start[s]
                        || (stackEnd[depth - 1] == start[s] && end[s] > start[s]))) {
                    depth--;
                }
            }
            long e = end[s];
            if (depth > 0 && e > stackEnd[depth - 1]) {
                e = stackEnd[depth - 1];
                cutCount[0]++;
            }
            int call = b.open(method[s], depth, start[s], 0);
            b.close(call, e, 0);
            sliceToCall[s] = call;
            if (depth == stackEnd.length) {
                stackEnd = Arrays.copyOf(stackEnd, depth * 2);
            }
            stackEnd[depth++] = e;
        }
        return b.build();
    }

    private int[] identity() {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        return order;
    }

    private int[] sortedOrder() {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        int[] tmp = new int[size];
        mergeSort(order, tmp, 0, size);
        return order;
    }

    private boolean before(int a, int b) {
        if (start[a] != start[b]) {
            return start[a] < start[b];
        }
        if (end[a] != end[b]) {
            return end[a] > end[b];
        }
        return a < b;
    }

    private void mergeSort(int[] a, int[] tmp, int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid);
        mergeSort(a, tmp, mid, to);
        if (before(a[mid - 1], a[mid]) || a[mid - 1] == a[mid]) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && !before(tmp[j], tmp[i]))) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
