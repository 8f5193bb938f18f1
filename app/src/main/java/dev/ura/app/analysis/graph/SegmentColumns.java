package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.Category;
import java.util.Arrays;

/**
 * The vertex attributes of a {@link ResponseGraph}, column-wise and growable while it is built.
 * Public, columns and all, because the two front halves that build graphs ({@code graph.method},
 * {@code graph.system}) fill and read it in their hottest loops; the finished graph hands out only
 * its own read-only accessors.
 */
public final class SegmentColumns {
    private static final Category[] CATEGORIES = Category.values();
    private static final SegmentKind[] KINDS = SegmentKind.values();

    public int size;
    public int[] thread = new int[64];
    public long[] start = new long[64];
    public long[] end = new long[64];
    public byte[] category = new byte[64];
    public byte[] kind = new byte[64];
    public int[] call = new int[64];
    public String[] name = new String[64];

    /** Appends a vertex and returns its id. */
    public int add(int threadIndex, long startNs, long endNs, Category c, SegmentKind k, int callIndex, String label) {
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

    public Category category(int v) {
        return CATEGORIES[category[v]];
    }

    public SegmentKind kind(int v) {
        return KINDS[kind[v]];
    }

    /** Drops spare capacity once building is done. */
    public void trim() {
        thread = Arrays.copyOf(thread, size);
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        category = Arrays.copyOf(category, size);
        kind = Arrays.copyOf(kind, size);
        call = Arrays.copyOf(call, size);
        name = Arrays.copyOf(name, size);
    }
}
