package dev.ura.agent;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's rules (architecture, "The agent"): it depends on nothing of the UI or the analysis,
 * and its runtime, which goes on the boot class path, uses nothing but {@code java.*}.
 */
class AgentLayeringTest {
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?([\\w.]+)", Pattern.MULTILINE);

    private static Path agentSources() {
        Path p = Path.of("src/main/java/dev/ura/agent");
        return Files.isDirectory(p) ? p : Path.of("app/src/main/java/dev/ura/agent");
    }

    private static List<Path> sources(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> f.toString().endsWith(".java")).toList();
        }
    }

    @Test
    void theAgentUsesNothingOfTheApp() throws IOException {
        List<Path> files = sources(agentSources());
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            Matcher m = IMPORT.matcher(Files.readString(f));
            while (m.find()) {
                assertThat(m.group(2)).as(f.toString()).doesNotStartWith("dev.ura.app").doesNotStartWith("dev.ura.trace")
                        .doesNotStartWith("javax.swing").doesNotStartWith("java.awt");
            }
        }
    }

    @Test
    void theBootClassPathRuntimeUsesOnlyJavaBase() throws IOException {
        for (Path f : sources(agentSources().resolve("rt"))) {
            String text = Files.readString(f);
            Matcher m = IMPORT.matcher(text);
            while (m.find()) {
                assertThat(m.group(2)).as(f.toString()).matches("java\\.(lang|io|nio|util)(\\..*)?");
            }
            // fully qualified uses outside string literals (class names compared as strings are fine)
            assertThat(Pattern.compile("(?<![\"\\w.])(java\\.awt|javax\\.swing)\\.[\\w.]*[A-Z]").matcher(text).find())
                    .as(f.toString()).isFalse();
        }
    }
}
