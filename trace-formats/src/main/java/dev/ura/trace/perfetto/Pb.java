package dev.ura.trace.perfetto;

import java.nio.charset.StandardCharsets;

/**
 * A protobuf wire-format cursor over a byte array: keys, varints, fixed values and length-
 * delimited ranges, every length checked against the enclosing message so hostile input can
 * neither read outside its packet nor make us allocate more than it holds. Hand-written rather
 * than protobuf-java's {@code CodedInputStream} because the reader only ever needs this much and
 * it avoids a dependency and an object per sub-message (see {@code ura bench perfetto}).
 */
final class Pb {
    /** Malformed wire data inside a packet; carries no stack trace (it is expected on bad input). */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    byte[] buf;
    int pos;
    int limit;
    /** Wire type of the last key read. */
    int wire;

    Pb(byte[] buf, int pos, int limit) {
        reset(buf, pos, limit);
    }

    void reset(byte[] b, int p, int l) {
        this.buf = b;
        this.pos = p;
        this.limit = l;
    }

    boolean more() {
        return pos < limit;
    }

    /** Reads a key; returns the field number and sets {@link #wire}. */
    int field() {
        long key = varint();
        wire = (int) (key & 7);
        long f = key >>> 3;
        if (f == 0 || f > 536_870_911L) {
            throw new Malformed("field number " + f);
        }
        return (int) f;
    }

    long varint() {
        // Keys and small values are one byte: the common case needs no loop.
        int p = pos;
        if (p < limit) {
            byte b0 = buf[p];
            if (b0 >= 0) {
                pos = p + 1;
                return b0;
            }
            if (limit - p >= 10) {
                return varint10(p, b0);
            }
        }
        return varintSlow();
    }

    /**
     * A varint of two bytes or more with ten bytes left in the message: the bytes read straight,
     * without a bounds check or a loop each (timestamps, pids and lengths are most of a trace's
     * varints); as {@link #varintSlow} reads it.
     */
    private long varint10(int p, byte b0) {
        byte[] b = buf;
        long v = b0 & 0x7F;
        byte x = b[p + 1];
        v |= (long) (x & 0x7F) << 7;
        if (x >= 0) {
            pos = p + 2;
            return v;
        }
        x = b[p + 2];
        v |= (long) (x & 0x7F) << 14;
        if (x >= 0) {
            pos = p + 3;
            return v;
        }
        x = b[p + 3];
        v |= (long) (x & 0x7F) << 21;
        if (x >= 0) {
            pos = p + 4;
            return v;
        }
        x = b[p + 4];
        v |= (long) (x & 0x7F) << 28;
        if (x >= 0) {
            pos = p + 5;
            return v;
        }
        x = b[p + 5];
        v |= (long) (x & 0x7F) << 35;
        if (x >= 0) {
            pos = p + 6;
            return v;
        }
        x = b[p + 6];
        v |= (long) (x & 0x7F) << 42;
        if (x >= 0) {
            pos = p + 7;
            return v;
        }
        x = b[p + 7];
        v |= (long) (x & 0x7F) << 49;
        if (x >= 0) {
            pos = p + 8;
            return v;
        }
        x = b[p + 8];
        v |= (long) (x & 0x7F) << 56;
        if (x >= 0) {
            pos = p + 9;
            return v;
        }
        x = b[p + 9];
        v |= (long) (x & 0x7F) << 63;
        if (x >= 0) {
            pos = p + 10;
            return v;
        }
        pos = p + 10;
        throw new Malformed("varint longer than 10 bytes");
    }

    private long varintSlow() {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (pos >= limit) {
                throw new Malformed("varint runs past the end of its message");
            }
            byte b = buf[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new Malformed("varint longer than 10 bytes");
    }

    long fixed64() {
        need(8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (buf[pos + i] & 0xFFL);
        }
        pos += 8;
        return v;
    }

    int fixed32() {
        need(4);
        int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8 | (buf[pos + 2] & 0xFF) << 16 | (buf[pos + 3] & 0xFF) << 24;
        pos += 4;
        return v;
    }

    /** Reads a length prefix; the bytes [pos, pos + length) are inside the current message. */
    int length() {
        long n = varint();
        if (n < 0 || n > limit - pos) {
            throw new Malformed("length " + Long.toUnsignedString(n) + " exceeds the " + (limit - pos)
                    + " bytes left in its message");
        }
        return (int) n;
    }

    /** Enters a length-delimited sub-message; returns the outer limit to pass to {@link #exit}. */
    int enter() {
        int n = length();
        int outer = limit;
        limit = pos + n;
        return outer;
    }

    /** Leaves a sub-message entered with {@link #enter}, skipping what was not read. */
    void exit(int outer) {
        pos = limit;
        limit = outer;
    }

    String string() {
        int n = length();
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** A string field without its trailing newline (atrace payloads end in one): one copy, not two. */
    String stringWithoutNewline() {
        return stringWithoutNewline(length());
    }

    /** {@link #stringWithoutNewline()} when the length was already read. */
    String stringWithoutNewline(int n) {
        int k = n > 0 && buf[pos + n - 1] == '\n' ? n - 1 : n;
        String s = new String(buf, pos, k, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** A varint field's value; a field of another wire type (corrupt or foreign) is skipped and reads as 0. */
    long varintOrSkip() {
        if (wire == 0) {
            return varint();
        }
        skip();
        return 0;
    }

    /** A string field's value; a field of another wire type is skipped and reads as null. */
    String stringOrSkip() {
        if (wire == 2) {
            return string();
        }
        skip();
        return null;
    }

    /** Skips the value of the last key by its wire type. */
    void skip() {
        switch (wire) {
            case 0 -> varint();
            case 1 -> {
                need(8);
                pos += 8;
            }
            case 2 -> {
                int n = length(); // not "pos += length()": that reads pos before the length is consumed
                pos += n;
            }
            case 5 -> {
                need(4);
                pos += 4;
            }
            default -> throw new Malformed("wire type " + wire + " (groups are not used by Perfetto)");
        }
    }

    /** A scalar of a repeated field that may be packed: call with a consumer per value. */
    interface Values {
        void accept(long v);
    }

    /** Reads one unpacked value or a packed run of varints / fixed64s into {@code out}. */
    void repeated(Values out) {
        if (wire == 2) {
            int outer = enter();
            while (more()) {
                out.accept(varint());
            }
            exit(outer);
        } else if (wire == 0) {
            out.accept(varint());
        } else if (wire == 1) {
            out.accept(fixed64());
        } else {
            skip();
        }
    }

    /** Like {@link #repeated} for fixed64 fields (packed runs are 8-byte values). */
    void repeatedFixed64(Values out) {
        if (wire == 2) {
            int outer = enter();
            while (more()) {
                out.accept(fixed64());
            }
            exit(outer);
        } else if (wire == 1) {
            out.accept(fixed64());
        } else if (wire == 0) {
            out.accept(varint());
        } else {
            skip();
        }
    }

    private void need(int n) {
        if (limit - pos < n) {
            throw new Malformed("fixed value runs past the end of its message");
        }
    }
}
