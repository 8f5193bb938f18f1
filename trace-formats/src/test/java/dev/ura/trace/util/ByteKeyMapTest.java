package dev.ura.trace.util;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ByteKeyMapTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void findsKeysInsideLargerBuffersAndMissesNearMisses() {
        ByteKeyMap m = new ByteKeyMap();
        byte[] buf = utf8("xxChoreographer#doFrame 12345yy");
        m.put(buf, 2, 27, 7); // "Choreographer#doFrame 12345"
        assertThat(m.get(utf8("Choreographer#doFrame 12345"), 0, 27)).isEqualTo(7);
        // Same length, differing only in the last byte (the byte-by-byte tail after the 8-byte words).
        assertThat(m.get(utf8("Choreographer#doFrame 12346"), 0, 27)).isEqualTo(-1);
        // Differing inside the first 8-byte word.
        assertThat(m.get(utf8("Xhoreographer#doFrame 12345"), 0, 27)).isEqualTo(-1);
        // A prefix of the key is another key.
        assertThat(m.get(buf, 2, 26)).isEqualTo(-1);
        // The buffer a key came from may be reused: the map kept its own copy.
        buf[2] = 'Z';
        assertThat(m.get(utf8("Choreographer#doFrame 12345"), 0, 27)).isEqualTo(7);
    }

    @Test
    void emptyKeyIsAKey() {
        ByteKeyMap m = new ByteKeyMap();
        assertThat(m.get(new byte[0], 0, 0)).isEqualTo(-1);
        m.put(new byte[0], 0, 0, 3);
        assertThat(m.get(utf8("abc"), 1, 0)).isEqualTo(3);
        assertThat(m.size()).isEqualTo(1);
    }

    @Test
    void agreesWithAHashMapOverManyKeysOfEveryShortLength() {
        // Hundreds of thousands of keys (a trace's per-frame slice names) grow the slots, the
        // entries and the key pool several times; every key must still map to its own value.
        ByteKeyMap m = new ByteKeyMap();
        Map<String, Integer> expected = new HashMap<>();
        for (int i = 0; i < 300_000; i++) {
            String k = (i % 3 == 0 ? "DrawFrames " : i % 3 == 1 ? "f" : "binder transaction async ") + i;
            byte[] b = utf8(k);
            assertThat(m.get(b, 0, b.length)).isEqualTo(-1);
            m.put(b, 0, b.length, i);
            expected.put(k, i);
        }
        assertThat(m.size()).isEqualTo(300_000);
        expected.forEach((k, v) -> {
            byte[] b = utf8(k);
            assertThat(m.get(b, 0, b.length)).isEqualTo(v);
        });
        byte[] absent = utf8("DrawFrames 300000");
        assertThat(m.get(absent, 0, absent.length)).isEqualTo(-1);
    }
}
