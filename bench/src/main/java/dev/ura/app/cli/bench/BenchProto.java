package dev.ura.app.cli.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** A minimal protobuf writer for the bench generators (the bench must not depend on test code). */
final class BenchProto {
    private final ByteArrayOutputStream b = new ByteArrayOutputStream(256);

    BenchProto reset() {
        b.reset();
        return this;
    }

    BenchProto varint(int field, long v) {
        raw((long) field << 3);
        raw(v);
        return this;
    }

    BenchProto str(int field, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        raw(((long) field << 3) | 2);
        raw(bytes.length);
        b.writeBytes(bytes);
        return this;
    }

    BenchProto msg(int field, BenchProto m) {
        raw(((long) field << 3) | 2);
        raw(m.b.size());
        b.writeBytes(m.b.toByteArray());
        return this;
    }

    BenchProto packed(int field, long[] values, int n) {
        BenchProto p = new BenchProto();
        for (int i = 0; i < n; i++) {
            p.raw(values[i]);
        }
        return msg(field, p);
    }

    void raw(long v) {
        while ((v & ~0x7FL) != 0) {
            b.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        b.write((int) v);
    }

    int size() {
        return b.size();
    }

    /** Writes {@code packet} as one {@code Trace.packet} (#1); returns the bytes written. */
    static long emit(OutputStream out, BenchProto packet) throws IOException {
        BenchProto framed = new BenchProto().msg(1, packet);
        framed.b.writeTo(out);
        return framed.size();
    }
}
