package dev.ura.trace.testing;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the read-only {@code shared/} folder that sits beside the checkout (real traces, test
 * vectors). Tests that need it call {@link #require(String)}, which skips the test cleanly when
 * the folder is absent, so a plain clone still passes.
 */
public final class SharedFiles {
    private SharedFiles() {
    }

    /** The shared folder: {@code -Dura.shared=DIR}, else the first {@code ../shared} above the working directory. */
    public static Path root() {
        String prop = System.getProperty("ura.shared");
        if (prop != null) {
            return Path.of(prop);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolveSibling("shared");
            if (Files.isDirectory(candidate.resolve("traces")) || Files.isDirectory(candidate.resolve("regression"))) {
                return candidate;
            }
        }
        return Path.of("..", "shared");
    }

    /** A path under the shared folder; skips the calling test when it does not exist. */
    public static Path require(String relative) {
        Path p = root().resolve(relative);
        Assumptions.assumeTrue(Files.exists(p), "shared file absent, test skipped: " + p);
        return p;
    }
}
