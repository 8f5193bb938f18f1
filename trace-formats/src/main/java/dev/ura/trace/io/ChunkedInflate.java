package dev.ura.trace.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Reads a decompressing stream to its end under {@link InflationLimit} (a ceiling, and a ratio to
 * the compressed bytes consumed). The output is gathered in fixed-size chunks, so what is held is
 * what was inflated (no doubling buffer that allocates twice the ceiling), and both rules are
 * checked after every chunk, so a bomb is refused after its first few MiB. Shared by whole-file
 * gzip and zstd.
 */
final class ChunkedInflate {
    private final int chunkSize;

    /** A limit was passed (the message says which, from {@link InflationLimit#exceeded}); nothing more was read. */
    static final class TooBig extends Exception {
        TooBig(String why) {
            super(why, null, false, false);
        }
    }

    /** Gathers in chunks of 1 MiB (whole files). */
    ChunkedInflate() {
        this(1 << 20);
    }

    /** Gathers in chunks of {@code chunkSize} bytes (smaller for the many small containers of a trace). */
    ChunkedInflate(int chunkSize) {
        this.chunkSize = chunkSize;
    }

    /** Bytes inflated so far, for the messages of a stream that fails part-way. */
    private long total;

    long total() {
        return total;
    }

    /**
     * Reads {@code in} to its end.
     *
     * @param limit    the ceiling in bytes
     * @param consumed compressed bytes used so far (a stream that reads ahead may count a little more)
     */
    ByteBuffer readAll(InputStream in, long limit, LongSupplier consumed) throws IOException, TooBig {
        List<byte[]> chunks = new ArrayList<>();
        while (true) {
            byte[] chunk = new byte[(int) Math.min(chunkSize, limit - total + 1)];
            int n = in.readNBytes(chunk, 0, chunk.length);
            total += n;
            String why = InflationLimit.exceeded(total, consumed.getAsLong(), limit);
            if (why != null) {
                throw new TooBig(why);
            }
            if (n > 0) {
                chunks.add(n == chunk.length ? chunk : java.util.Arrays.copyOf(chunk, n));
            }
            if (n < chunk.length) {
                break;
            }
        }
        return join(chunks, total);
    }

    private static ByteBuffer join(List<byte[]> chunks, long total) {
        if (chunks.size() == 1) {
            return ByteBuffer.wrap(chunks.get(0));
        }
        byte[] all = new byte[(int) total];
        int at = 0;
        for (int i = 0; i < chunks.size(); i++) {
            byte[] c = chunks.get(i);
            chunks.set(i, null); // lets each chunk go as soon as it is copied
            System.arraycopy(c, 0, all, at, c.length);
            at += c.length;
        }
        return ByteBuffer.wrap(all);
    }
}
