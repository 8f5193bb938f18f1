package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A report bundle opens in the window (docs/cli.md), not in the commands; given to a command it is
 * named for what it is, with what to do, instead of "unknown content starting 50 4b 03 04".
 */
class BundleAsTraceCliTest {
    @TempDir
    Path dir;

    private static int run(StringWriter err, String... args) {
        return UraCommand.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    }

    @Test
    void aBundleGivenToACommandIsNamedAsABundle() throws Exception {
        Path trace = Files.write(dir.resolve("news.trace"), dev.ura.samples.Samples.bytes("/samples/news-launch.trace"));
        Path bundle = dir.resolve("bug.ura.zip");
        StringWriter made = new StringWriter();
        assertThat(run(made, "report", trace.toString(), "-o", bundle.toString())).as(made.toString()).isZero();
        for (String command : List.of("info", "analyze", "profile", "callgraph")) {
            StringWriter err = new StringWriter();
            assertThat(run(err, command, bundle.toString())).as(command).isEqualTo(UraCommand.EXIT_BAD_INPUT);
            assertThat(err.toString()).as(command).isEqualTo("ura: " + bundle + ": a ura report bundle, not a trace: open it"
                    + " in the window (ura bug.ura.zip), or unzip it and give this command the trace inside"
                    + System.lineSeparator());
        }
    }

    @Test
    void anyOtherUnreadableFileKeepsItsMessage() throws Exception {
        Path zip = Files.write(dir.resolve("bug.zip"), new byte[]{'P', 'K', 3, 4, 0, 0, 0, 0});
        StringWriter err = new StringWriter();
        assertThat(run(err, "info", zip.toString())).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(err.toString()).startsWith("ura: " + zip + ": at byte 0: not a trace ura can read");
    }
}
