package dev.ura.app.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalSafeWriterTest {

    private static String through(String text) {
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(new TerminalSafeWriter(sw));
        pw.print(text);
        pw.flush();
        return sw.toString();
    }

    @Test
    void escapeSequencesFromTraceNamesBecomeVisible() {
        // A slice named to set the terminal's title and clear the screen.
        assertThat(through("deliverInputEvent \u001b]0;pwned\u0007\u001b[2J done"))
                .isEqualTo("deliverInputEvent \\x1b]0;pwned\\x07\\x1b[2J done");
    }

    @Test
    void c1ControlsAndDeleteAreEscapedToo() {
        assertThat(through("a\u009b31mb\u007fc\u0000")).isEqualTo("a\\x9b31mb\\x7fc\\x00");
    }

    @Test
    void layoutCharactersAndUnicodePassUnchanged() {
        String text = "  start ms\tthread\r\nÄrger → Choreographer#doFrame 42 · on screen\n";
        assertThat(through(text)).isEqualTo(text);
    }

    @Test
    void singleCharactersAndArraysAreFilteredAlike() throws Exception {
        StringWriter sw = new StringWriter();
        TerminalSafeWriter w = new TerminalSafeWriter(sw);
        w.write('x');
        w.write(0x1b);
        char[] chars = "[1mbold\u001b".toCharArray();
        w.write(chars, 0, chars.length);
        w.flush();
        assertThat(sw.toString()).isEqualTo("x\\x1b[1mbold\\x1b");
    }

    @Test
    void theProcessWriterUsesIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter out = StdoutSink.writer(new StdoutSink(bytes));
        out.println("name\u001b[31m");
        out.flush();
        assertThat(bytes.toString(StandardCharsets.UTF_8).trim()).isEqualTo("name\\x1b[31m");
    }

    /** Issue 23 item 8: a lone CR would let {@code EVIL\rSAFE} print as {@code SAFE}; CRLF still ends a line. */
    @Test
    void loneCarriageReturnsSeparatorsAndBidiControlsAreEscaped() throws Exception {
        assertThat(through("EVIL\rSAFE")).isEqualTo("EVIL\\x0dSAFE");
        assertThat(through("a\u2028b\u2029c")).isEqualTo("a\\u2028b\\u2029c");
        assertThat(through("\u202aa\u202eb\u2066c\u2069")).isEqualTo("\\u202aa\\u202eb\\u2066c\\u2069");
        assertThat(through("end\r")).isEqualTo("end\\x0d");
        assertThat(through("line\r\nnext\r\r\n")).isEqualTo("line\r\nnext\\x0d\r\n");
        // a CRLF split across two writes (no flush between) is still one line end
        StringWriter sw = new StringWriter();
        TerminalSafeWriter w = new TerminalSafeWriter(sw);
        w.write("a\r");
        w.write('\n');
        w.flush();
        assertThat(sw.toString()).isEqualTo("a\r\n");
    }
}
