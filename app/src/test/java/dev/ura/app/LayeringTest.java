package dev.ura.app;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layering rule of shared/design/architecture.md, checked on the sources: the model, the
 * readers and the analysis never touch AWT/Swing, and nothing below the UI imports it.
 */
class LayeringTest {
    private static final Pattern GUI_IMPORT = Pattern.compile("^import\\s+(static\\s+)?(java\\.awt|javax\\.swing)\\b",
            Pattern.MULTILINE);
    private static final Pattern UI_IMPORT = Pattern.compile("^import\\s+(static\\s+)?dev\\.ura\\.app\\.ui\\b",
            Pattern.MULTILINE);

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        return Files.exists(p.resolve("trace-formats")) ? p : p.getParent();
    }

    @Test
    void modelReadersAndAnalysisImportNoGuiToolkit() throws IOException {
        List<Path> dirs = List.of(root().resolve("trace-formats/src/main/java"),
                root().resolve("app/src/main/java/dev/ura/app/analysis"));
        assertThat(offenders(dirs, GUI_IMPORT)).isEmpty();
    }

    @Test
    void onlyTheUiImportsTheUi() throws IOException {
        List<Path> dirs = List.of(root().resolve("trace-formats/src/main/java"),
                root().resolve("app/src/main/java/dev/ura/app/analysis"),
                root().resolve("app/src/main/java/dev/ura/app/cli"));
        assertThat(offenders(dirs, UI_IMPORT)).isEmpty();
    }

    @Test
    void theScanSeesSources() throws IOException {
        assertThat(javaFiles(root().resolve("trace-formats/src/main/java"))).isNotEmpty();
    }

    private static List<String> offenders(List<Path> dirs, Pattern pattern) throws IOException {
        List<String> bad = new ArrayList<>();
        for (Path d : dirs) {
            for (Path f : javaFiles(d)) {
                if (pattern.matcher(Files.readString(f)).find()) {
                    bad.add(f.toString());
                }
            }
        }
        return bad;
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).toList();
        }
    }
}
