package dev.ura.trace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.GoldenDump;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One golden set per reader, in the repository (so a clone without the shared traces runs them):
 * {@code src/test/resources/golden/READER/FILE} is read through {@link TraceFiles} (content
 * sniffing included) and dumped ({@link GoldenDump}); the dump must equal {@code FILE.expected}.
 * The fixtures are small files written by ura's own writers or by hand, and each expected file
 * was written from the fixture and the format notes in {@code docs/}. Run with
 * {@code -Dura.golden.update=true} to rewrite the expected files after a deliberate change, then
 * review the diff.
 */
class ReaderGoldenTest {
    private static final Path ROOT = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("ura.golden.update");

    @TestFactory
    Stream<DynamicTest> everyFixtureMatchesItsExpectedDump() throws IOException {
        return fixtures().stream().map(f -> DynamicTest.dynamicTest(ROOT.relativize(f).toString(), () -> {
            Trace t = TraceFiles.read(f);
            String dump = GoldenDump.of(t);
            Path expected = f.resolveSibling(f.getFileName() + ".expected");
            if (UPDATE) {
                Files.writeString(expected, dump, StandardCharsets.UTF_8);
            }
            assertThat(expected).as("expected dump beside the fixture").exists();
            assertThat(dump).isEqualTo(Files.readString(expected, StandardCharsets.UTF_8));
        }));
    }

    @Test
    void everyReaderHasAGoldenSet() throws IOException {
        assertThat(fixtures()).extracting(f -> ROOT.relativize(f).getName(0).toString()).contains(
                "android", "agentlog", "chrome", "checkpoint", "pvtrace");
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".expected")).sorted().toList();
        }
    }
}
