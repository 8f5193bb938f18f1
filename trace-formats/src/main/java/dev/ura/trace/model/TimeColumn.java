package dev.ura.trace.model;

import java.util.Arrays;

/**
 * A growable column of nanosecond times stored compactly: as unsigned 32-bit offsets from a base,
 * in a unit (1 µs for Android traces, 1 ns for agent logs), switching to {@code long} storage only
 * when a value does not fit. This keeps a call at a few bytes per time instead of eight. The packed
 * values may be a slice of a larger array shared with other columns ({@link CallTable.Arena}); the
 * column moves to an array of its own only when it widens or outgrows the slice.
 */
final class TimeColumn {
    private final long base;
    private final long unitNs;
    private int[] packed;
    /** Index of element 0 in {@code packed} (a slice of a shared array), 0 for an own array. */
    private int off;
    /** Elements the slice (or own array) has room for, from {@code off}. */
    private int cap;
    private long[] wide;
    private int size;

    TimeColumn(long baseNs, long unitNs, int initialCapacity) {
        this.base = baseNs;
        this.unitNs = unitNs;
        this.packed = new int[Math.max(4, initialCapacity)];
        this.cap = packed.length;
    }

    /** A column whose packed values are {@code shared[off, off + cap)}. */
    TimeColumn(long baseNs, long unitNs, int[] shared, int off, int cap) {
        this.base = baseNs;
        this.unitNs = unitNs;
        this.packed = shared;
        this.off = off;
        this.cap = cap;
    }

    int size() {
        return size;
    }

    void add(long timeNs) {
        ensure(size + 1);
        set(size++, timeNs);
    }

    void set(int index, long timeNs) {
        if (wide != null) {
            wide[index] = timeNs;
            return;
        }
        long rel = timeNs - base;
        if (unitNs == 1) {
            // Nanosecond columns (system traces, agent logs): no division on the hot path.
            if ((rel >>> 32) == 0) {
                packed[off + index] = (int) rel;
                return;
            }
            widen();
            wide[index] = timeNs;
            return;
        }
        if (rel >= 0 && rel % unitNs == 0 && rel / unitNs <= 0xFFFF_FFFFL) {
            packed[off + index] = (int) (rel / unitNs);
        } else {
            widen();
            wide[index] = timeNs;
        }
    }

    /**
     * Appends a time given in units from the base ({@code (timeNs - base) / unitNs}); the fast
     * path for readers whose records are already in the column's unit.
     */
    void addUnits(long units) {
        int i = size;
        int[] p = packed;
        // One test covers "packed storage, room left, 0 <= units < 2^32": the hot path of readers.
        if (p != null && i < cap && (units >>> 32) == 0) {
            p[off + i] = (int) units;
            size = i + 1;
            return;
        }
        ensure(i + 1);
        size = i + 1;
        setUnits(i, units);
    }

    /** Sets a time given in units from the base. */
    void setUnits(int index, long units) {
        int[] p = packed;
        if (p != null && (units >>> 32) == 0) {
            p[off + index] = (int) units;
        } else {
            set(index, base + units * unitNs);
        }
    }

    /** The time at {@code index} in units from the base. */
    long getUnits(int index) {
        if (wide != null) {
            return (wide[index] - base) / unitNs;
        }
        return packed[off + index] & 0xFFFF_FFFFL;
    }

    long get(int index) {
        if (wide != null) {
            return wide[index];
        }
        return base + (packed[off + index] & 0xFFFF_FFFFL) * unitNs;
    }

    private void widen() {
        long[] w = new long[cap];
        for (int i = 0; i < size; i++) {
            w[i] = base + (packed[off + i] & 0xFFFF_FFFFL) * unitNs;
        }
        wide = w;
        packed = null;
        off = 0;
    }

    private void ensure(int capacity) {
        if (capacity <= cap) {
            return;
        }
        int next = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(capacity, (long) cap + (cap >> 1) + 16));
        if (wide != null) {
            wide = Arrays.copyOf(wide, next);
        } else {
            packed = ownCopy(next, 0);
        }
        cap = next;
    }

    /** The values in an own array of {@code length} slots, from index {@code shift}. */
    private int[] ownCopy(int length, int shift) {
        int[] p = new int[length];
        System.arraycopy(packed, off, p, shift, size);
        off = 0;
        return p;
    }

    /**
     * Moves every time {@code count} places back, leaving {@code count} slots at the front for
     * the caller to set; grows to exactly the new size so that {@link #trim()} need not copy.
     */
    void insertFront(int count) {
        if (wide != null) {
            if (size + count > wide.length) {
                wide = Arrays.copyOf(wide, size + count);
                cap = wide.length;
            }
            System.arraycopy(wide, 0, wide, count, size);
        } else if (size + count > cap) {
            packed = ownCopy(size + count, count);
            cap = size + count;
        } else {
            System.arraycopy(packed, off, packed, off + count, size);
        }
        size += count;
    }

    /** Drops spare capacity of an own array once the column is complete (a shared slice keeps it). */
    void trim() {
        if (wide != null) {
            if (wide.length != size) {
                wide = Arrays.copyOf(wide, size);
                cap = size;
            }
        } else if (off == 0 && packed.length == cap && cap != size) {
            packed = ownCopy(size, 0);
            cap = size;
        }
    }

    /** Heap bytes held by the column's array (its share of a shared one). */
    long byteSize() {
        return wide != null ? 8L * wide.length : 4L * cap;
    }
}
