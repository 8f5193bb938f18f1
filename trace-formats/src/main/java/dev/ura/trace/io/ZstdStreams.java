package dev.ura.trace.io;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * zstd decompression (Perfetto writes zstd traces and {@code zstd_compressed_packets}) with
 * zstd-jni, always streaming and under a byte ceiling, so a bomb stops as soon as it passes it.
 * The native decoder is extracted to {@code java.io.tmpdir} the first time it is used; where
 * that cannot work (no writable temp folder, an unsupported platform) files say so in one line.
 */
public final class ZstdStreams {
    private ZstdStreams() {
    }

    /** Whether the content starts with the zstd frame magic {@code 28 B5 2F FD}. */
    public static boolean isZstd(ByteBuffer data) {
        int p = data.position();
        return data.remaining() >= 4 && (data.get(p) & 0xFF) == 0x28 && (data.get(p + 1) & 0xFF) == 0xB5
                && (data.get(p + 2) & 0xFF) == 0x2F && (data.get(p + 3) & 0xFF) == 0xFD;
    }

    /** A zstd stream could not be decoded; the message is one line, without the file name. */
    public static final class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    /** Decompresses a whole zstd file under {@link InflationLimit} with {@code limit} as the ceiling. */
    static ByteBuffer inflateFile(String name, ByteBuffer data, long limit) throws TraceFormatException {
        ChunkedInflate out = new ChunkedInflate();
        ByteBuffer source = data.duplicate();
        int start = source.position();
        try (InputStream in = open(new ByteBufferInputStream(source))) {
            // What the decoder has read, including its read-ahead: the ratio is judged a little leniently.
            return out.readAll(in, limit, () -> source.position() - start);
        } catch (ChunkedInflate.TooBig e) {
            throw TraceFormatException.ofFile(name, "zstd content " + e.getMessage()
                    + "; if it is a real trace, decompress it first (zstd -d)", null);
        } catch (Failure e) {
            throw TraceFormatException.ofFile(name, e.getMessage(), null);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, describe(e, out.total()), null);
        }
    }

    /**
     * Decompresses {@code b[from, from + len)} (one container of packets) into a new array of at
     * most {@code limit} bytes.
     *
     * @return the bytes, or null when they would pass {@code limit} or {@link InflationLimit}'s ratio
     * @throws Failure when the data is corrupt or truncated, or the decoder cannot load
     */
    public static byte[] inflate(byte[] b, int from, int len, int limit) throws Failure {
        ChunkedInflate out = new ChunkedInflate(1 << 17);
        try (InputStream in = open(new ByteArrayInputStream(b, from, len))) {
            // Judged against the whole container; the reader also applies the ratio over all containers.
            return out.readAll(in, limit, () -> len).array(); // exactly the bytes: readAll wraps an array of that size
        } catch (ChunkedInflate.TooBig e) {
            return null;
        } catch (IOException e) {
            throw new Failure(describe(e, out.total()));
        }
    }

    private static InputStream open(InputStream in) throws Failure, IOException {
        try {
            return new ZstdInputStreamNoFinalizer(in);
        } catch (LinkageError e) {
            throw new Failure("zstd-compressed data, but the zstd decoder could not be loaded here ("
                    + oneLine(e.getMessage()) + "); decompress it first (zstd -d FILE) and open the result");
        }
    }

    private static String describe(IOException e, long inflated) {
        String m = oneLine(e.getMessage());
        if (m.toLowerCase(java.util.Locale.ROOT).contains("truncated")) {
            return "corrupt zstd data: the compressed stream ends early after " + inflated
                    + " decompressed bytes (truncated file?)";
        }
        return "corrupt zstd data after " + inflated + " decompressed bytes: " + m;
    }

    private static String oneLine(String s) {
        return s == null ? "no detail" : s.replaceAll("[\\r\\n\\t]+", " ").strip();
    }
}
