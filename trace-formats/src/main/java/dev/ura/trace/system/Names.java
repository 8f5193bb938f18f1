package dev.ura.trace.system;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.util.HashMap;
import java.util.Map;

/** Slice names as methods: one {@link MethodInfo} (empty class) per distinct name, ids dense from 0. */
final class Names {
    private final Map<String, Integer> ids = new HashMap<>();
    private final MethodTable.Builder methods = new MethodTable.Builder();
    /** Open addressing over UTF-8 name bytes → id, so repeated names from a decoder cost no String. */
    private byte[][] keys = new byte[1024][];
    private int[] keyHash = new int[1024];
    private int[] keyId = new int[1024];
    private int keyCount;

    /** The id of a name already seen as the UTF-8 bytes {@code b[from, from + len)}, or -1. */
    int find(byte[] b, int from, int len) {
        int h = hash(b, from, len);
        int mask = keys.length - 1;
        for (int slot = (h ^ (h >>> 16)) & mask; keys[slot] != null; slot = (slot + 1) & mask) {
            if (keyHash[slot] == h && same(keys[slot], b, from, len)) {
                return keyId[slot];
            }
        }
        return -1;
    }

    /** Eight bytes at a time: slice names are tens of bytes, hashed once per slice begin. */
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

    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

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

    /** The id of the name whose UTF-8 bytes are {@code b[from, from + len)}. */
    int id(byte[] b, int from, int len) {
        int h = hash(b, from, len);
        int mask = keys.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (byte[] k; (k = keys[slot]) != null; slot = (slot + 1) & mask) {
            if (keyHash[slot] == h && same(k, b, from, len)) {
                return keyId[slot];
            }
        }
        String name = len == 0 ? "[empty slice name]" : new String(b, from, len, java.nio.charset.StandardCharsets.UTF_8);
        int id = id(name);
        keys[slot] = java.util.Arrays.copyOfRange(b, from, from + len);
        keyHash[slot] = h;
        keyId[slot] = id;
        if (++keyCount * 2 > keys.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        byte[][] oldKeys = keys;
        int[] oldHash = keyHash;
        int[] oldId = keyId;
        keys = new byte[oldKeys.length * 2][];
        keyHash = new int[keys.length];
        keyId = new int[keys.length];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = (oldHash[i] ^ (oldHash[i] >>> 16)) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                keyHash[slot] = oldHash[i];
                keyId[slot] = oldId[i];
            }
        }
    }

    int id(String name) {
        Integer i = ids.get(name);
        if (i == null) {
            i = methods.define(new MethodInfo(ids.size(), "", name, null, null, -1));
            ids.put(name, i);
        }
        return i;
    }

    String name(int id) {
        return methods.get(id).name();
    }

    MethodTable build() {
        return methods.build();
    }
}
