package dev.ura.trace.model.system;

/** Stable ordering of rows by a time column without boxing (merge sort of row indices). */
public final class TimeOrder {
    private TimeOrder() {
    }

    /**
     * Row indices {@code 0..n-1} sorted by {@code time}, ties in row order. Already sorted input
     * costs one pass.
     */
    public static int[] of(long[] time, int n) {
        int[] idx = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            idx[i] = i;
            sorted &= i == 0 || time[i - 1] <= time[i];
        }
        if (!sorted) {
            mergeSort(idx, new int[n], 0, n, time);
        }
        return idx;
    }

    private static void mergeSort(int[] a, int[] tmp, int from, int to, long[] t) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, t);
        mergeSort(a, tmp, mid, to, t);
        if (t[a[mid - 1]] <= t[a[mid]]) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && t[tmp[i]] <= t[tmp[j]])) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
