package dev.ura.agent;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Set;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Puts the agent's runtime ({@code dev.ura.agent.rt}) on the boot class path: JDK classes are
 * loaded by the boot loader, so the hooks they call must be found there. Only those few classes go
 * there (copied into a temporary jar), never the rest of ura.jar, whose libraries would then shadow
 * the app's own copies.
 */
final class BootstrapJar {
    static final String RT = "dev/ura/agent/rt/";

    private BootstrapJar() {
    }

    /** Entry times are fixed so that the same classes always make the same jar, byte for byte. */
    private static final long ENTRY_TIME = 946_684_800_000L; // 2000-01-01

    /**
     * The jar of the runtime classes found where {@code anchor} was loaded from, in the temporary
     * folder. Its name carries a hash of its content ({@code ura-agent-rt-HASH.jar}), so every run
     * of one agent version reuses one file instead of leaving one per run: a file deleted on exit
     * stays after {@code Runtime.halt} or a crash. A file of that name is reused only when it is a
     * regular file of ours, writable by no one else, holding exactly those bytes; otherwise a
     * private copy is written (and deleted on exit).
     */
    static File write(Class<?> anchor) throws IOException {
        byte[] bytes = jarBytes(anchor);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path shared = tmp.resolve("ura-agent-rt-" + hash(bytes) + ".jar");
        if (reusable(shared, bytes)) {
            return shared.toFile();
        }
        Path own = Files.createTempFile(tmp, "ura-agent-rt-", ".tmp"); // private (0600) until it is complete
        try {
            Files.write(own, bytes);
            restrictToOwnerWrite(own);
            Files.move(own, shared, StandardCopyOption.ATOMIC_MOVE);
            if (reusable(shared, bytes)) {
                return shared.toFile();
            }
        } catch (IOException e) {
            // another user's file holds the name (a sticky /tmp forbids replacing it): use our copy
        }
        if (Files.exists(own)) {
            own.toFile().deleteOnExit();
            return own.toFile();
        }
        return shared.toFile();
    }

    private static byte[] jarBytes(Class<?> anchor) throws IOException {
        Path source;
        try {
            source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("cannot locate the agent's classes: " + e);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int count = 0;
        try (JarOutputStream out = new JarOutputStream(bytes)) {
            if (Files.isDirectory(source)) {
                List<Path> classes = classesIn(source.resolve(RT));
                classes.sort(null);
                for (Path p : classes) {
                    try (InputStream in = Files.newInputStream(p)) {
                        copy(out, RT + p.getFileName(), in);
                        count++;
                    }
                }
            } else {
                try (JarFile src = new JarFile(source.toFile())) {
                    Enumeration<JarEntry> entries = src.entries();
                    while (entries.hasMoreElements()) {
                        JarEntry e = entries.nextElement();
                        String name = e.getName();
                        if (name.startsWith(RT) && name.endsWith(".class") && name.indexOf('/', RT.length()) < 0) {
                            try (InputStream in = src.getInputStream(e)) {
                                copy(out, name, in);
                                count++;
                            }
                        }
                    }
                }
            }
        }
        if (count == 0) {
            throw new IOException("no agent runtime classes in " + source);
        }
        return bytes.toByteArray();
    }

    private static String hash(byte[] bytes) throws IOException {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 12; i++) {
                hex.append(Character.forDigit((d[i] >> 4) & 0xF, 16)).append(Character.forDigit(d[i] & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
    }

    /** Ours, a plain file, writable by its owner only, and exactly the expected bytes. */
    private static boolean reusable(Path p, byte[] bytes) {
        try {
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            PosixFileAttributeView posix = Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            if (posix != null) {
                PosixFileAttributes a = posix.readAttributes();
                Set<PosixFilePermission> perms = a.permissions();
                if (!a.owner().getName().equals(System.getProperty("user.name"))
                        || perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                    return false;
                }
            }
            return Files.size(p) == bytes.length && Arrays.equals(Files.readAllBytes(p), bytes);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static void restrictToOwnerWrite(Path p) throws IOException {
        if (Files.getFileAttributeView(p, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    private static List<Path> classesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(p -> p.toString().endsWith(".class")).toList());
        }
    }

    private static void copy(JarOutputStream out, String name, InputStream in) throws IOException {
        JarEntry e = new JarEntry(name);
        e.setTime(ENTRY_TIME);
        out.putNextEntry(e);
        in.transferTo((OutputStream) out);
        out.closeEntry();
    }
}
