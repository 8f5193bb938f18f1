package dev.ura.app.ui.app;

import dev.ura.samples.Samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The sample traces bundled under {@code /samples/} on the class path (from the sample-traces
 * module), found by listing that directory in a jar or on disk. Expected-result files under
 * {@code /samples/expected/} are not samples.
 */
public final class SampleCatalog {
    private SampleCatalog() {
    }

    /**
     * Resource names such as {@code /samples/news-launch.trace}: first the case studies in the
     * order of {@link Samples#all()} (so {@link Samples#DEFAULT_RESOURCE} comes first and is what
     * opens by default), then any other bundled file, sorted; empty when none is bundled.
     */
    static List<String> list() {
        URL url = SampleCatalog.class.getResource("/samples/");
        if (url == null) {
            return List.of();
        }
        try {
            List<String> names = "jar".equals(url.getProtocol()) ? fromJar(url) : fromDirectory(url);
            Set<String> bundled = new TreeSet<>(names);
            bundled.removeIf(n -> n.startsWith("/samples/expected/"));
            List<String> ordered = new ArrayList<>();
            for (Samples.Sample s : Samples.all()) {
                if (bundled.remove(s.resource())) {
                    ordered.add(s.resource());
                }
            }
            ordered.addAll(bundled);
            return List.copyOf(ordered);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the bundled samples", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("bad sample location " + url, e);
        }
    }

    private static List<String> fromJar(URL url) throws IOException {
        List<String> names = new ArrayList<>();
        JarURLConnection c = (JarURLConnection) url.openConnection();
        c.setUseCaches(false);
        try (JarFile jar = c.getJarFile()) {
            Enumeration<JarEntry> e = jar.entries();
            while (e.hasMoreElements()) {
                JarEntry entry = e.nextElement();
                if (!entry.isDirectory() && entry.getName().startsWith("samples/")) {
                    names.add("/" + entry.getName());
                }
            }
        }
        return names;
    }

    private static List<String> fromDirectory(URL url) throws IOException, URISyntaxException {
        Path dir = Path.of(url.toURI());
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .map(p -> "/samples/" + dir.relativize(p).toString().replace('\\', '/')).toList();
        }
    }
}
