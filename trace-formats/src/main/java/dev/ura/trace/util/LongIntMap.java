package dev.ura.trace.util;

import java.util.Arrays;

/**
 * An open-addressing map from {@code long} keys to non-negative {@code int} values, so that
 * looking up a function address or thread id per trace line allocates nothing.
 */
public final class LongIntMap {
    private static final int ABSENT = -1;
    private long[] keys;
    private int[] values;
    private int size;

    public LongIntMap() {
        keys = new long[16];
        values = new int[16];
        Arrays.fill(values, ABSENT);
    }

    /** The value for {@code key}, or -1. */
    public int get(long key) {
        int mask = keys.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            if (values[i] == ABSENT) {
                return ABSENT;
            }
            if (keys[i] == key) {
                return values[i];
            }
        }
    }

    /** Maps {@code key} to {@code value} (which must be {@code >= 0}). */
    public void put(long key, int value) {
        if ((size + 1) * 2 > keys.length) {
            rehash(keys.length * 2);
        }
        int mask = keys.length - 1;
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            if (values[i] == ABSENT) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
        }
    }

    /** Number of keys. */
    public int size() {
        return size;
    }

    private void rehash(int capacity) {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, ABSENT);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != ABSENT) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
