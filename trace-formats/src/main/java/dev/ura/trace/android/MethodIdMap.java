package dev.ura.trace.android;

import java.util.Arrays;

/**
 * Maps a record's 32-bit method id (action bits cleared) to a dense method index without boxing:
 * open addressing over two int arrays. Looked up once per entry record, so it must be cheap.
 */
final class MethodIdMap {
    private static final int EMPTY = -1;

    private int[] keys;
    private int[] values;
    private int size;
    private int mask;

    MethodIdMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new int[cap];
        values = new int[cap];
        Arrays.fill(values, EMPTY);
        mask = cap - 1;
    }

    private MethodIdMap(MethodIdMap other) {
        keys = other.keys.clone();
        values = other.values.clone();
        size = other.size;
        mask = other.mask;
    }

    /** An independent copy. */
    MethodIdMap copy() {
        return new MethodIdMap(this);
    }

    /** The index of {@code id}, or -1. */
    int get(int id) {
        int i = mix(id) & mask;
        while (true) {
            int v = values[i];
            if (v == EMPTY || keys[i] == id) {
                return v;
            }
            i = (i + 1) & mask;
        }
    }

    void put(int id, int index) {
        if ((size + 1) * 2 > keys.length) {
            rehash();
        }
        int i = mix(id) & mask;
        while (values[i] != EMPTY && keys[i] != id) {
            i = (i + 1) & mask;
        }
        if (values[i] == EMPTY) {
            size++;
        }
        keys[i] = id;
        values[i] = index;
    }

    private void rehash() {
        int[] oldKeys = keys;
        int[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(values, EMPTY);
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int mix(int id) {
        int h = id * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
