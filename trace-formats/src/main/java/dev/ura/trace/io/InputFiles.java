package dev.ura.trace.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one guard every file ura reads goes through (traces, sidecars, rule files, run series): it
 * must be a regular file (after following links) no larger than a limit, else a one-line
 * {@link TraceFormatException} naming the file. Opening a FIFO blocks until a writer comes and a
 * link to {@code /dev/zero} never ends, so both are refused before they are opened.
 */
public final class InputFiles {
    /** The largest file any reader accepts (a mapped buffer is at most 2 GiB). */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 64;

    private InputFiles() {
    }

    /**
     * Checks that {@code file} is a readable regular file of at most {@code limit} bytes and returns
     * its size.
     *
     * @param what what the file is meant to be, for messages ("rule file", "sidecar")
     */
    public static long check(Path file, long limit, String what) throws TraceFormatException {
        String name = file.toString();
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw TraceFormatException.ofFile(name, "no such file", e);
        } catch (AccessDeniedException e) {
            throw TraceFormatException.ofFile(name, "cannot read: permission denied", e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read: " + e.getMessage(), e);
        }
        if (a.isDirectory()) {
            throw TraceFormatException.ofFile(name, "is a directory, not a " + what, null);
        }
        if (!a.isRegularFile()) {
            throw TraceFormatException.ofFile(name, "not a regular file", null);
        }
        if (a.size() > limit) {
            throw TraceFormatException.ofFile(name, what + " is too large: " + a.size() + " bytes (limit "
                    + limit + ")", null);
        }
        return a.size();
    }

    /**
     * Reads a whole small file after {@link #check}. Reading stops one byte past the limit, so a file
     * that grows (or a special file that claims size 0) cannot make it read without end.
     */
    public static byte[] readAll(Path file, long limit, String what) throws TraceFormatException {
        check(file, limit, what);
        String name = file.toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
             InputStream in = Channels.newInputStream(ch)) {
            byte[] bytes = in.readNBytes((int) Math.min(limit + 1, MAX_BYTES));
            if (bytes.length > limit) {
                throw TraceFormatException.ofFile(name, what + " is too large: more than " + limit + " bytes", null);
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw TraceFormatException.ofFile(name, "no such file", e);
        } catch (AccessDeniedException e) {
            throw TraceFormatException.ofFile(name, "cannot read: permission denied", e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Memory-maps a checked file read-only (a trace; at most {@link #MAX_BYTES}). */
    public static ByteBuffer map(Path file, String what) throws TraceFormatException {
        MappedInput in = openMapped(file, what);
        try {
            in.close();
        } catch (IOException e) {
            // the mapping is made and stays valid; a failed close of a read-only channel loses nothing
        }
        return in.data();
    }

    /**
     * Opens and memory-maps a checked file read-only (a trace; at most {@link #MAX_BYTES}), keeping
     * it open for positional reads of its bulk ({@link MappedInput}); the caller closes it.
     */
    public static MappedInput openMapped(Path file, String what) throws TraceFormatException {
        long size = check(file, MAX_BYTES, what);
        String name = file.toString();
        if (size == 0) {
            throw TraceFormatException.atOffset(name, 0, "empty file");
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
            long now = ch.size();
            if (now == 0) {
                throw TraceFormatException.atOffset(name, 0, "empty file");
            }
            if (now > MAX_BYTES) {
                throw TraceFormatException.ofFile(name, what + " is too large: " + now + " bytes (limit "
                        + MAX_BYTES + ")", null);
            }
            MappedInput in = new MappedInput(name, ch, ch.map(FileChannel.MapMode.READ_ONLY, 0, now));
            ch = null;
            return in;
        } catch (NoSuchFileException e) {
            throw TraceFormatException.ofFile(name, "no such file", e);
        } catch (AccessDeniedException e) {
            throw TraceFormatException.ofFile(name, "cannot read: permission denied", e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read: " + e.getMessage(), e);
        } finally {
            closeQuietly(ch);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // already failing; the first error is the one reported
            }
        }
    }

    /** Opens a checked file as a stream (a large text file read line by line). */
    public static InputStream open(Path file, long limit, String what) throws TraceFormatException {
        check(file, limit, what);
        try {
            return Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw TraceFormatException.ofFile(file.toString(), "no such file", e);
        } catch (AccessDeniedException e) {
            throw TraceFormatException.ofFile(file.toString(), "cannot read: permission denied", e);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(file.toString(), "cannot read: " + e.getMessage(), e);
        }
    }
}
