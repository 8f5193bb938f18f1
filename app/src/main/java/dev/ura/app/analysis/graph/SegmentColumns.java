package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.Category;
import java.util.Arrays;

/** The vertex attributes of a {@link ResponseGraph}, column-wise and growable while it is built. */
final class SegmentColumns {
    private static final Category[] CATEGORIES = Category.values();
    private static final SegmentKind[] KINDS = SegmentKind.values();

    int size;
    int[] thread = new int[64];
    long[] start = new long[64];
    long[] end = new long[64];
    byte[] category = new byte[64];
    byte[] kind = new byte[64];
    int[] call = new int[64];
    String[] name = new String[64];

    /** Appends a vertex and returns its id. */
    int add(int threadIndex, long startNs, long endNs, Category c, SegmentKind k, int callIndex, String label) {
        if (size == thread.length) {
            int n = size * 2;
            thread = Arrays.copyOf(thread, n);
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            category = Arrays.copyOf(category, n);
            kind = Arrays.copyOf(kind, n);
            call = Arrays.copyOf(call, n);
            name = Arrays.copyOf(name, n);
        }
        int v = size++;
        thread[v] = threadIndex;
        start[v] = startNs;
        end[v] = endNs;
        category[v] = (byte) c.ordinal();
        kind[v] = (byte) k.ordinal();
        call[v] = callIndex;
        name[v] = label;
        return v;
    }

    Category category(int v) {
        return CATEGORIES[category[v]];
    }

    SegmentKind kind(int v) {
        return KINDS[kind[v]];
    }

    /** Drops spare capacity once building is done. */
    void trim() {
        thread = Arrays.copyOf(thread, size);
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        category = Arrays.copyOf(category, size);
        kind = Arrays.copyOf(kind, size);
        call = Arrays.copyOf(call, size);
        name = Arrays.copyOf(name, size);
    }
}
