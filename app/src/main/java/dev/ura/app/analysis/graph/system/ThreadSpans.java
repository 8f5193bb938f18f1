package dev.ura.app.analysis.graph.system;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per thread, a set of disjoint time spans {@code [from, to)}, merged and sorted: the time a
 * system-response graph covers on each thread.
 */
final class ThreadSpans {
    private final List<long[]>[] raw;
    private long[][] merged;

    @SuppressWarnings("unchecked")
    ThreadSpans(int threads) {
        raw = new List[threads];
    }

    void add(int thread, long from, long to) {
        if (to <= from) {
            return;
        }
        if (raw[thread] == null) {
            raw[thread] = new ArrayList<>();
        }
        raw[thread].add(new long[] {from, to});
        merged = null;
    }

    /** The merged spans of a thread as {@code [from0, to0, from1, to1, ...]}, sorted. */
    long[] of(int thread) {
        if (merged == null) {
            merged = new long[raw.length][];
        }
        long[] m = merged[thread];
        if (m == null) {
            m = merge(raw[thread]);
            merged[thread] = m;
        }
        return m;
    }

    /** Whether {@code t} lies in a span of the thread. */
    boolean contains(int thread, long t) {
        return spanStart(thread, t) != Long.MIN_VALUE;
    }

    /** The start of the span of the thread that contains {@code t}; {@link Long#MIN_VALUE} when none does. */
    long spanStart(int thread, long t) {
        long[] m = of(thread);
        int lo = 0;
        int hi = m.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (m[2 * mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && t < m[2 * hi + 1] ? m[2 * hi] : Long.MIN_VALUE;
    }

    /** The parts of {@code [from, to)} outside the thread's spans, as {@code [from0, to0, ...]}. */
    long[] outside(int thread, long from, long to) {
        long[] m = of(thread);
        long[] out = new long[m.length + 2];
        int n = 0;
        long at = from;
        for (int k = 0; k + 1 < m.length && at < to; k += 2) {
            if (m[k + 1] <= at) {
                continue;
            }
            if (m[k] >= to) {
                break;
            }
            if (m[k] > at) {
                out[n++] = at;
                out[n++] = m[k];
            }
            at = Math.max(at, m[k + 1]);
        }
        if (at < to) {
            out[n++] = at;
            out[n++] = to;
        }
        return Arrays.copyOf(out, n);
    }

    private static long[] merge(List<long[]> spans) {
        if (spans == null) {
            return new long[0];
        }
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] out = new long[spans.size() * 2];
        int n = 0;
        for (long[] s : spans) {
            if (n > 0 && s[0] <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], s[1]);
            } else {
                out[n++] = s[0];
                out[n++] = s[1];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
