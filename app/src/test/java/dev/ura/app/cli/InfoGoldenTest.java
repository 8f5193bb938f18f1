package dev.ura.app.cli;

import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ura info --json} on every real Android trace, compared with the checked-in output under
 * {@code src/test/resources/golden/info/}. Run with {@code -Dura.golden.rewrite=true} to rewrite
 * them after an intended change, then review the diff.
 */
class InfoGoldenTest {
    /** Files the README says must be refused. */
    static final Set<String> MALFORMED = Set.of("sentry/malformed.trace", "sentry/version_2.trace",
            "perflib-header.trace");
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "info");
    private static final boolean REWRITE = Boolean.getBoolean("ura.golden.rewrite");

    @TestFactory
    Stream<DynamicTest> infoJsonMatchesGolden() throws IOException {
        Path root = SharedFiles.require("traces/android");
        return realTraces(root).stream().filter(rel -> !MALFORMED.contains(rel))
                .map(rel -> DynamicTest.dynamicTest(rel, () -> check(root, rel)));
    }

    static List<String> realTraces(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(rel -> rel.endsWith(".trace") || rel.endsWith(".trace.gz"))
                    .sorted().toList();
        }
    }

    private static void check(Path root, String rel) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(new String[]{"info", root.resolve(rel).toString(), "--json"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(err.toString()).isEmpty();
        assertThat(code).isZero();
        // The "file" field is the path as given; make it independent of where shared/ lives.
        String actual = out.toString().replace(root.toString().replace("\\", "\\\\"), "<traces/android>");
        Path golden = GOLDEN.resolve(rel + ".json");
        if (REWRITE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(golden).as("golden file (run with -Dura.golden.rewrite=true to create)").exists();
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
