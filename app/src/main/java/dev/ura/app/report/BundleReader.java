package dev.ura.app.report;

import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.TraceFormatException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Opens a report bundle safely. Only flat bundles are accepted: every entry must be a plain file
 * name (no folders, {@code ..}, absolute paths or drive letters), so nothing can be written
 * outside the folder it is extracted to (zip-slip). Sizes are counted while inflating, never
 * taken from the headers: the whole bundle may inflate to at most {@link #maxBytes()} and no
 * entry beyond {@value #MAX_RATIO} times its compressed size plus 1 MB (a zip bomb). Every
 * problem is an {@link IOException} with a one-line message naming the bundle and the entry.
 */
public final class BundleReader {
    static final int MAX_ENTRIES = 64;
    static final int MAX_RATIO = 200;
    /** Manifest, sidecar and summary are small; a bigger one is not a bundle this code wrote. */
    static final long MAX_SMALL = 16L << 20;
    private static final long SLACK = 1L << 20;

    private BundleReader() {
    }

    /**
     * An extracted bundle.
     *
     * @param dir      where it was extracted
     * @param trace    the trace file in it
     * @param manifest what {@code bundle.json} says
     */
    public record Opened(Path dir, Path trace, ReportBundle manifest) {
    }

    /** The most a bundle may inflate to (default 2 GiB; {@code -Dura.bundle.maxBytes=N} changes it). */
    public static long maxBytes() {
        return Long.getLong("ura.bundle.maxBytes", 2L << 30);
    }

    /** Extracts {@code zip} into a new temporary folder. */
    public static Opened open(Path zip) throws IOException {
        Path dir = Files.createTempDirectory("ura-bundle-");
        try {
            return extract(zip, dir);
        } catch (IOException e) {
            delete(dir);
            throw e;
        }
    }

    /** Extracts {@code zip} into {@code dir} (which should be empty) and reads its manifest. */
    public static Opened extract(Path zip, Path dir) throws IOException {
        String name = zip.getFileName().toString();
        try {
            // The one input guard: a FIFO named *.ura.zip blocked the opening forever, a folder or
            // a device gave a zip error; only a regular file is opened.
            InputFiles.check(zip, Long.MAX_VALUE, "report bundle");
        } catch (TraceFormatException e) {
            throw new IOException(name + ": " + e.problem(), e);
        }
        try (ZipFile file = new ZipFile(zip.toFile())) {
            Set<String> seen = new HashSet<>();
            long total = 0;
            int count = 0;
            Enumeration<? extends ZipEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (++count > MAX_ENTRIES) {
                    throw fail(name, "more than " + MAX_ENTRIES + " entries; not a ura report bundle");
                }
                String entry = e.getName();
                if (e.isDirectory() || !plainName(entry)) {
                    throw fail(name, "entry '" + printable(entry) + "' is not a plain file name; refusing to extract it");
                }
                if (!seen.add(entry)) {
                    throw fail(name, "entry '" + printable(entry) + "' appears twice");
                }
                total += copy(file, e, dir.resolve(entry), name, maxBytes() - total);
            }
            ReportBundle manifest = manifest(dir, name, seen);
            return new Opened(dir, dir.resolve(manifest.trace()), manifest);
        } catch (ZipException e) {
            throw new IOException(name + ": not a readable zip file (" + e.getMessage() + ")", e);
        }
    }

    private static ReportBundle manifest(Path dir, String name, Set<String> entries) throws IOException {
        if (!entries.contains(ReportBundle.MANIFEST)) {
            throw fail(name, "no " + ReportBundle.MANIFEST + "; not a ura report bundle");
        }
        ReportBundle m;
        try {
            m = ReportBundle.JSON.readValue(dir.resolve(ReportBundle.MANIFEST).toFile(), ReportBundle.class);
        } catch (IOException e) {
            String msg = e.getMessage() == null ? "unreadable" : e.getMessage().lines().findFirst().orElse("unreadable");
            throw fail(name, ReportBundle.MANIFEST + " cannot be read (" + msg + ")");
        }
        if (m == null || m.version() < 1) {
            throw fail(name, ReportBundle.MANIFEST + " has no version");
        }
        if (m.version() > ReportBundle.VERSION) {
            throw fail(name, "written by a newer ura (bundle version " + m.version() + ")");
        }
        if (m.trace() == null || !entries.contains(m.trace())) {
            throw fail(name, "the trace named in " + ReportBundle.MANIFEST + " is not in the bundle");
        }
        if (m.sidecar() != null && !entries.contains(m.sidecar())) {
            throw fail(name, "the annotations named in " + ReportBundle.MANIFEST + " are not in the bundle");
        }
        if (m.sidecar() != null && !m.sidecar().equals(m.trace() + ".ura.json")) {
            throw fail(name, "the annotations must be named after the trace (" + m.trace() + ".ura.json)");
        }
        return m;
    }

    /** Inflates one entry, counting bytes; returns how many were written. */
    private static long copy(ZipFile file, ZipEntry e, Path to, String name, long budget) throws IOException {
        boolean small = e.getName().equals(ReportBundle.MANIFEST) || e.getName().endsWith(".json")
                || e.getName().endsWith(".md");
        long limit = Math.min(budget, small ? MAX_SMALL : Long.MAX_VALUE);
        long compressed = e.getCompressedSize() < 0 ? 0 : e.getCompressedSize();
        long ratioLimit = compressed * MAX_RATIO + SLACK;
        long written = 0;
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = file.getInputStream(e); OutputStream out = Files.newOutputStream(to)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                written += n;
                if (written > limit) {
                    throw fail(name, "entry '" + printable(e.getName()) + "' inflates beyond "
                            + (small ? "the " + (MAX_SMALL >> 20) + " MB allowed for it" : "the bundle's limit of "
                            + (maxBytes() >> 20) + " MB"));
                }
                if (written > ratioLimit) {
                    throw fail(name, "entry '" + printable(e.getName()) + "' inflates more than " + MAX_RATIO
                            + " times its stored size (a zip bomb?)");
                }
                out.write(buf, 0, n);
            }
        } catch (ZipException z) {
            throw fail(name, "entry '" + printable(e.getName()) + "' is corrupt (" + z.getMessage() + ")");
        }
        return written;
    }

    /** Removes a flat extraction folder (best effort: a leftover temporary file harms nothing). */
    private static void delete(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // the folder is in the temporary directory, which the OS cleans
        }
    }

    /** A name that stays inside the folder it is extracted to on every OS. */
    static boolean plainName(String n) {
        if (n == null || n.isEmpty() || n.length() > 255 || n.equals(".") || n.equals("..")) {
            return false;
        }
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            if (c == '/' || c == '\\' || c == ':' || c < 0x20 || c == 0x7F) {
                return false;
            }
        }
        return true;
    }

    private static String printable(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length() && out.length() < 80; i++) {
            char c = s.charAt(i);
            out.append(c < 0x20 || c == 0x7F ? '?' : c);
        }
        return out.toString();
    }

    private static IOException fail(String bundle, String what) {
        return new IOException(bundle + ": " + what);
    }
}
