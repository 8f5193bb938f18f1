package dev.ura.trace.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Protobuf wire format, written by hand for tests (the reader under test must not share code
 * with the writer): varints, keys, length-delimited fields and nested messages.
 */
public final class ProtoWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public ProtoWriter varint(int field, long value) {
        key(field, 0);
        rawVarint(value);
        return this;
    }

    public ProtoWriter fixed64(int field, long value) {
        key(field, 1);
        for (int i = 0; i < 8; i++) {
            out.write((int) (value >>> (8 * i)) & 0xFF);
        }
        return this;
    }

    public ProtoWriter bytes(int field, byte[] value) {
        key(field, 2);
        rawVarint(value.length);
        out.writeBytes(value);
        return this;
    }

    public ProtoWriter string(int field, String value) {
        return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    public ProtoWriter message(int field, ProtoWriter m) {
        return bytes(field, m.toByteArray());
    }

    /** A packed repeated varint field. */
    public ProtoWriter packed(int field, long[] values) {
        ProtoWriter p = new ProtoWriter();
        for (long v : values) {
            p.rawVarint(v);
        }
        return bytes(field, p.toByteArray());
    }

    public ProtoWriter key(int field, int wire) {
        rawVarint(((long) field << 3) | wire);
        return this;
    }

    public ProtoWriter rawVarint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    public ProtoWriter raw(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    public int size() {
        return out.size();
    }

    public byte[] toByteArray() {
        return out.toByteArray();
    }
}
