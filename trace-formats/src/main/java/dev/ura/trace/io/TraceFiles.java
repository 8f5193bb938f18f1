package dev.ura.trace.io;

import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Opens any supported trace file: memory-maps it (or inflates gzip or zstd), sniffs the content and hands
 * it to the first reader that recognises it. Readers are found with {@link ServiceLoader} so a
 * new format is one class and one line in {@code META-INF/services}.
 */
public final class TraceFiles {
    /**
     * The inflated size allowed, fixed at start-up ({@link InflationLimit#CEILING}: an eighth of the
     * heap, at most 1 GiB). A small gzip can inflate to gigabytes, and the readers need heap for the
     * model too; inflation also stops as soon as the content inflates more than any trace does
     * ({@link InflationLimit}), so a bomb is refused after a few MiB.
     */
    static final long INFLATED_LIMIT = InflationLimit.CEILING;

    private TraceFiles() {
    }

    /** The readers on the class path, in service-file order. */
    public static List<TraceReader> readers() {
        List<TraceReader> list = new ArrayList<>();
        ServiceLoader.load(TraceReader.class, TraceFiles.class.getClassLoader()).forEach(list::add);
        return list;
    }

    /**
     * The first reader, in {@link #readers()}' order, that can read a file starting with {@code head};
     * {@code null} when none can. Readers after it are never made: some compile patterns or ask the
     * JVM for the machine's load when made, which a short {@code ura info} would pay for nothing.
     */
    public static TraceReader readerFor(byte[] head) {
        for (TraceReader reader : ServiceLoader.load(TraceReader.class, TraceFiles.class.getClassLoader())) {
            if (reader.canRead(head)) {
                return reader;
            }
        }
        return null;
    }

    /** Reads a file with progress reporting. */
    public static Trace read(Path file, Progress progress) throws TraceFormatException {
        try (MappedInput in = InputFiles.openMapped(file, "trace file")) {
            return read(file.toString(), in.data(), in, progress);
        } catch (java.io.IOException e) {
            // closing a read-only channel: the trace was read
            throw TraceFormatException.ofFile(file.toString(), "cannot read: " + e.getMessage(), e);
        }
    }

    /** Reads a file without progress reporting. */
    public static Trace read(Path file) throws TraceFormatException {
        return read(file, Progress.NONE);
    }

    /** Reads content already in memory (a gzip stream is inflated first); a null progress means none. */
    public static Trace read(String name, ByteBuffer data, Progress progress) throws TraceFormatException {
        return read(name, data, null, progress);
    }

    /** {@code file}: where {@code data} is mapped from, or {@code null} for content in memory. */
    private static Trace read(String name, ByteBuffer data, MappedInput file, Progress progress)
            throws TraceFormatException {
        if (progress == null) {
            progress = Progress.NONE;
        }
        if (isGzip(data)) {
            data = inflate(name, data, INFLATED_LIMIT);
            file = null;
        } else if (ZstdStreams.isZstd(data)) {
            data = ZstdStreams.inflateFile(name, data, INFLATED_LIMIT);
            file = null;
        }
        if (data.remaining() == 0) {
            throw TraceFormatException.atOffset(name, 0, "empty file");
        }
        byte[] head = new byte[Math.min(4096, data.remaining())];
        data.duplicate().get(head);
        TraceReader reader = readerFor(head);
        if (reader != null) {
            return readMapped(reader, name, data.duplicate(), file, progress);
        }
        throw TraceFormatException.atOffset(name, 0, "not a trace ura can read (unknown content starting "
                + describeHead(head) + ")");
    }

    private static Trace readMapped(TraceReader reader, String name, ByteBuffer data, MappedInput file,
                                    Progress progress) throws TraceFormatException {
        try {
            return file == null ? reader.read(name, data, progress) : reader.read(name, data, file, progress);
        } catch (MappedInput.Changed e) {
            throw TraceFormatException.ofFile(name, "the file changed or became unreadable while it was read", e);
        } catch (InternalError e) {
            // The JVM reports a fault on a memory-mapped page this way, e.g. when another
            // process truncates the file while it is being read.
            throw TraceFormatException.ofFile(name, "the file changed or became unreadable while it was read", e);
        }
    }

    /** Whether the content starts with the gzip magic. */
    public static boolean isGzip(ByteBuffer data) {
        return data.remaining() >= 2 && (data.get(data.position()) & 0xFF) == 0x1F
                && (data.get(data.position() + 1) & 0xFF) == 0x8B;
    }

    /** Inflates a gzip stream under {@link InflationLimit} with {@code limit} as the ceiling. */
    static ByteBuffer inflate(String name, ByteBuffer data, long limit) throws TraceFormatException {
        return GzipInflater.inflate(name, data, limit);
    }

    private static String describeHead(byte[] head) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(8, head.length); i++) {
            sb.append(String.format("%02x", head[i] & 0xFF));
            if (i < 7 && i < head.length - 1) {
                sb.append(' ');
            }
        }
        return sb.toString();
    }
}
