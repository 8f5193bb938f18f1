package dev.ura.trace.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replaces a file's content so that a crash leaves the old or the new file, never half of one, and
 * the replacement behaves like an edit in place: a symbolic link is written through (the link stays,
 * its target changes), the file keeps its permissions, and both the file and its folder are synced
 * to disk before the call returns. Temporary files are hidden siblings named after the file and the
 * writing process ({@code .NAME.PID.RANDOM.tmp}); a save first deletes those a dead process left
 * behind, so a killed save costs disk space only until the next one.
 */
public final class AtomicWriter {
    /** Temporaries of an unknown writer (no pid in the name) older than this are stale. */
    static final long STALE_UNKNOWN_MS = 10 * 60_000L;
    private static final int MAX_LINKS = 40;
    /**
     * Temporaries this process is writing now. A temporary named with our own pid is stale (left by
     * a save that failed without cleaning up) only when no thread of ours is writing it: two saves
     * of one file from two threads must not delete each other's temporary.
     */
    private static final Set<Path> IN_FLIGHT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Writes the content to a stream (closing it is the writer's job, not the body's). */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** The points of a write at which a test may inject a failure or look at the disk (a simulated kill). */
    enum Step { CREATED, WRITTEN, SYNCED, RENAMED }

    /** A test's observer of the steps; {@code null} in production. */
    @FunctionalInterface
    interface StepHook {
        void at(Step step, Path target, Path tmp) throws IOException;
    }

    static volatile StepHook hook;

    private AtomicWriter() {
    }

    /** Replaces {@code file} (or the file its link chain ends at) with what {@code body} writes. */
    public static void write(Path file, Body body) throws IOException {
        Path target = resolveLinks(file);
        if (Files.exists(target) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            // A FIFO, a device or a folder is not the user's file to replace; writing into a FIFO
            // or device instead would block or pass for success, so both are refused.
            throw new FileSystemException(file.toString(), null, "not a regular file; not replaced");
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            // An edit in place would fail on a read-only file; a rename would not, so ask first.
            throw new java.nio.file.AccessDeniedException(file.toString(), null, "permission denied; not replaced");
        }
        Path dir = target.toAbsolutePath().getParent();
        String name = target.getFileName().toString();
        cleanStale(dir, name);
        Set<PosixFilePermission> keep = permissions(target);
        Path tmp = dir.resolve("." + name + "." + ProcessHandle.current().pid() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + ".tmp");
        IN_FLIGHT.add(tmp);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
                step(Step.CREATED, target, tmp);
                body.writeTo(new NonClosing(out));
                out.flush();
                step(Step.WRITTEN, target, tmp);
                ch.force(true);
            }
            step(Step.SYNCED, target, tmp);
            if (keep != null) {
                Files.setPosixFilePermissions(tmp, keep);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            step(Step.RENAMED, target, tmp);
            syncFolder(dir);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } finally {
                IN_FLIGHT.remove(tmp);
            }
        }
    }

    private static void step(Step step, Path target, Path tmp) throws IOException {
        StepHook h = hook;
        if (h != null) {
            h.at(step, target, tmp);
        }
    }

    /** Writes {@code bytes} as the file's new content. */
    public static void write(Path file, byte[] bytes) throws IOException {
        write(file, out -> out.write(bytes));
    }

    /** The path a chain of symbolic links ends at (which need not exist yet). */
    public static Path resolveLinks(Path file) throws IOException {
        Path p = file.toAbsolutePath();
        for (int i = 0; i < MAX_LINKS && Files.isSymbolicLink(p); i++) {
            p = p.getParent().resolve(Files.readSymbolicLink(p)).normalize();
        }
        if (Files.isSymbolicLink(p)) {
            throw new FileSystemException(file.toString(), null, "too many levels of symbolic links");
        }
        return p;
    }

    private static Set<PosixFilePermission> permissions(Path target) throws IOException {
        if (!Files.exists(target)) {
            return null; // a new file: the process's umask decides, as for any file ura creates
        }
        PosixFileAttributeView view = Files.getFileAttributeView(target, PosixFileAttributeView.class);
        return view == null ? null : view.readAttributes().permissions();
    }

    /** Deletes this file's temporaries left by processes that no longer run. */
    static void cleanStale(Path dir, String name) throws IOException {
        String prefix = "." + name + ".";
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith("." + name) && n.endsWith(".tmp");
        })) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                long pid = pidOf(n, prefix);
                boolean stale;
                if (pid > 0) {
                    stale = pid == ProcessHandle.current().pid() ? !IN_FLIGHT.contains(p) : ProcessHandle.of(pid).isEmpty();
                } else {
                    FileTime t = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                    stale = now - t.toMillis() > STALE_UNKNOWN_MS;
                }
                if (stale && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The pid in {@code .NAME.PID.RANDOM.tmp}, or -1 for another shape (an older writer's name). */
    static long pidOf(String tmpName, String prefix) {
        if (!tmpName.startsWith(prefix)) {
            return -1;
        }
        String rest = tmpName.substring(prefix.length(), tmpName.length() - ".tmp".length());
        int dot = rest.indexOf('.');
        if (dot <= 0 || rest.indexOf('.', dot + 1) >= 0) {
            return -1;
        }
        try {
            return Long.parseLong(rest.substring(0, dot));
        } catch (NumberFormatException e) {
            return -1; // not one of ours: judged by its age instead
        }
    }

    private static void syncFolder(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some platforms cannot open or sync a directory; the rename is done and the data synced,
            // so only the folder entry's durability is left to the OS there.
            if (Files.isDirectory(dir) && !System.getProperty("os.name", "").toLowerCase().contains("win")) {
                throw e;
            }
        }
    }

    /** Lets a body close its stream (Jackson does) without closing ours before the sync. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
