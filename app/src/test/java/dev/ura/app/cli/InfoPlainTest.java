package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ura info FILE [--json]} runs without picocli ({@link InfoCommand#plain}); everything it
 * prints and returns must equal what picocli's run of the same command prints and returns. The
 * picocli run is forced with {@code --} before FILE ("the rest are parameters"), which the plain
 * path leaves to picocli.
 */
class InfoPlainTest {
    @TempDir
    Path dir;

    @Test
    void onlyPlainInfoCommandLinesSkipPicocli() {
        assertThat(InfoCommand.plain(new String[]{"info", "a.trace"})).isEqualTo(new InfoCommand.Plain(Path.of("a.trace"), false));
        assertThat(InfoCommand.plain(new String[]{"info", "a.trace", "--json"})).isEqualTo(new InfoCommand.Plain(Path.of("a.trace"), true));
        assertThat(InfoCommand.plain(new String[]{"info", "--json", "a.trace"})).isEqualTo(new InfoCommand.Plain(Path.of("a.trace"), true));
        for (String[] other : List.of(new String[]{"info"}, new String[]{"info", "--json"}, new String[]{"info", "-h"},
                new String[]{"info", "--help"}, new String[]{"info", "a", "b"}, new String[]{"info", "--json", "--json"},
                new String[]{"info", "a", "--json", "--json"}, new String[]{"info", "--full-read", "a"},
                new String[]{"info", "--debug", "a"}, new String[]{"--debug", "info", "a"}, new String[]{"info", "@args"},
                new String[]{"info", "--", "a"}, new String[]{"info", ""}, new String[]{"info", "a\0b"},
                new String[]{"analyze", "a"}, new String[]{"a.trace"}, new String[]{})) {
            assertThat(InfoCommand.plain(other)).as(String.join(" ", other)).isNull();
        }
    }

    @Test
    void plainRunsPrintAndReturnWhatPicocliRunsDo() throws IOException {
        Path method = dir.resolve("news-launch.trace");
        Files.write(method, dev.ura.samples.Samples.bytes("/samples/news-launch.trace"));
        Path agent = dir.resolve("news-launch.jsonl");
        Files.write(agent, dev.ura.samples.Samples.bytes("/samples/news-launch.jsonl"));
        Path html = dir.resolve("training.html");
        Files.writeString(html, ClassDataTraining.SYSTRACE_HTML, StandardCharsets.UTF_8);
        Path cut = dir.resolve("cut.html"); // the HTML cut inside its trace text: read, with a warning
        Files.writeString(cut, ClassDataTraining.SYSTRACE_HTML.substring(0, 400), StandardCharsets.UTF_8);
        Path garbage = dir.resolve("garbage.trace");
        Files.write(garbage, new byte[]{'S', 'L', 'O', 'W', 0, 1, 2});
        Path empty = Files.createFile(dir.resolve("empty.trace"));
        List<Path> files = new ArrayList<>(List.of(method, agent, html, cut, garbage, empty, dir, dir.resolve("missing")));
        for (Path f : files) {
            for (boolean json : new boolean[]{false, true}) {
                String[] plain = json ? new String[]{"info", f.toString(), "--json"} : new String[]{"info", f.toString()};
                String[] picocli = json ? new String[]{"info", "--json", "--", f.toString()}
                        : new String[]{"info", "--", f.toString()};
                assertThat(InfoCommand.plain(plain)).isNotNull();
                assertThat(InfoCommand.plain(picocli)).isNull();
                assertThat(run(plain)).as(String.join(" ", plain)).isEqualTo(run(picocli));
            }
        }
        assertThat(run(new String[]{"info", html.toString()})).contains("legacy-html", "exit 0");
        assertThat(run(new String[]{"info", garbage.toString()})).contains("exit 1", "ura: ");
    }

    private static String run(String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return "exit " + code + "\n--- out\n" + out + "--- err\n" + err;
    }
}
