package dev.ura.app.cli.bench;

import dev.ura.app.cli.UraCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23 item 11: {@code --response all} on a log of 205 responses writes 200 pictures by
 * default, with a warning naming {@code --max-responses}; the flag sets the cap. Before, every
 * response got a picture (3,000 responses: 3,000 PNGs, 71 MB) without a word.
 */
class ResponseCapCliTest {
    @TempDir
    Path dir;

    private long pngs(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".png")).count();
        }
    }

    @Test
    void responseAllIsCappedWithAWarningNamingTheFlag() throws Exception {
        Path log = dir.resolve("many.jsonl");
        new ManyResponsesWorkload().write(log, 205);
        Path out = Files.createDirectory(dir.resolve("out"));
        StringWriter err = new StringWriter();
        int code = UraCommand.run(new String[]{"export-png", log.toString(), "--response", "all", "--width", "200",
                "-o", out.resolve("p.png").toString()}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("has 205 responses; writing only the first 200")
                .contains("--max-responses N raises the cap, --max-responses 0 lifts it");
        assertThat(pngs(out)).isEqualTo(200);
        assertThat(out.resolve("p-199.png")).exists();
        assertThat(out.resolve("p-200.png")).doesNotExist();

        Path three = Files.createDirectory(dir.resolve("three"));
        StringWriter err3 = new StringWriter();
        code = UraCommand.run(new String[]{"report", log.toString(), "--response", "all", "--max-responses", "3",
                        "--width", "200", "-o", three.resolve("r.md").toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err3, true));
        assertThat(code).as(err3.toString()).isZero();
        assertThat(err3.toString()).contains("writing only the first 3, slowest first");
        assertThat(pngs(three)).isEqualTo(3);
    }
}
