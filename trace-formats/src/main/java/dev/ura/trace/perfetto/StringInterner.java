package dev.ura.trace.perfetto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Canonical Strings for UTF-8 byte ranges (thread comms of compact scheduler bundles, which repeat
 * in every bundle): a repeated name costs a hash and a compare, not a String, and the model sees
 * one instance per name so its "same name as before?" checks are identity checks. Holds at most
 * {@value #MAX_ENTRIES} names; past that (hostile input) it decodes without caching.
 */
final class StringInterner {
    static final int MAX_ENTRIES = 1 << 16;
    private byte[][] keys = new byte[256][];
    private String[] values = new String[256];
    private int[] hashes = new int[256];
    private int count;

    String intern(byte[] b, int from, int len) {
        int h = 1;
        for (int i = from, end = from + len; i < end; i++) {
            h = 31 * h + b[i];
        }
        int mask = keys.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (byte[] k; (k = keys[slot]) != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == h && Arrays.equals(k, 0, k.length, b, from, from + len)) {
                return values[slot];
            }
        }
        String s = new String(b, from, len, StandardCharsets.UTF_8);
        if (count >= MAX_ENTRIES) {
            return s;
        }
        keys[slot] = Arrays.copyOfRange(b, from, from + len);
        values[slot] = s;
        hashes[slot] = h;
        if (++count * 2 > keys.length) {
            grow();
        }
        return s;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        int[] oldHashes = hashes;
        keys = new byte[oldKeys.length * 2][];
        values = new String[keys.length];
        hashes = new int[keys.length];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = (oldHashes[i] ^ (oldHashes[i] >>> 16)) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
                hashes[slot] = oldHashes[i];
            }
        }
    }
}
