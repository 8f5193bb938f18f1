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
        // Merge (time, row) pairs rather than rows alone: reading the times through the row index
        // would jump around memory on every comparison.
        int[] a = idx;
        int[] b = new int[n];
        long[] ta = java.util.Arrays.copyOf(time, n);
        long[] tb = new long[n];
        while (runs > 1) {
            int out = 0;
            int k = 0;
            for (; k + 1 < runs; k += 2) {
                merge(a, ta, b, tb, bounds[k], bounds[k + 1], bounds[k + 2]);
                bounds[out++] = bounds[k];
            }
            if (k < runs) {
                System.arraycopy(a, bounds[k], b, bounds[k], bounds[k + 1] - bounds[k]);
                System.arraycopy(ta, bounds[k], tb, bounds[k], bounds[k + 1] - bounds[k]);
                bounds[out++] = bounds[k];
            }
            bounds[out] = n;
            runs = out;
            int[] t = a;
            a = b;
            b = t;
            long[] tt = ta;
            ta = tb;
            tb = tt;
        }
        return a;
    }

    private static void merge(int[] src, long[] srcT, int[] dst, long[] dstT, int from, int mid, int to) {
        int i = from;
        int j = mid;
        int k = from;
        // Runs that do not overlap (common: whole bundles in order) need no comparisons at all.
        if (srcT[mid - 1] <= srcT[mid]) {
            System.arraycopy(src, from, dst, from, to - from);
            System.arraycopy(srcT, from, dstT, from, to - from);
            return;
        }
        while (i < mid && j < to) {
            long ti = srcT[i];
            long tj = srcT[j];
            if (tj < ti) {
                dstT[k] = tj;
                dst[k++] = src[j++];
            } else {
                dstT[k] = ti;
                dst[k++] = src[i++];
            }
        }
        System.arraycopy(src, i, dst, k, mid - i);
        System.arraycopy(srcT, i, dstT, k, mid - i);
        k += mid - i;
        System.arraycopy(src, j, dst, k, to - j);
        System.arraycopy(srcT, j, dstT, k, to - j);
    }
}
