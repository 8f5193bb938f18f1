package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * {@code regress} on inputs that used to run without bound or print nonsense: a million rows with
 * {@code --history 0} or a huge {@code --window}, Java-only number spellings, a Latin-1 byte, a
 * value far beyond its flat baseline.
 */
class RegressBoundsTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private Path millionRows() throws Exception {
        StringBuilder sb = new StringBuilder(16 << 20).append("run,value\n");
        for (int i = 0; i < 1_000_000; i++) {
            sb.append('r').append(i).append(',').append(100 + (i * 7) % 5).append('\n');
        }
        return Files.writeString(dir.resolve("million.csv"), sb);
    }

    @Test
    void historyZeroAndAHugeWindowOnAMillionRowsAreBounded() throws Exception {
        Path csv = millionRows();
        // Before: minutes (quadratic E-Divisive over every run; O(n·M) baselines). The timeout only
        // guards against a hang; the bound itself is the history cap and the sliding baseline.
        Run all = assertTimeoutPreemptively(Duration.ofMinutes(3), () -> run("regress", csv.toString(), "--history", "0",
                "--permutations", "19"));
        assertThat(all.exit()).as(all.err()).isZero();
        assertThat(all.out()).contains("value: 1000000 runs").contains("change points searched in the newest 2000 of"
                + " 1000000 runs only (at most 2000)");
        Run wide = assertTimeoutPreemptively(Duration.ofMinutes(3), () -> run("regress", csv.toString(), "--window",
                "900000", "--permutations", "19", "--history", "100"));
        assertThat(wide.exit()).as(wide.err()).isZero();
        assertThat(wide.out()).contains("verdict on runs 100000..999999: ok").contains("anomalies: none");
    }

    @Test
    void javaOnlyNumberSpellingsAreNotNumbers() throws Exception {
        Path csv = Files.writeString(dir.resolve("s.csv"), "run,value\na,1\nb,1f\nc,1d\nd,0x1p3\ne,2\nf,1e400\n");
        Run r = run("regress", csv.toString(), "--json");
        assertThat(r.err()).contains(csv + ": line 3: value is not a number: '1f', skipped",
                csv + ": line 4: value is not a number: '1d', skipped",
                csv + ": line 5: value is not a number: '0x1p3', skipped",
                csv + ": line 7: value is out of range (beyond ±1e100): '1e400', skipped");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("metrics").get(0).get("points").asInt()).isEqualTo(2);
    }

    @Test
    void aLatin1ByteIsAnErrorNamingItsLine() throws Exception {
        byte[] bytes = "run,value\na,1\ncaf\u00e9,2\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Path csv = Files.write(dir.resolve("latin1.csv"), bytes);
        Run r = run("regress", csv.toString());
        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(r.err()).isEqualTo("ura: " + csv + ": line 3: not UTF-8 text: byte 0xE9 at column 4 (save the file"
                + " as UTF-8)" + System.lineSeparator());
    }

    @Test
    void aHugeDistanceIsPrintedShortAndJsonHasNoInfinity() throws Exception {
        StringBuilder sb = new StringBuilder("run,value\n");
        for (int i = 0; i < 10; i++) {
            sb.append('r').append(i).append(",1\n");
        }
        sb.append("big,1e100\n");
        Path csv = Files.writeString(dir.resolve("spike.csv"), sb);
        Run text = run("regress", csv.toString());
        assertThat(text.exit()).isEqualTo(UraCommand.EXIT_REGRESSION);
        // baseline mean 1, stddev 0 floored at 0.1 % of the mean: (1e100 - 1) / 0.001 = 1e103 sigmas
        assertThat(text.out()).contains(" 1.00e+103").doesNotContain("0000000000");
        Run json = run("regress", csv.toString(), "--json");
        assertThat(json.out()).doesNotContain("Infinity").doesNotContain("NaN");
        assertThat(new ObjectMapper().readTree(json.out()).at("/metrics/0/anomalies/0/sigmas").asDouble())
                .isEqualTo(1e103, org.assertj.core.data.Offset.offset(1e90));
    }

    @Test
    void nonFiniteNumbersAreWrittenAsNullNeverAsStrings() {
        record Doc(double a, Double b, float c) {
        }
        StringWriter out = new StringWriter();
        Json.print(new PrintWriter(out), new Doc(Double.POSITIVE_INFINITY, Double.NaN, Float.NEGATIVE_INFINITY));
        assertThat(out.toString().replaceAll("\\s", "")).isEqualTo("{\"a\":null,\"b\":null,\"c\":null}");
    }
}
