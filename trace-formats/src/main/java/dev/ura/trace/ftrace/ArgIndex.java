package dev.ura.trace.ftrace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Finds {@code key=} arguments in one line's bytes by the line's {@code '='} signs, found once:
 * every key contains one, so an occurrence of a key sits at an {@code '='} minus the key's offset
 * of its first {@code '='}. The frequent events look up five keys a line, each from the start of
 * the arguments; a byte scan per key made that a third of the text reader's calling thread.
 * Answers are exactly {@link ArgBytes#indexOf}'s (the first occurrence): the signs are visited in
 * order, so the candidates are too.
 */
final class ArgIndex {
    /** An ASCII key with at least one {@code '='}. */
    record Key(byte[] bytes, int anchor) {
        static Key of(String ascii) {
            int anchor = ascii.indexOf('=');
            if (anchor < 0) {
                throw new IllegalArgumentException("a key without '=': " + ascii);
            }
            return new Key(ascii.getBytes(StandardCharsets.US_ASCII), anchor);
        }

        int length() {
            return bytes.length;
        }
    }

    private byte[] buf;
    private int to;
    private int[] signs = new int[16];
    private int count;

    /** Indexes {@code b[from, to)}, the arguments every later lookup searches. */
    void index(byte[] b, int from, int to) {
        this.buf = b;
        this.to = to;
        count = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '=') {
                if (count == signs.length) {
                    signs = Arrays.copyOf(signs, count * 2); // grows with the line, which is already in memory
                }
                signs[count++] = i;
            }
        }
    }

    /** Index of the first {@code key} starting at or after {@code from}, or -1. */
    int indexOf(Key key, int from) {
        byte[] k = key.bytes;
        int n = k.length;
        for (int s = 0; s < count; s++) {
            int start = signs[s] - key.anchor;
            if (start < from) {
                continue;
            }
            if (start + n > to) {
                return -1; // later signs start later still
            }
            if (matches(k, start)) {
                return start;
            }
        }
        return -1;
    }

    private boolean matches(byte[] k, int start) {
        for (int j = 0; j < k.length; j++) {
            if (buf[start + j] != k[j]) {
                return false;
            }
        }
        return true;
    }

    /** The bytes between the first {@code key} from {@code from} and the next {@code stop} after it, packed as {@link ArgBytes} packs. */
    long between(int from, Key key, Key stop) {
        int k = indexOf(key, from);
        if (k < 0) {
            return ArgBytes.ABSENT;
        }
        int start = k + key.length();
        int end = indexOf(stop, start);
        return end < 0 ? ArgBytes.ABSENT : (long) start << 32 | end;
    }

    /** The token after the first {@code key} from {@code from}: up to the next space or the end. */
    long after(int from, Key key) {
        int k = indexOf(key, from);
        if (k < 0) {
            return ArgBytes.ABSENT;
        }
        int start = k + key.length();
        int end = start;
        while (end < to && buf[end] != ' ') {
            end++;
        }
        return (long) start << 32 | end;
    }
}
