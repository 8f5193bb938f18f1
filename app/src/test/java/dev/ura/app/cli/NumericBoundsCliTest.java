package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23 item 9: an out-of-range number in an option or in a sidecar's response set by hand is
 * one line and exit 2 (option) or a sidecar ignored with the picture still made, never "internal
 * error: sink N is not reachable".
 */
class NumericBoundsCliTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    private Path sample() throws IOException {
        return Files.write(dir.resolve("browser.jsonl"), dev.ura.samples.Samples.bytes("/samples/browser-page.jsonl"));
    }

    @Test
    void outOfRangeNumbersAreOneLineAndExit2() throws Exception {
        String t = sample().toString();
        List<String[]> cases = List.of(
                new String[]{"analyze", t, "--from", "-9223372036854775808", "--to", "5"},
                new String[]{"analyze", t, "--from", "0", "--to", "9223372036854775807"},
                new String[]{"analyze", t, "--from", "0", "--to", "9223372036854775808"},
                new String[]{"profile", t, "--from", "-9223372036854775808"},
                new String[]{"callgraph", t, "--to", "9223372036854775807"},
                new String[]{"profile", t, "--top", "-1"},
                new String[]{"diff", t, t, "--tolerance", "Infinity"},
                new String[]{"record", "--pid", "-3", "-o", dir.resolve("x.jsonl").toString()},
                new String[]{"export-png", t, "-o", dir.resolve("x.png").toString(), "--width", "99999999999"},
                new String[]{"export-png", t, "-o", dir.resolve("x.png").toString(), "--max-responses", "-1"},
                new String[]{"report", t, "-o", dir.resolve("x.md").toString(), "--width", "0"});
        for (String[] args : cases) {
            Result r = run(args);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(UraCommand.EXIT_USAGE);
            assertThat(r.err()).as(String.join(" ", args)).startsWith("ura: ").doesNotContain("internal error");
            assertThat(r.err().strip().lines()).as(String.join(" ", args)).hasSize(1);
        }
        assertThat(run(cases.get(0)).err()).isEqualTo("ura: --from -9223372036854775808 is out of range: times are within"
                + " ±4611686018427387904 ns" + System.lineSeparator());
    }

    /** The same value in a sidecar's response set by hand: ignored (detection runs), the picture and report are made. */
    @Test
    void anOutOfRangeSidecarWindowDoesNotBreakExportOrReport() throws Exception {
        Path t = sample();
        Files.writeString(dir.resolve("browser.jsonl.ura.json"), "{\"version\":1,\"trace\":\"browser.jsonl\",\"annotations\":[],"
                + "\"responseByHand\":{\"fromNs\":-9223372036854775808,\"toNs\":5}}");
        Result png = run("export-png", t.toString(), "-o", dir.resolve("e.png").toString());
        assertThat(png.code()).as(png.err()).isZero();
        assertThat(png.err()).doesNotContain("internal error");
        Result md = run("report", t.toString(), "-o", dir.resolve("r.md").toString());
        assertThat(md.code()).as(md.err()).isZero();
        assertThat(dir.resolve("r.png")).exists();
    }
}
