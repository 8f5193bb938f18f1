package dev.ura.trace.agentlog;

import dev.ura.trace.model.EventTable;

import java.util.Arrays;

/**
 * Interns character ranges (Jackson's reusable text buffer) into canonical strings without
 * allocating when the text was seen before, so repeated identities, names and kinds cost a hash
 * probe rather than a {@code String} per event. Ids are dense, in first-seen order.
 *
 * <p>The table packs each entry's hash with its id in one {@code long}, so a probe touches one
 * array slot until the hash matches; logs hold many distinct identities, and the misses of
 * following pointers per probe would dominate the lookup.
 *
 * <p>Every string is also added to the event table being built, in the same order, so a pool id is
 * the table's string id and events are set by id without a second lookup.
 */
final class StringPool {
    private final EventTable.Builder table;
    private String[] strings = new String[64];
    /** Open-addressing table of {@code hash << 32 | (id + 1)} (0 = empty); a power of two long. */
    private long[] slots = new long[128];
    private int size;

    private static final int FRONT_MASK = 4095;
    private final int[] frontLength = new int[FRONT_MASK + 1];
    private final long[] frontLow = new long[FRONT_MASK + 1];
    private final long[] frontHigh = new long[FRONT_MASK + 1];
    private final int[] frontId = new int[FRONT_MASK + 1];

    /** A pool whose strings are mirrored into {@code table}, which must hold no strings yet. */
    StringPool(EventTable.Builder table) {
        this.table = table;
        Arrays.fill(frontLength, -1);
    }

    /** The id of the text {@code buf[off, off + len)}, adding it when new. */
    int intern(char[] buf, int off, int len) {
        if (len > 16) {
            int h = 0;
            for (int i = off, end = off + len; i < end; i++) {
                h = 31 * h + buf[i];
            }
            return lookup(buf, off, len, h);
        }
        // Short Latin-1 texts (kinds, names, most identities) are packed into two longs and found in
        // a small direct-mapped cache that stays in the CPU cache while the input streams past.
        int h = 0;
        long k1 = 0;
        long k2 = 0;
        int wide = 0;
        for (int i = 0; i < len; i++) {
            char c = buf[off + i];
            h = 31 * h + c;
            wide |= c;
            if (i < 8) {
                k1 |= (long) c << (i << 3);
            } else {
                k2 |= (long) c << ((i - 8) << 3);
            }
        }
        if (wide > 0xFF) {
            return lookup(buf, off, len, h);
        }
        int f = mix(h) & FRONT_MASK;
        if (frontLength[f] == len && frontLow[f] == k1 && frontHigh[f] == k2) {
            return frontId[f];
        }
        int id = lookup(buf, off, len, h);
        frontLength[f] = len;
        frontLow[f] = k1;
        frontHigh[f] = k2;
        frontId[f] = id;
        return id;
    }

    /**
     * The id of the ASCII text {@code bytes[off, off + len)} (the caller checked it is ASCII),
     * adding it when new: short texts are found in the front cache straight from the bytes.
     */
    int internAscii(byte[] bytes, int off, int len, char[] scratch) {
        if (len <= 16) {
            int h = 0;
            long k1 = 0;
            long k2 = 0;
            for (int i = 0; i < len; i++) {
                int c = bytes[off + i];
                h = 31 * h + c;
                if (i < 8) {
                    k1 |= (long) c << (i << 3);
                } else {
                    k2 |= (long) c << ((i - 8) << 3);
                }
            }
            int f = mix(h) & FRONT_MASK;
            if (frontLength[f] == len && frontLow[f] == k1 && frontHigh[f] == k2) {
                return frontId[f];
            }
        }
        for (int i = 0; i < len; i++) {
            scratch[i] = (char) bytes[off + i];
        }
        return intern(scratch, 0, len);
    }

    private int lookup(char[] buf, int off, int len, int h) {
        int mask = slots.length - 1;
        int slot = mix(h) & mask;
        while (true) {
            long entry = slots[slot];
            if (entry == 0) {
                return add(new String(buf, off, len), h, slot);
            }
            if ((int) (entry >>> 32) == h) {
                int id = (int) entry - 1;
                if (sameText(strings[id], buf, off, len)) {
                    return id;
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The string of an id. */
    String get(int id) {
        return strings[id];
    }

    private int add(String text, int h, int slot) {
        if (size == strings.length) {
            strings = Arrays.copyOf(strings, size * 2);
        }
        int id = size++;
        strings[id] = text;
        // The pool's own probe just proved the text new, so the table need not look it up again.
        if (table.appendNewString(text) != id) {
            throw new IllegalStateException("event table strings were added outside the pool");
        }
        slots[slot] = (long) h << 32 | (id + 1L);
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        long[] next = new long[slots.length * 2];
        int mask = next.length - 1;
        for (long entry : slots) {
            if (entry != 0) {
                int slot = mix((int) (entry >>> 32)) & mask;
                while (next[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                next[slot] = entry;
            }
        }
        slots = next;
    }

    /** Compared only when the hashes match, so nearly always equal. */
    private static boolean sameText(String text, char[] buf, int off, int len) {
        if (text.length() != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (text.charAt(i) != buf[off + i]) {
                return false;
            }
        }
        return true;
    }

    private static int mix(int h) {
        int x = h ^ (h >>> 16);
        x *= 0x85EBCA6B;
        x ^= x >>> 13;
        x *= 0xC2B2AE35;
        return x ^ (x >>> 16);
    }
}
