package dev.ura.trace.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Inflates a whole gzip file into one buffer under {@link InflationLimit} ({@link ChunkedInflate}:
 * both limits are checked after every chunk against the compressed bytes the inflater has actually
 * used, so a bomb is refused after its first few MiB).
 */
final class GzipInflater {
    /** A gzip header is at least 10 bytes and the trailer 8; anything that ends sooner has no data. */
    private static final int HEADER_BYTES = 10;

    private GzipInflater() {
    }

    static ByteBuffer inflate(String name, ByteBuffer data, long limit) throws TraceFormatException {
        long compressed = data.remaining();
        ChunkedInflate out = new ChunkedInflate();
        ByteBuffer source = data.duplicate();
        int start = source.position();
        try (Counting in = new Counting(new ByteBufferInputStream(source))) {
            return out.readAll(in, limit, () -> in.consumed(source.position() - start));
        } catch (ChunkedInflate.TooBig e) {
            throw TraceFormatException.ofFile(name, "gzip content " + e.getMessage() + "; if it is a real trace,"
                    + " gunzip it first", null);
        } catch (EOFException e) {
            long total = out.total();
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
}
