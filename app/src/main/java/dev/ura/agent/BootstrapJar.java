package dev.ura.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Writes the runtime classes found where {@code anchor} was loaded from into a temporary jar. */
    static File write(Class<?> anchor) throws IOException {
        Path source;
        try {
            source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("cannot locate the agent's classes: " + e);
        }
        File jar = File.createTempFile("ura-agent-rt", ".jar");
        jar.deleteOnExit();
        int count = 0;
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar.toPath()))) {
            if (Files.isDirectory(source)) {
                for (Path p : classesIn(source.resolve(RT))) {
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
        return jar;
    }

    private static List<Path> classesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(p -> p.toString().endsWith(".class")).toList());
        }
    }

    private static void copy(JarOutputStream out, String name, InputStream in) throws IOException {
        out.putNextEntry(new JarEntry(name));
        in.transferTo((OutputStream) out);
        out.closeEntry();
    }
}
