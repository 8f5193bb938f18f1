package dev.ura.trace.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An open-addressing map from byte ranges (names as UTF-8 in a decoder's buffer) to non-negative
 * {@code int} values, so that a name seen before is found without building a String. Keys are
 * copied on insertion; the buffer they came from may be reused.
 */
public final class ByteKeyMap {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private byte[][] keys = new byte[256][];
    private int[] hashes = new int[256];
    private int[] values = new int[256];
    private int size;

    public int size() {
        return size;
    }

    /** The value of the key {@code b[from, from + len)}, or -1. */
    public int get(byte[] b, int from, int len) {
        int h = hash(b, from, len);
        int mask = keys.length - 1;
        for (int slot = (h ^ (h >>> 16)) & mask; keys[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == h && same(keys[slot], b, from, len)) {
                return values[slot];
            }
        }
        return -1;
    }

    /** Maps the key {@code b[from, from + len)} (not yet in the map) to {@code value} (≥ 0). */
    public void put(byte[] b, int from, int len, int value) {
        int h = hash(b, from, len);
        place(Arrays.copyOfRange(b, from, from + len), h, value);
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    private void place(byte[] key, int h, int value) {
        int mask = keys.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        while (keys[slot] != null) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        hashes[slot] = h;
        values[slot] = value;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        int[] oldHashes = hashes;
        int[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        hashes = new int[keys.length];
        values = new int[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                place(oldKeys[i], oldHashes[i], oldValues[i]);
            }
        }
    }

    /** Eight bytes at a time: names are tens of bytes, hashed once per event. */
    private static int hash(byte[] b, int from, int len) {
        long h = len;
        int i = from;
        int end = from + len;
        for (; i + 8 <= end; i += 8) {
            h = (h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L;
        }
        for (; i < end; i++) {
            h = (h ^ b[i]) * 0x9E3779B97F4A7C15L;
        }
        return (int) (h ^ (h >>> 32));
    }

    /** Byte equality by hand: names are short, where {@code Arrays.equals}' set-up costs more than the loop. */
    private static boolean same(byte[] k, byte[] b, int from, int len) {
        if (k.length != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (k[i] != b[from + i]) {
                return false;
            }
        }
        return true;
    }
}
