package dev.ura.trace.model.system;

/**
 * Stable ordering of rows by a time column without boxing. Rows usually arrive as sorted runs (one
 * per CPU buffer or bundle) that overlap only their neighbours in time: bundles of different CPUs
 * covering the same few milliseconds. So the sort first merges each run into the sorted rows
 * before it, touching only the tail they overlap (close to linear for such input); if the runs
 * overlap more than that (the work passes a budget) it falls back to merging the runs pairwise,
 * which is O(n log runs) whatever the input. Already sorted input costs one pass.
 */
public final class TimeOrder {
    private TimeOrder() {
    }

    /** Row indices {@code 0..n-1} sorted by {@code time}, ties in row order. */
    public static int[] of(long[] time, int n) {
        // Run starts: positions where time goes backwards.
        int runs = 1;
        for (int i = 1; i < n; i++) {
            if (time[i] < time[i - 1]) {
                runs++;
            }
        }
        int[] idx = new int[n];
        if (runs <= 1) {
            for (int i = 0; i < n; i++) {
                idx[i] = i;
            }
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
        int[] near = mergeIntoTail(time, n, bounds, runs);
        if (near != null) {
            return near;
        }
        // Merge (time, row) pairs rather than rows alone: reading the times through the row index
        // would jump around memory on every comparison.
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
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

    /**
     * Adds the runs one by one, each merged with the suffix of the rows so far whose times pass its
     * first time. Returns null when that would cost more than a few passes over the rows.
     */
    private static int[] mergeIntoTail(long[] time, int n, int[] bounds, int runs) {
        int[] idx = new int[n];
        long[] t = new long[n];
        long budget = 8L * n + 1024;
        int size = 0;
        for (int r = 0; r < runs; r++) {
            int s = bounds[r];
            int e = bounds[r + 1];
            int p = upperBound(t, size, time[s]);
            budget -= (size - p) + (e - s);
            if (budget < 0) {
                return null;
            }
            // Merge backwards in place: the tail [p, size) moves right to make room for the run.
            // Ties: the rows already placed are earlier rows, so they stay first.
            int i = size - 1;
            int j = e - 1;
            int k = size + (e - s) - 1;
            while (j >= s) {
                long tj = time[j];
                if (i >= p && t[i] > tj) {
                    t[k] = t[i];
                    idx[k--] = idx[i--];
                } else {
                    t[k] = tj;
                    idx[k--] = j--;
                }
            }
            size += e - s;
        }
        return idx;
    }

    /** The first index in {@code t[0, size)} whose time is greater than {@code v}. */
    private static int upperBound(long[] t, int size, long v) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (t[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
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
