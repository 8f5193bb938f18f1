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
}
