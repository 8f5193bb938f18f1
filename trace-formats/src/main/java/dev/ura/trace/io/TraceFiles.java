package dev.ura.trace.io;

import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.zip.GZIPInputStream;

/**
 * Opens any supported trace file: memory-maps it (or inflates gzip), sniffs the content and hands
 * it to the first reader that recognises it. Readers are found with {@link ServiceLoader} so a
 * new format is one class and one line in {@code META-INF/services}.
 */
public final class TraceFiles {
    /** Inflated gzip content larger than this is refused rather than exhausting the heap. */
    static final long MAX_INFLATED_BYTES = Integer.MAX_VALUE - 64;
    /**
     * The inflated size actually allowed: a quarter of the heap, at most {@link #MAX_INFLATED_BYTES}.
     * A small gzip can inflate to gigabytes; growing the buffer to 2 GiB on a smaller heap would end
     * in an OutOfMemoryError instead of a message, and the readers need heap for the model too.
     */
    static final long INFLATED_LIMIT = Math.min(MAX_INFLATED_BYTES, Runtime.getRuntime().maxMemory() / 4);

    private TraceFiles() {
    }

    /** The readers on the class path, in service-file order. */
    public static List<TraceReader> readers() {
        List<TraceReader> list = new ArrayList<>();
        ServiceLoader.load(TraceReader.class, TraceFiles.class.getClassLoader()).forEach(list::add);
        return list;
    }

    /** Reads a file with progress reporting. */
    public static Trace read(Path file, Progress progress) throws TraceFormatException {
        String name = file.toString();
        ByteBuffer data = load(file, name);
        return read(name, data, progress);
    }

    /** Reads a file without progress reporting. */
    public static Trace read(Path file) throws TraceFormatException {
        return read(file, Progress.NONE);
    }

    /** Reads content already in memory (a gzip stream is inflated first); a null progress means none. */
    public static Trace read(String name, ByteBuffer data, Progress progress) throws TraceFormatException {
        if (progress == null) {
            progress = Progress.NONE;
        }
        if (isGzip(data)) {
            data = inflate(name, data, INFLATED_LIMIT);
        }
        if (data.remaining() == 0) {
            throw TraceFormatException.atOffset(name, 0, "empty file");
        }
        byte[] head = new byte[Math.min(4096, data.remaining())];
        data.duplicate().get(head);
        for (TraceReader reader : readers()) {
            if (reader.canRead(head)) {
                return readMapped(reader, name, data.duplicate(), progress);
            }
        }
        throw TraceFormatException.atOffset(name, 0, "not a trace ura can read (unknown content starting "
                + describeHead(head) + ")");
    }

    private static Trace readMapped(TraceReader reader, String name, ByteBuffer data, Progress progress)
            throws TraceFormatException {
        try {
            return reader.read(name, data, progress);
        } catch (InternalError e) {
            // The JVM reports a fault on a memory-mapped page this way, e.g. when another
            // process truncates the file while it is being read.
            throw TraceFormatException.ofFile(name, "the file changed or became unreadable while it was read", e);
        }
    }

    private static ByteBuffer load(Path file, String name) throws TraceFormatException {
        if (Files.isDirectory(file)) {
            throw TraceFormatException.ofFile(name, "is a directory, not a trace file", null);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // A FIFO or device would block the open or stream without end; traces are regular files.
            throw TraceFormatException.ofFile(name, "not a regular file", null);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0) {
                throw TraceFormatException.atOffset(name, 0, "empty file");
            }
            if (size > Integer.MAX_VALUE) {
                throw TraceFormatException.ofFile(name, "file is larger than 2 GiB (" + size + " bytes)", null);
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
        } catch (NoSuchFileException e) {
            throw TraceFormatException.ofFile(name, "no such file", e);
        } catch (AccessDeniedException e) {
            throw TraceFormatException.ofFile(name, "cannot read: permission denied", e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read: " + e.getMessage(), e);
        }
    }

    static boolean isGzip(ByteBuffer data) {
        return data.remaining() >= 2 && (data.get(data.position()) & 0xFF) == 0x1F
                && (data.get(data.position() + 1) & 0xFF) == 0x8B;
    }

    /** Inflates a gzip stream; content larger than {@code limit} bytes is refused. */
    static ByteBuffer inflate(String name, ByteBuffer data, long limit) throws TraceFormatException {
        try (InputStream in = new GZIPInputStream(new ByteBufferInputStream(data.duplicate()), 1 << 16)) {
            byte[] buf = new byte[(int) Math.min(limit, Math.max(1 << 16, (long) data.remaining() * 4))];
            int n = 0;
            while (true) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
                if (n == buf.length) {
                    if (buf.length >= limit) {
                        if (in.read() < 0) {
                            break; // exactly the limit: it fits
                        }
                        throw TraceFormatException.ofFile(name, "gzip content inflates to more than " + limit
                                + " bytes (limit: a quarter of the heap, at most 2 GiB); gunzip it first", null);
                    }
                    buf = java.util.Arrays.copyOf(buf, (int) Math.min(limit, (long) buf.length * 2));
                }
            }
            return ByteBuffer.wrap(buf, 0, n).slice();
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "corrupt gzip data: " + e.getMessage(), e);
        }
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
