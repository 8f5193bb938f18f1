package dev.ura.trace.system;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.util.ByteKeyMap;

import java.util.HashMap;
import java.util.Map;

/** Slice names as methods: one {@link MethodInfo} (empty class) per distinct name, ids dense from 0. */
final class Names {
    private final Map<String, Integer> ids = new HashMap<>();
    private final MethodTable.Builder methods = new MethodTable.Builder();
    /** UTF-8 name bytes → id, so repeated names from a decoder cost no String. */
    private final ByteKeyMap byBytes = new ByteKeyMap();

    /** The id of a name already seen as the UTF-8 bytes {@code b[from, from + len)}, or -1. */
    int find(byte[] b, int from, int len) {
        return byBytes.get(b, from, len);
    }

    /**
     * {@link #id(byte[], int, int)} of a name holding no CR, LF or NUL, else -1 for the caller's
     * general path (which strips those differently) unless the name is already known.
     */
    int idIfPlain(byte[] b, int from, int len) {
        int known = byBytes.get(b, from, len);
        if (known >= 0) {
            return known;
        }
        for (int k = from; k < from + len; k++) {
            if (b[k] == '\r' || b[k] == '\n' || b[k] == 0) {
                return -1;
            }
        }
        return id(b, from, len);
    }

    /** The id of the name whose UTF-8 bytes are {@code b[from, from + len)}. */
    int id(byte[] b, int from, int len) {
        int known = byBytes.get(b, from, len);
        if (known >= 0) {
            return known;
        }
        String name = len == 0 ? "[empty slice name]" : new String(b, from, len, java.nio.charset.StandardCharsets.UTF_8);
        int id = id(name);
        byBytes.put(b, from, len, id);
        return id;
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
