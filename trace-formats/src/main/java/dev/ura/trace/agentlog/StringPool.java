package dev.ura.trace.agentlog;

import java.util.Arrays;

/**
 * Interns character ranges (Jackson's reusable text buffer) into canonical strings without
 * allocating when the text was seen before, so repeated identities, names and kinds cost a hash
 * probe rather than a {@code String} per event. Ids are dense, in first-seen order.
 */
final class StringPool {
    private String[] strings = new String[64];
    private int[] hashes = new int[64];
    /** Open-addressing table of id + 1 (0 = empty); its length is a power of two. */
    private int[] table = new int[128];
    private int size;

    /** The id of the text {@code buf[off, off + len)}, adding it when new. */
    int intern(char[] buf, int off, int len) {
        int h = 0;
        for (int i = off, end = off + len; i < end; i++) {
            h = 31 * h + buf[i];
        }
        int mask = table.length - 1;
        int slot = mix(h) & mask;
        while (true) {
            int entry = table[slot];
            if (entry == 0) {
                return add(new String(buf, off, len), h, slot);
            }
            int id = entry - 1;
            if (hashes[id] == h && sameText(strings[id], buf, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The id of a string, adding it when new. */
    int intern(String text) {
        char[] chars = text.toCharArray();
        return intern(chars, 0, chars.length);
    }

    /** The string of an id. */
    String get(int id) {
        return strings[id];
    }

    int size() {
        return size;
    }

    private int add(String s, int h, int slot) {
        if (size == strings.length) {
            strings = Arrays.copyOf(strings, size * 2);
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        int id = size++;
        strings[id] = s;
        hashes[id] = h;
        table[slot] = id + 1;
        if (size * 2 > table.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] next = new int[table.length * 2];
        int mask = next.length - 1;
        for (int id = 0; id < size; id++) {
            int slot = mix(hashes[id]) & mask;
            while (next[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            next[slot] = id + 1;
        }
        table = next;
    }

    private static boolean sameText(String s, char[] buf, int off, int len) {
        if (s.length() != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (s.charAt(i) != buf[off + i]) {
                return false;
            }
        }
        return true;
    }

    private static int mix(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }
}
