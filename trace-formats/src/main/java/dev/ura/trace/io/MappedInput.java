package dev.ura.trace.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A trace file opened once and mapped, with positional reads of the same open file for its bulk.
 * Pages of a mapping that were read stay resident (and count in the process's memory) until the
 * mapping is unmapped, which Java leaves to the collector: a reader that copies a 200 MB data
 * section into its model through the mapping keeps the file's 200 MB resident beside the model.
 * Reading the bulk with {@link #read} instead leaves those pages in the page cache only.
 *
 * <p>Made by {@link InputFiles#openMapped}; the mapping stays valid after {@link #close}.
 */
public final class MappedInput implements Closeable {
    /** Thrown (unchecked, so decoding workers can throw it) when the file shrank or failed mid-read. */
    public static final class Changed extends RuntimeException {
        Changed(String file, Throwable cause) {
            super(file + ": the file changed or became unreadable while it was read", cause, false, false);
        }
    }

    private final String name;
    private final FileChannel channel;
    private final ByteBuffer data;

    MappedInput(String name, FileChannel channel, ByteBuffer data) {
        this.name = name;
        this.channel = channel;
        this.data = data;
    }

    /** The mapped content, positioned at 0 (read-only). */
    public ByteBuffer data() {
        return data.duplicate();
    }

    /**
     * Copies {@code len} bytes at file offset {@code pos} into {@code dst} (thread-safe: positional
     * reads of a shared channel).
     *
     * @throws Changed when the file ended early or the read failed
     */
    public void read(long pos, byte[] dst, int len) {
        ByteBuffer b = ByteBuffer.wrap(dst, 0, len);
        try {
            while (b.hasRemaining()) {
                if (channel.read(b, pos + b.position()) < 0) {
                    throw new Changed(name, null);
                }
            }
        } catch (IOException e) {
            throw new Changed(name, e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
