package dev.ura.trace.agentlog;

/**
 * A map from {@code long} keys to non-negative {@code int} values without boxing (thread ids to
 * thread indexes, method keys to method indexes), so the per-event lookups allocate nothing.
 */
final class LongIntMap {
    private long[] keys = new long[32];
    private int[] values = new int[32];
    private boolean[] used = new boolean[32];
    private int size;

    /** The value for {@code key}, or -1. */
    int get(long key) {
        int mask = keys.length - 1;
        int slot = mix(key) & mask;
        while (used[slot]) {
            if (keys[slot] == key) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Sets the value for {@code key}. */
    void put(long key, int value) {
        int mask = keys.length - 1;
        int slot = mix(key) & mask;
        while (used[slot]) {
            if (keys[slot] == key) {
                values[slot] = value;
                return;
            }
            slot = (slot + 1) & mask;
        }
        used[slot] = true;
        keys[slot] = key;
        values[slot] = value;
        if (++size * 2 > keys.length) {
            rehash();
        }
    }

    private void rehash() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        values = new int[keys.length];
        used = new boolean[keys.length];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int mix(long key) {
        long h = key ^ (key >>> 33);
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return (int) (h ^ (h >>> 33));
    }
}
