package dev.ura.trace.perfetto;

import dev.ura.trace.util.ByteKeyMap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Canonical Strings for UTF-8 byte ranges (thread comms of compact scheduler bundles, which repeat
 * in every bundle): a repeated name costs a hash and a compare, not a String, and the model sees
 * one instance per name so its "same name as before?" checks are identity checks. Holds at most
 * {@value #MAX_ENTRIES} names; past that (hostile input) it decodes without caching.
 */
final class StringInterner {
    static final int MAX_ENTRIES = 1 << 16;
    private final ByteKeyMap ids = new ByteKeyMap();
    private final List<String> strings = new ArrayList<>();

    String intern(byte[] b, int from, int len) {
        int id = ids.get(b, from, len);
        if (id >= 0) {
            return strings.get(id);
        }
        String s = new String(b, from, len, StandardCharsets.UTF_8);
        if (strings.size() < MAX_ENTRIES) {
            ids.put(b, from, len, strings.size());
            strings.add(s);
        }
        return s;
    }
}
