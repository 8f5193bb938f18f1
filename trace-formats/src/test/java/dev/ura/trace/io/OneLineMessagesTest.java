package dev.ura.trace.io;

import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Messages and warnings quoting a file's bytes stay one printable line. */
class OneLineMessagesTest {
    @Test
    void carriageReturnInTheVersionLineIsEscapedInTheMessage() {
        // Found by the fuzzer: "*version\n\r\0\0\0\0\0\n..." echoed the CR and NULs into the one-line message.
        byte[] bytes = {'*', 'v', 'e', 'r', 's', 'i', 'o', 'n', '\n', '\r', 0, 0, 0, 0, 0, '\n',
                'c', 'l', 'o', 'c', 'k', '=', 'd', 'u', 'a', 'l', '\n'};
        assertThatThrownBy(() -> TraceFiles.read("cr.trace", ByteBuffer.wrap(bytes), Progress.NONE))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("cr.trace: at byte 9: bad *version number \"\\r\\x00\\x00\\x00\\x00\\x00\"");
    }

    @Test
    void escapeSequencesAndLineBreaksInProblemsAreShownEscaped() {
        TraceFormatException e = TraceFormatException.atLine("f", 3, "bad \u001b[2J name\nnext\u2028 \u0085");
        assertThat(e.getMessage()).isEqualTo("f: line 3: bad \\x1b[2J name\\nnext\\u2028 \\x85");
        assertThat(e.problem()).isEqualTo("bad \\x1b[2J name\\nnext\\u2028 \\x85");
    }

    @Test
    void warningsAreEscapedWhenTheTraceIsMade() {
        Trace t = new Trace("f", new TraceMetadata("x", "y", 0, null, null, -1, -1, Map.of()),
                new MethodTable.Builder().build(), List.of(), EventTable.empty(), List.of(), 0,
                List.of("method name \"a\rb\" repaired", "plain"));
        assertThat(t.warnings()).containsExactly("method name \"a\\rb\" repaired", "plain");
    }
}
