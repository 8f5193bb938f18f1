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

    /** Folder name prefix of extracted bundles: {@code ura-bundle-PID-RANDOM}. */
    static final String FOLDER_PREFIX = "ura-bundle-";
    /** An extraction folder without a pid in its name (older ura) is stale after a day. */
    static final long STALE_UNKNOWN_MS = 24 * 3_600_000L;
    private static final java.util.Set<Path> EXTRACTED = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final Object HOOK_LOCK = new Object();
    private static boolean hookAdded;

    /**
     * Extracts {@code zip} into a new temporary folder, removed when the JVM exits (also on
     * SIGTERM, through a shutdown hook). Folders that processes killed with {@code kill -9} left
     * behind are removed first.
     */
    public static Opened open(Path zip) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        cleanStale(tmp);
        Path dir = Files.createTempDirectory(tmp, FOLDER_PREFIX + ProcessHandle.current().pid() + "-");
        removeAtExit(dir);
        try {
            return extract(zip, dir);
        } catch (IOException e) {
            delete(dir);
            EXTRACTED.remove(dir);
            throw e;
        }
    }

    private static void removeAtExit(Path dir) {
        EXTRACTED.add(dir);
        synchronized (HOOK_LOCK) {
            if (!hookAdded) {
                hookAdded = true;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> EXTRACTED.forEach(BundleReader::delete),
                        "ura-bundle-cleanup"));
            }
        }
    }

    /** Deletes extraction folders in {@code tmp} whose process is gone (or, without a pid, a day old). */
    static void cleanStale(Path tmp) {
        long now = System.currentTimeMillis();
        try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(tmp, FOLDER_PREFIX + "*")) {
            for (Path d : ds) {
                if (!Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS) || EXTRACTED.contains(d)) {
                    continue;
                }
                long pid = pidOf(d.getFileName().toString());
                boolean stale = pid > 0 ? pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()
                        : now - Files.getLastModifiedTime(d, java.nio.file.LinkOption.NOFOLLOW_LINKS).toMillis() > STALE_UNKNOWN_MS;
                if (stale) {
                    delete(d);
                }
            }
        } catch (IOException | SecurityException e) {
            // best effort: a leftover folder costs disk space, never correctness
        }
    }

    /** The pid in {@code ura-bundle-PID-RANDOM}, or -1 for an older name. */
    static long pidOf(String folder) {
        String rest = folder.substring(FOLDER_PREFIX.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return -1;
        }
        try {
            return Long.parseLong(rest.substring(0, dash));
        } catch (NumberFormatException e) {
            return -1;
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
        long zipSize = Files.size(zip);
        try (ZipFile file = new ZipFile(zip.toFile())) {
            checkDeclaredSizes(file, name, zipSize);
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

    /**
     * The ratio limit rests on each entry's compressed size, which the header declares: a 3 MB
     * file declaring 3 GiB passed it and wrote 2 GiB before the total limit stopped it. Entries'
     * compressed data lie in the file without overlapping, so together they cannot be larger than
     * the file; a header that says otherwise is refused before anything is inflated.
     */
    private static void checkDeclaredSizes(ZipFile file, String name, long zipSize) throws IOException {
        long sum = 0;
        Enumeration<? extends ZipEntry> entries = file.entries();
        for (int count = 0; entries.hasMoreElements() && count <= MAX_ENTRIES; count++) {
            ZipEntry e = entries.nextElement();
            long c = e.getCompressedSize();
            if (c < 0 || c > zipSize || (sum += c) > zipSize) {
                throw fail(name, "entry '" + printable(e.getName()) + "' declares " + (c < 0 ? "no" : c)
                        + " compressed bytes, more than the " + zipSize + "-byte bundle holds; refusing to inflate it");
            }
        }
    }

    private static ReportBundle manifest(Path dir, String name, Set<String> entries) throws IOException {
        if (!entries.contains(ReportBundle.MANIFEST)) {
            throw fail(name, "no " + ReportBundle.MANIFEST + "; not a ura report bundle");
        }
        ReportBundle m;
        try {
            com.fasterxml.jackson.databind.JsonNode tree = ReportBundle.JSON.readTree(dir.resolve(ReportBundle.MANIFEST).toFile());
            checkVersion(tree, name);
            m = ReportBundle.JSON.treeToValue(tree, ReportBundle.class);
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(name + ": ")) {
                throw e;
            }
            String msg = e.getMessage() == null ? "unreadable" : e.getMessage().lines().findFirst().orElse("unreadable");
            throw fail(name, ReportBundle.MANIFEST + " cannot be read (" + msg + ")");
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
        // image and summary are resolved in the extraction folder: "/etc/passwd" or "../x" would
        // point outside it, so only plain names of entries the bundle holds are accepted
        for (String[] part : new String[][]{{"image", m.image()}, {"summary", m.summary()}}) {
            if (part[1] != null && (!plainName(part[1]) || !entries.contains(part[1]))) {
                throw fail(name, ReportBundle.MANIFEST + " names " + part[0] + " '" + printable(part[1])
                        + "', which is not an entry of the bundle");
            }
        }
        return m;
    }

    /** {@code version}: a whole number from 1 to the newest this ura reads; 1.5, "1" and -1 are refused as what they are. */
    private static void checkVersion(com.fasterxml.jackson.databind.JsonNode tree, String name) throws IOException {
        com.fasterxml.jackson.databind.JsonNode v = tree == null ? null : tree.get("version");
        if (v == null || v.isNull()) {
            throw fail(name, ReportBundle.MANIFEST + " has no version");
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw fail(name, ReportBundle.MANIFEST + " version must be a whole number, got " + printable(v.toString()));
        }
        int version = v.intValue();
        if (version < 1) {
            throw fail(name, ReportBundle.MANIFEST + " version " + version + " is not valid (versions start at 1)");
        }
        if (version > ReportBundle.VERSION) {
            throw fail(name, "written by a newer ura (bundle version " + version + ")");
        }
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
        // ZipFile does not check CRCs (ZipInputStream does): a corrupt entry would pass as whole
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        try (InputStream in = file.getInputStream(e); OutputStream out = Files.newOutputStream(to)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
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
            if (e.getCrc() >= 0 && crc.getValue() != e.getCrc()) {
                throw fail(name, "entry '" + printable(e.getName()) + "' is corrupt (CRC "
                        + Long.toHexString(crc.getValue()) + ", the bundle says " + Long.toHexString(e.getCrc()) + ")");
            }
        } catch (ZipException z) {
            throw fail(name, "entry '" + printable(e.getName()) + "' is corrupt (" + z.getMessage() + ")");
        }
        return written;
    }

    /** Removes a flat extraction folder (best effort: a leftover temporary file harms nothing). */
    static void delete(Path dir) {
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
