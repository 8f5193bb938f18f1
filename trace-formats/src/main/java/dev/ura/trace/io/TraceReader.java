package dev.ura.trace.io;

import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;

/**
 * Reads one family of trace formats. Readers sniff content, never file names: {@link #canRead}
 * looks at the first bytes, then {@link #read} decodes the whole (already decompressed) input.
 */
public interface TraceReader {

    /** A short name of the format family, e.g. {@code android-trace}. */
    String formatName();

    /**
     * Whether the content looks like this reader's format.
     *
     * @param head up to the first 4096 bytes of the (decompressed) file
     */
    boolean canRead(byte[] head);

    /**
     * Decodes a whole file.
     *
     * @param source   the file name as the user gave it (for messages and {@link Trace#source()})
     * @param data     the content, positioned at 0, little-endian order not assumed
     * @param progress progress sink; the read throws {@link java.util.concurrent.CancellationException}
     *                 when it is cancelled
     * @throws TraceFormatException when the content is malformed beyond repair
     */
    Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException;

    /**
     * As {@link #read(String, ByteBuffer, Progress)} for content mapped from a file ({@code data} is
     * {@code file}'s mapping): a reader may copy the bulk of the file with {@link MappedInput#read}
     * instead of through the mapping, whose pages would stay resident beside the model it builds.
     * By default reads {@code data}.
     */
    default Trace read(String source, ByteBuffer data, MappedInput file, Progress progress)
            throws TraceFormatException {
        return read(source, data, progress);
    }
}
