package dev.ura.trace.ftrace;

import dev.ura.trace.util.ByteKeyMap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Interns the short texts an ftrace text repeats on every line (task comms, {@code prev_state}
 * letters): the String of a byte range seen before is found by its bytes, without decoding or
 * allocating. Bounded: past {@value #MAX} distinct texts (a hostile file), new ones are decoded
 * each time instead of kept.
 */
final class ByteStrings {
    static final int MAX = 1 << 16;

    private final ByteKeyMap ids = new ByteKeyMap();
    private final List<String> strings = new ArrayList<>();

    /** The text of the UTF-8 bytes {@code b[from, to)}. */
    String of(byte[] b, int from, int to) {
        int id = ids.get(b, from, to - from);
        if (id >= 0) {
            return strings.get(id);
        }
        String s = new String(b, from, to - from, StandardCharsets.UTF_8);
        if (strings.size() < MAX) {
            ids.put(b, from, to - from, strings.size());
            strings.add(s);
        }
        return s;
    }

    /** {@link #of} of a packed range ({@link ArgBytes}), or null when absent. */
    String of(byte[] b, long range) {
        return range == ArgBytes.ABSENT ? null : of(b, ArgBytes.from(range), ArgBytes.to(range));
    }
}
