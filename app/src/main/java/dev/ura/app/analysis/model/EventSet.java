package dev.ura.app.analysis.model;

import java.util.Arrays;
import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * An immutable set of event indices, stored as a sorted array so that it costs what it holds, not
 * what the trace holds: a response late in a long trace tracks a handful of events whose indices
 * are large, and a bit set over all events would make every response as big as the trace. The
 * read methods mirror {@link BitSet}'s ({@code get}, {@code nextSetBit}, {@code cardinality}).
 */
public final class EventSet {
    /** The empty set. */
    public static final EventSet EMPTY = new EventSet(new int[0]);

    private final int[] sorted;

    private EventSet(int[] sorted) {
        this.sorted = sorted;
    }

    /** The set of the (non-negative) indices in {@code indices}, in any order, duplicates allowed. */
    public static EventSet of(int... indices) {
        int[] s = indices.clone();
        Arrays.sort(s);
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            if (s[i] < 0) {
                throw new IllegalArgumentException("negative event index " + s[i]);
            }
            if (n == 0 || s[n - 1] != s[i]) {
                s[n++] = s[i];
            }
        }
        return n == 0 ? EMPTY : new EventSet(n == s.length ? s : Arrays.copyOf(s, n));
    }

    /** The set bits of {@code bits}. */
    public static EventSet of(BitSet bits) {
        return bits.isEmpty() ? EMPTY : new EventSet(bits.stream().toArray());
    }

    /** Whether {@code event} is in the set. */
    public boolean get(int event) {
        return Arrays.binarySearch(sorted, event) >= 0;
    }

    /** The smallest index in the set that is at least {@code from}, or -1. */
    public int nextSetBit(int from) {
        int i = Arrays.binarySearch(sorted, Math.max(0, from));
        if (i < 0) {
            i = -i - 1;
        }
        return i < sorted.length ? sorted[i] : -1;
    }

    /** How many indices the set holds. */
    public int cardinality() {
        return sorted.length;
    }

    /** Whether the set is empty. */
    public boolean isEmpty() {
        return sorted.length == 0;
    }

    /** The indices in increasing order. */
    public IntStream stream() {
        return Arrays.stream(sorted);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventSet other && Arrays.equals(sorted, other.sorted);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sorted);
    }

    @Override
    public String toString() {
        return Arrays.toString(sorted);
    }
}
