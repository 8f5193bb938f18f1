package dev.ura.trace.model.system;

/**
 * Stable ordering of rows by a time column without boxing: a natural merge sort of row indices.
 * Rows usually arrive as a few long sorted runs (one per CPU buffer or bundle), so the sort finds
 * the runs and merges them pairwise; already sorted input costs one pass.
 */
public final class TimeOrder {
    private TimeOrder() {
    }

    /** Row indices {@code 0..n-1} sorted by {@code time}, ties in row order. */
    public static int[] of(long[] time, int n) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        // Run starts: positions where time goes backwards.
        int runs = 1;
        for (int i = 1; i < n; i++) {
            if (time[i] < time[i - 1]) {
                runs++;
            }
        }
        if (runs <= 1) {
            return idx;
        }
        int[] bounds = new int[runs + 1];
        int r = 0;
        bounds[r++] = 0;
        for (int i = 1; i < n; i++) {
            if (time[i] < time[i - 1]) {
                bounds[r++] = i;
            }
        }
        bounds[runs] = n;
        int[] a = idx;
        int[] b = new int[n];
        while (runs > 1) {
            int out = 0;
            int k = 0;
            for (; k + 1 < runs; k += 2) {
                merge(a, b, bounds[k], bounds[k + 1], bounds[k + 2], time);
                bounds[out++] = bounds[k];
            }
            if (k < runs) {
                System.arraycopy(a, bounds[k], b, bounds[k], bounds[k + 1] - bounds[k]);
                bounds[out++] = bounds[k];
            }
            bounds[out] = n;
            runs = out;
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    private static void merge(int[] src, int[] dst, int from, int mid, int to, long[] t) {
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            dst[k++] = t[src[j]] < t[src[i]] ? src[j++] : src[i++];
        }
        while (i < mid) {
            dst[k++] = src[i++];
        }
        while (j < to) {
            dst[k++] = src[j++];
        }
    }
}
