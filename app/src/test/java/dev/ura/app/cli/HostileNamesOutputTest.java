package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23 items 4 and 8: names from a hostile agent log holding DEL, a C1 control, a carriage
 * return, a line separator and a bidi override. {@code --json} must stay JSON (every such
 * character {@code \\u00XX}) and give the name back exactly; text output must show each one
 * escaped, so {@code EVIL\rSAFE} cannot print as {@code SAFE}.
 */
class HostileNamesOutputTest {
    /** The hostile name, as Java text: DEL, NEL (U+0085), CR, LINE SEPARATOR, RIGHT-TO-LEFT OVERRIDE. */
    static final String NAME = "Page\u007fEng\u0085ine EVIL\rSAFE\u2028x\u202eRLO\u2066iso";

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    /** Runs through the process's standard output writer, as a user's terminal sees it. */
    private static Result run(String... args) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        PrintWriter out = StdoutSink.writer(new StdoutSink(bytes));
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, out, new PrintWriter(err, true));
        out.flush();
        return new Result(code, bytes.toString(java.nio.charset.StandardCharsets.UTF_8), err.toString());
    }

    private Path hostileLog() throws Exception {
        String log = new String(dev.ura.samples.Samples.bytes("/samples/browser-page.jsonl"), java.nio.charset.StandardCharsets.UTF_8);
        // the name as JSON inside the log: every character written as \\uXXXX
        StringBuilder json = new StringBuilder();
        for (char c : NAME.toCharArray()) {
            json.append(c < 0x20 || c >= 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        String hostile = log.replace("\"PageEngine\"", "\"" + json + "\"")
                .replace("android.view.ViewRootImpl$ViewRootHandler.handleMessage", json.toString());
        assertThat(hostile).isNotEqualTo(log);
        return Files.writeString(dir.resolve("hostile.jsonl"), hostile);
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isTextual()) {
            out.add(n.asText());
        }
        n.elements().forEachRemaining(c -> out.addAll(strings(c)));
        return out;
    }

    @Test
    void jsonOutputEscapesDelAndC1AndReadsBackExactly() throws Exception {
        Path log = hostileLog();
        for (String command : List.of("info", "analyze", "profile")) {
            Result r = run(command, log.toString(), "--json");
            assertThat(r.code()).as(command + ": " + r.err()).isZero();
            // a strict JSON parser reads it, and the name comes back as it was in the log
            JsonNode tree = new ObjectMapper().readTree(r.out());
            assertThat(strings(tree)).as(command).anyMatch(s -> s.contains(NAME));
            assertThat(r.out()).as(command).contains("\\u007F").contains("\\u0085").contains("\\u2028")
                    .doesNotContain("\\x7f").doesNotContain("\u007f").doesNotContain("\u0085").doesNotContain("\r");
        }
    }

    @Test
    void textOutputShowsCarriageReturnsSeparatorsAndBidiControlsEscaped() throws Exception {
        Path log = hostileLog();
        for (String command : List.of("info", "profile", "analyze")) {
            Result r = run(command, log.toString());
            assertThat(r.code()).as(command + ": " + r.err()).isZero();
            assertThat(r.out()).as(command).contains("EVIL\\x0dSAFE").contains("\\u2028").contains("\\u202e")
                    .contains("\\u2066").doesNotContain("\r").doesNotContain("\u2028").doesNotContain("\u202e")
                    .doesNotContain("\u2066");
        }
    }
}
