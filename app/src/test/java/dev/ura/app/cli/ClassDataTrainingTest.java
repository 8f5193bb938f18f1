package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command of the class-data-sharing training run succeeds on the trace the package trains
 * on: one that failed would make train.sh drop the archive, and the installed ura would start
 * slowly without saying why.
 */
class ClassDataTrainingTest {
    @TempDir
    Path dir;

    @Test
    void everyTrainingCommandSucceedsOnThePackagedTrainingTrace() {
        String trace = Path.of("../sample-traces/samples/news-launch.trace").toString();
        Path png = dir.resolve("training.png");
        var commands = ClassDataTraining.commands(trace, png.toString());
        assertThat(commands).extracting(c -> c[0])
                .contains("info", "profile", "analyze", "callgraph", "export-png");
        for (String[] command : commands) {
            StringWriter err = new StringWriter();
            int code = UraCommand.run(command, new PrintWriter(Writer.nullWriter()), new PrintWriter(err));
            assertThat(code).as(String.join(" ", command) + ": " + err).isZero();
        }
        assertThat(Files.exists(png)).isTrue();
    }

    /**
     * The {@code --info} run (ura-info.jsa) reads a method trace, a systrace HTML, an agent log and
     * a Perfetto trace, each without a failure, so the archive holds each reader's classes.
     */
    @Test
    void theInfoRunReadsEveryKindOfFile() throws Exception {
        String trace = Path.of("../sample-traces/samples/news-launch.trace").toString();
        var files = ClassDataTraining.infoFiles(trace, dir);
        assertThat(files).hasSize(4).first().isEqualTo(trace);
        assertThat(files).anyMatch(f -> f.endsWith("training.html")).anyMatch(f -> f.endsWith(".jsonl"))
                .anyMatch(f -> f.endsWith(".perfetto-trace"));
        var commands = ClassDataTraining.infoCommands(files);
        assertThat(commands).hasSize(8).allMatch(c -> c[0].equals("info"));
        for (String[] command : commands) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = UraCommand.run(command, new PrintWriter(out), new PrintWriter(err));
            assertThat(code).as(String.join(" ", command) + ": " + err).isZero();
            assertThat(err.toString()).as(String.join(" ", command)).isEmpty();
        }
        // The HTML is catapult's legacy form with the lines written in SYSTRACE_HTML: 7 event lines
        // (two switches, three atrace markers, a waking and its wakeup), read without a warning.
        StringWriter out = new StringWriter();
        UraCommand.run(new String[]{"info", files.get(1)}, new PrintWriter(out), new PrintWriter(Writer.nullWriter()));
        assertThat(out.toString()).contains("format    systrace (legacy-html)").contains("records   7")
                .doesNotContain("warnings");
    }
}
