package dev.ura.app.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Users have the repository, never the engineers' shared folder: the README, every {@code --help}
 * and the docs must point at {@code docs/…} files that exist.
 */
class DocsPointersTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern DOC_REF = Pattern.compile("docs/[A-Za-z0-9_.-]+\\.(md|png)");

    @Test
    void helpOfEveryCommandPointsAtDocsNotShared() {
        String top = help("--help");
        assertThat(top).contains("docs/cli.md");
        List<String> texts = new ArrayList<>(List.of(top));
        for (String command : UraCommand.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                .getSubcommands().keySet()) {
            texts.add(help(command, "--help"));
        }
        for (String text : texts) {
            assertThat(text).doesNotContain("shared/");
            Matcher m = DOC_REF.matcher(text);
            while (m.find()) {
                assertThat(REPO.resolve(m.group())).as("referenced from --help").isRegularFile();
            }
        }
    }

    @Test
    void readmeAndDocsLinkOnlyToFilesInTheRepo() throws IOException {
        List<Path> files = new ArrayList<>(List.of(REPO.resolve("README.md")));
        try (Stream<Path> docs = Files.list(REPO.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("cli.md", "agent-log-v1.md", "android-method-rules.md", "android-trace-format.md",
                        "perfetto-system-trace.md");
        for (Path f : files) {
            String text = Files.readString(f);
            assertThat(text).as(f.toString()).doesNotContain("../shared").doesNotContain("shared/design")
                    .doesNotContain("shared/formats");
            Matcher links = Pattern.compile("\\]\\(([^)#: ]+)(#[^)]*)?\\)").matcher(text);
            while (links.find()) {
                assertThat(f.getParent().resolve(links.group(1))).as("link in " + f).exists();
            }
        }
    }

    private static String help(String... args) {
        StringWriter out = new StringWriter();
        UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
        return out.toString();
    }
}
