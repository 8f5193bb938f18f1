package dev.ura.trace.agentlog;

import java.nio.ByteBuffer;

/** Byte-level helpers for scanning text lines in a buffer without decoding them. */
final class ByteText {
    private ByteText() {
    }

    /**
     * The index just past the line terminator at or after {@code from} ({@code \n}, {@code \r\n} or
     * a lone {@code \r}, as Jackson counts rows), or {@code limit} when the line is the last.
     */
    static int afterLine(ByteBuffer data, int from, int limit) {
        for (int p = from; p < limit; p++) {
            byte b = data.get(p);
            if (b == '\n') {
                return p + 1;
            }
            if (b == '\r') {
                return p + 1 < limit && data.get(p + 1) == '\n' ? p + 2 : p + 1;
            }
        }
        return limit;
    }

    /** The index of the next {@code \n} at or after {@code from}, or {@code limit}. */
    static int lineEnd(ByteBuffer data, int from, int limit) {
        for (int p = from; p < limit; p++) {
            if (data.get(p) == '\n') {
                return p;
            }
        }
        return limit;
    }

    /** {@code end} less a trailing {@code \r}. */
    static int trimCr(ByteBuffer data, int start, int end) {
        return end > start && data.get(end - 1) == '\r' ? end - 1 : end;
    }

    /** The first index in {@code [from, to)} holding {@code b}, or -1. */
    static int indexOf(ByteBuffer data, int from, int to, byte b) {
        for (int p = from; p < to; p++) {
            if (data.get(p) == b) {
                return p;
            }
        }
        return -1;
    }

    /** Whether {@code [from, to)} holds only spaces and tabs (and a final {@code \r}). */
    static boolean isBlank(ByteBuffer data, int from, int to) {
        for (int p = from; p < to; p++) {
            byte b = data.get(p);
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code [from, to)} starts with the ASCII {@code prefix}. */
    static boolean startsWith(ByteBuffer data, int from, int to, String prefix) {
        if (to - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (data.get(from + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the ASCII {@code needle} occurs in {@code [from, to)}. */
    static boolean contains(ByteBuffer data, int from, int to, String needle) {
        for (int p = from; p + needle.length() <= to; p++) {
            if (startsWith(data, p, to, needle)) {
                return true;
            }
        }
        return false;
    }

    /** A byte for a message: the character when printable ASCII, else its hex value. */
    static String describe(byte b) {
        int v = b & 0xFF;
        return v >= 0x21 && v < 0x7F ? "'" + (char) v + "'" : String.format("0x%02x", v);
    }
}
