package dev.ura.trace.android;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * A growable little-endian byte buffer for {@link AndroidTraceWriter}. When it has a target
 * stream it drains to it whenever it holds more than {@link #DRAIN_BYTES}, so a trace of any size
 * can be written with a small, fixed footprint.
 */
final class ByteSink {
    static final int DRAIN_BYTES = 1 << 16;

    private byte[] buf = new byte[256];
    private int size;
    private long drained;
    private OutputStream target;

    /** From now on, drain to {@code out} (what is buffered so far goes first). */
    void drainTo(OutputStream out) {
        target = out;
        maybeDrain();
    }

    /** Bytes written so far, drained or not. */
    long written() {
        return drained + size;
    }

    int size() {
        return size;
    }

    void u1(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    void u2(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
    }

    void u4(long v) {
        ensure(4);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) (v >>> 16);
        buf[size++] = (byte) (v >>> 24);
    }

    void u8(long v) {
        u4(v);
        u4(v >>> 32);
    }

    void zeros(int n) {
        ensure(n);
        Arrays.fill(buf, size, size + n, (byte) 0);
        size += n;
    }

    void bytes(byte[] b) {
        bytes(b, 0, b.length);
    }

    void bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    /** Appends another sink's buffered bytes (which must not have drained) and empties it. */
    void moveFrom(ByteSink other) {
        bytes(other.buf, 0, other.size);
        other.size = 0;
    }

    /** Called after each record: drains when the buffer is large and a target is set. */
    void maybeDrain() {
        if (target != null && size >= DRAIN_BYTES) {
            flush();
        }
    }

    /** Writes everything buffered to the target stream. */
    void flush() {
        if (target == null) {
            return;
        }
        try {
            target.write(buf, 0, size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        drained += size;
        size = 0;
    }

    /** The buffered bytes (only meaningful when nothing was drained). */
    byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            long next = Math.max((long) size + n, (long) buf.length * 2);
            if (next > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("trace body larger than 2 GiB; write it with open(OutputStream, n)");
            }
            buf = Arrays.copyOf(buf, (int) next);
        }
    }
}
