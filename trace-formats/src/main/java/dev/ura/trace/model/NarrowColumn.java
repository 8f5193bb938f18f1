package dev.ura.trace.model;

/**
 * A growable column of non-negative ints stored in the narrowest width that has held every value so
 * far: 1 byte, 2 bytes, then 4, switching (once, by copying) when a value does not fit. Call depths
 * are almost always below 256 and method indices below 65,536, so a call's depth and method take 3
 * bytes instead of 6. The column may start as a slice of a larger array shared with other columns
 * ({@link CallTable.Arena}); it moves to an array of its own only when it widens or outgrows the
 * slice.
 */
final class NarrowColumn {
    private byte[] bytes;
    private char[] chars;
    private int[] ints;
    /** Index of element 0 in the array (a slice of a shared array), 0 for an own array. */
    private int off;
    /** Elements the slice (or own array) has room for, from {@code off}. */
    private int cap;
    private int size;

    private NarrowColumn() {
    }

    /** An own column of byte ({@code width} 1) or char ({@code width} 2) values. */
    static NarrowColumn of(int width, int capacity) {
        NarrowColumn c = new NarrowColumn();
        int n = Math.max(4, capacity);
        if (width == 1) {
            c.bytes = new byte[n];
        } else {
            c.chars = new char[n];
        }
        c.cap = n;
        return c;
    }

    /** A column in {@code shared[off, off + cap)}. */
    static NarrowColumn slice(byte[] shared, int off, int cap) {
        NarrowColumn c = new NarrowColumn();
        c.bytes = shared;
        c.off = off;
        c.cap = cap;
        return c;
    }

    /** A column in {@code shared[off, off + cap)}. */
    static NarrowColumn slice(char[] shared, int off, int cap) {
        NarrowColumn c = new NarrowColumn();
        c.chars = shared;
        c.off = off;
        c.cap = cap;
        return c;
    }

    int size() {
        return size;
    }

    int get(int i) {
        if (bytes != null) {
            return bytes[off + i] & 0xFF;
        }
        if (chars != null) {
            return chars[off + i];
        }
        return ints[off + i];
    }

    void add(int value) {
        if (size == cap) {
            grow(size + 1);
        }
        set(size++, value);
    }

    void set(int i, int value) {
        if (bytes != null) {
            if ((value & ~0xFF) == 0) {
                bytes[off + i] = (byte) value;
                return;
            }
            widen(value);
        } else if (chars != null) {
            if ((value & ~0xFFFF) == 0) {
                chars[off + i] = (char) value;
                return;
            }
            widen(value);
        }
        if (bytes != null) {
            bytes[off + i] = (byte) value;
        } else if (chars != null) {
            chars[off + i] = (char) value;
        } else {
            ints[off + i] = value;
        }
    }

    /** Moves every value {@code count} places back, leaving {@code count} slots at the front. */
    void insertFront(int count) {
        if (size + count > cap) {
            copyTo(width(), size + count, count);
        } else {
            Object a = array();
            System.arraycopy(a, off, a, off + count, size);
        }
        size += count;
    }

    /** Drops spare capacity of an own array (a shared slice has none worth a copy). */
    void trim() {
        if (off == 0 && cap != size && length() == cap) {
            copyTo(width(), size, 0);
        }
    }

    /** Heap bytes of the column (its share of a shared array). */
    long byteSize() {
        return (long) cap * width();
    }

    private int width() {
        return bytes != null ? 1 : chars != null ? 2 : 4;
    }

    private Object array() {
        return bytes != null ? bytes : chars != null ? chars : ints;
    }

    private int length() {
        return bytes != null ? bytes.length : chars != null ? chars.length : ints.length;
    }

    /** To the width that holds {@code value}, which the current one does not. */
    private void widen(int value) {
        copyTo((value & ~0xFFFF) == 0 ? 2 : 4, cap, 0);
    }

    private void grow(int needed) {
        int next = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, (long) cap + (cap >> 1) + 16));
        copyTo(width(), next, 0);
    }

    /** Copies the values into an own array of {@code width} bytes and {@code length} slots, at {@code shift}. */
    private void copyTo(int width, int length, int shift) {
        byte[] b = width == 1 ? new byte[length] : null;
        char[] c = width == 2 ? new char[length] : null;
        int[] w = width == 4 ? new int[length] : null;
        for (int i = 0; i < size; i++) {
            int v = get(i);
            if (b != null) {
                b[shift + i] = (byte) v;
            } else if (c != null) {
                c[shift + i] = (char) v;
            } else {
                w[shift + i] = v;
            }
        }
        bytes = b;
        chars = c;
        ints = w;
        off = 0;
        cap = length;
    }
}
