package dev.ura.trace.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Inflates a whole gzip file into one buffer under {@link InflationLimit}. The output is gathered
 * in fixed-size chunks, so what is held is what was inflated (no doubling buffer that allocates
 * twice the ceiling), and the limits are checked after every chunk against the compressed bytes
 * actually consumed, so a bomb is refused after its first few MiB.
 */
final class GzipInflater {
    private static final int CHUNK = 1 << 20;
    /** A gzip header is at least 10 bytes and the trailer 8; anything that ends sooner has no data. */
    private static final int HEADER_BYTES = 10;

    private GzipInflater() {
    }

    static ByteBuffer inflate(String name, ByteBuffer data, long limit) throws TraceFormatException {
        long compressed = data.remaining();
        ByteBuffer source = data.duplicate();
        int start = source.position();
        List<byte[]> chunks = new ArrayList<>();
        long total = 0;
        try (Counting in = new Counting(new ByteBufferInputStream(source))) {
            while (true) {
                byte[] chunk = new byte[(int) Math.min(CHUNK, limit - total + 1)];
                int n = in.readNBytes(chunk, 0, chunk.length);
                total += n;
                String why = InflationLimit.exceeded(total, in.consumed(source.position() - start), limit);
                if (why != null) {
                    throw TraceFormatException.ofFile(name, "gzip content " + why + "; if it is a real trace,"
                            + " gunzip it first", null);
                }
                if (n > 0) {
                    chunks.add(n == chunk.length ? chunk : Arrays.copyOf(chunk, n));
                }
                if (n < chunk.length) {
                    break;
                }
            }
        } catch (EOFException e) {
            throw TraceFormatException.ofFile(name, compressed <= HEADER_BYTES + 8 && total == 0
                    ? "corrupt gzip data: the file ends after " + compressed + " bytes, within or right after the gzip"
                            + " header, with no compressed data"
                    : "corrupt gzip data: the compressed stream ends early after " + total
                            + " inflated bytes (truncated file?)", e);
        } catch (ZipException e) {
            throw TraceFormatException.ofFile(name, "corrupt gzip data: "
                    + (e.getMessage() == null ? "invalid stream" : e.getMessage()), e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "corrupt gzip data: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
        return join(chunks, total);
    }

    /** Tells how many compressed bytes the inflater has used: those read from the file less those it still buffers. */
    private static final class Counting extends GZIPInputStream {
        Counting(InputStream in) throws IOException {
            super(in, 1 << 16);
        }

        long consumed(long readFromSource) {
            return readFromSource - inf.getRemaining();
        }
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
