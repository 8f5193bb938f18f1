package dev.ura.trace.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An open-addressing map from byte ranges (names as UTF-8 in a decoder's buffer) to non-negative
 * {@code int} values, so that a name seen before is found without building a String. Keys are
 * copied on insertion; the buffer they came from may be reused.
 *
 * <p>Laid out for lookups that miss the cache (a Perfetto trace has a name per frame, so the map
 * holds hundreds of thousands of keys): a probe reads one {@code long} slot holding the key's hash
 * and its entry number, so a collision costs no further read; a hit then reads the entry's three
 * ints (key offset, length, value) and the key bytes, which sit side by side in one pool instead
 * of an array object per key.
 */
public final class ByteKeyMap {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Hash (high 32 bits) and entry number + 1 (low 32 bits); 0 is an empty slot. */
    private long[] slots = new long[256];
    /** Per entry: offset of its key in {@link #pool}, key length, value. */
    private int[] entries = new int[3 * 128];
    private byte[] pool = new byte[4096];
    private int poolSize;
    private int size;

    public int size() {
        return size;
    }

    /** The value of the key {@code b[from, from + len)}, or -1. */
    public int get(byte[] b, int from, int len) {
        int h = hash(b, from, len);
        long[] s = slots;
        int mask = s.length - 1;
        for (int slot = (h ^ (h >>> 16)) & mask; ; slot = (slot + 1) & mask) {
            long v = s[slot];
            if (v == 0) {
                return -1;
            }
            if ((int) (v >>> 32) == h) {
                int e = 3 * ((int) v - 1);
                if (entries[e + 1] == len && same(pool, entries[e], b, from, len)) {
                    return entries[e + 2];
                }
            }
        }
    }

    /** Maps the key {@code b[from, from + len)} (not yet in the map) to {@code value} (≥ 0). */
    public void put(byte[] b, int from, int len, int value) {
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(poolSize + (long) len,
                    2L * pool.length)));
        }
        System.arraycopy(b, from, pool, poolSize, len);
        int e = 3 * size;
        if (e + 3 > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[e] = poolSize;
        entries[e + 1] = len;
        entries[e + 2] = value;
        poolSize += len;
        size++;
        place(slots, ((long) hash(b, from, len) << 32) | size);
        if (size * 2 > slots.length) {
            long[] bigger = new long[slots.length * 2];
            for (long v : slots) {
                if (v != 0) {
                    place(bigger, v);
                }
            }
            slots = bigger;
        }
    }

    private static void place(long[] s, long v) {
        int h = (int) (v >>> 32);
        int mask = s.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        while (s[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        s[slot] = v;
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

    /** Equal lengths known; eight bytes at a time, as {@link #hash} reads them. */
    private static boolean same(byte[] k, int at, byte[] b, int from, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            if ((long) LONGS.get(k, at + i) != (long) LONGS.get(b, from + i)) {
                return false;
            }
        }
        for (; i < len; i++) {
            if (k[at + i] != b[from + i]) {
                return false;
            }
        }
        return true;
    }
}
