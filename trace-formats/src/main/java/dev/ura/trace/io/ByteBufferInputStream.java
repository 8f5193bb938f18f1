package dev.ura.trace.io;

import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Streams a buffer (often memory-mapped) without copying it, for decoders that want an
 * {@link InputStream} (gzip, Jackson). Reading advances the buffer's position.
 */
public final class ByteBufferInputStream extends InputStream {
    private final ByteBuffer buf;

    /** Streams {@code buf} from its position to its limit. */
    public ByteBufferInputStream(ByteBuffer buf) {
        this.buf = buf;
    }

    @Override
    public int read() {
        return buf.hasRemaining() ? buf.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (!buf.hasRemaining()) {
            return -1;
        }
        int n = Math.min(len, buf.remaining());
        buf.get(b, off, n);
        return n;
    }

    @Override
    public int available() {
        return buf.remaining();
    }
}
