package dev.ura.app.batch;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The trace files a batch names: a file as it is, every file under a folder (recursively), or the
 * files a glob matches ({@code 'lab/**}{@code /*.trace'}, quoted so the shell leaves it alone). Hidden
 * files, ura's own sidecars ({@code .ura.json}) and report bundles ({@code .ura.zip}) are no traces;
 * anything else is tried, and a file no reader knows is reported as a failure of its own.
 */
public final class TraceFiles {
    /** The files found, in argument order then name order, once each; {@code unmatched} names arguments that matched nothing. */
    public record Found(List<Path> files, List<String> unmatched) {
        public Found {
            files = List.copyOf(files);
            unmatched = List.copyOf(unmatched);
        }
    }

    private TraceFiles() {
    }

    public static Found find(List<String> args) throws IOException {
        Set<Path> files = new LinkedHashSet<>();
        List<String> unmatched = new ArrayList<>();
        for (String a : args) {
            int before = files.size();
            if (isGlob(a)) {
                glob(a, files);
            } else {
                Path p = Path.of(a);
                if (Files.isDirectory(p)) {
                    walk(p, path -> true, files);
                } else if (Files.exists(p)) {
                    files.add(p.normalize()); // named on its own: tried even when hidden
                }
            }
            if (files.size() == before) {
                unmatched.add(a);
            }
        }
        return new Found(new ArrayList<>(files), unmatched);
    }

    static boolean isGlob(String arg) {
        return arg.indexOf('*') >= 0 || arg.indexOf('?') >= 0 || arg.indexOf('[') >= 0 || arg.indexOf('{') >= 0;
    }

    /** The folder before the first glob character is walked; the rest is matched against the path below it. */
    private static void glob(String pattern, Set<Path> into) throws IOException {
        String normalized = pattern.replace('\\', '/');
        int firstGlob = normalized.length();
        for (char c : new char[] {'*', '?', '[', '{'}) {
            int i = normalized.indexOf(c);
            if (i >= 0) {
                firstGlob = Math.min(firstGlob, i);
            }
        }
        int slash = normalized.lastIndexOf('/', firstGlob);
        Path base = slash < 0 ? Path.of(".") : Path.of(slash == 0 ? "/" : normalized.substring(0, slash));
        String rest = normalized.substring(slash + 1);
        if (!Files.isDirectory(base)) {
            return;
        }
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + rest);
        walk(base, p -> m.matches(base.relativize(p)), into);
    }

    private interface Filter {
        boolean accept(Path p);
    }

    private static void walk(Path dir, Filter filter, Set<Path> into) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(Files::isRegularFile)
                    .filter(p -> !dir.relativize(p).toString().startsWith(".") && !p.toString().contains("/."))
                    .filter(p -> isTraceCandidate(p.getFileName().toString()))
                    .filter(filter::accept)
                    .map(Path::normalize)
                    .sorted()
                    .forEach(into::add);
        }
    }

    /** Whether a file found in a folder may be a trace (not hidden, not a sidecar or report bundle); also used by ura-spark. */
    public static boolean isTraceCandidate(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return !n.startsWith(".") && !n.endsWith(".ura.json") && !n.endsWith(".ura.zip");
    }
}
