package dev.ura.trace.agentlog;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The example wrapped in every logcat format, among other tags' lines: same model as the JSON Lines. */
class AgentLogLogcatTest {
    private static final int PID = 4311;

    /** How one format prints a message of (tag, tid). */
    private interface Format {
        String line(String tag, long tid, String message);
    }

    static Stream<Arguments> formats() {
        String t = "11-29 13:07:20.123";
        return Stream.of(
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("%s %5d %5d I %-8s: %s", t, PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("11-29 13:07:20.123456 %5d %5d D %-8s: %s", PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("11-29 13:07:20.123456789 %5d %5d W %-8s: %s", PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("2026-11-29 13:07:20.123 +0100 %5d %5d I %-8s: %s", PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("%19s %5d %5d I %-8s: %s", "1764421640.123", PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("%6d.%03d %5d %5d I %-8s: %s", 1234, 567, PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("%s %5s %5d %5d I %-8s: %s", t, "10123", PID, tid, tag, m)),
                Arguments.of("threadtime", (Format) (tag, tid, m) -> String.format("%s %5s: %5d %5d I %-8s: %s", t, "root", PID, tid, tag, m)),
                Arguments.of("brief", (Format) (tag, tid, m) -> String.format("I/%-8s(%5d): %s", tag, PID, m)),
                Arguments.of("brief", (Format) (tag, tid, m) -> String.format("I/%-8s(%5d:%5d): %s", tag, 10123, PID, m)),
                Arguments.of("time", (Format) (tag, tid, m) -> String.format("%s I/%-8s(%5d): %s", t, tag, PID, m)),
                Arguments.of("time", (Format) (tag, tid, m) -> String.format("%s I/%-8s(%5d): %s", "11-29 13:07:20.123456", tag, PID, m)),
                Arguments.of("process", (Format) (tag, tid, m) -> String.format("I(%5d) %s  (%s)", PID, m, tag)),
                Arguments.of("long", (Format) (tag, tid, m) -> String.format("[ %s %5d:%5d I/%-8s ]%n%s%n", t, PID, tid, tag, m)),
                Arguments.of("long", (Format) (tag, tid, m) -> String.format("[ %s %5d:%5d I/%-8s ]%n%s%n", "2026-11-29 13:07:20.123456 +0000", PID, tid, tag, m)));
    }

    @ParameterizedTest(name = "{0} #{index}")
    @MethodSource("formats")
    void everyFormatGivesTheSameModelAsJsonLines(String label, Format format) throws Exception {
        Trace expected = AgentLogs.read(AgentLogs.example());

        Trace trace = AgentLogs.read(wrap(format, true));

        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.metadata().variant()).isEqualTo("logcat");
        assertThat(trace.metadata().property("logcat.format")).isEqualTo(label);
        assertThat(trace.metadata().property("logcat.tag")).isEqualTo("URA");
        assertThat(trace.metadata().pid()).isEqualTo(PID);
        assertThat(trace.metadata().property("app")).isEqualTo("com.example.news");
        assertThat(AgentLogs.dump(trace)).isEqualTo(AgentLogs.dump(expected));
    }

    @Test
    void threadFormatHasNoTagSoEveryJsonMessageCounts() throws Exception {
        Format thread = (tag, tid, m) -> String.format("I(%5d:%5d) %s", PID, tid, m);
        Trace trace = AgentLogs.read(wrap(thread, false));

        assertThat(trace.metadata().property("logcat.format")).isEqualTo("thread");
        assertThat(AgentLogs.dump(trace)).isEqualTo(AgentLogs.dump(AgentLogs.read(AgentLogs.example())));
    }

    @Test
    void rawFormatAfterASeparatorTakesTheJsonLines() throws Exception {
        String raw = "--------- beginning of main\nActivityManager started\n" + AgentLogs.example();
        Trace trace = AgentLogs.read(raw);

        assertThat(trace.metadata().variant()).isEqualTo("logcat");
        assertThat(trace.metadata().property("logcat.format")).isEqualTo("raw");
        assertThat(trace.events().size()).isEqualTo(8);
        assertThat(trace.events().line(0)).isEqualTo(6);
    }

    @Test
    void otherTagsAndSeparatorsAreIgnoredAndLinesCountInTheLogcatFile() throws Exception {
        String text = wrap((tag, tid, m) -> String.format("11-29 13:07:20.123 %5d %5d I %-8s: %s", PID, tid, tag, m), true);
        Trace trace = AgentLogs.read(text);

        // Line 1 separator, then for each example line: one other-tag line, then the agent line.
        assertThat(trace.events().line(0)).isEqualTo(1 + 2 * 4);
        assertThat(trace.records()).isEqualTo(13);
    }

    @Test
    void aConfiguredTagSelectsOtherLines() throws Exception {
        String text = "11-29 13:07:20.123  4311  4311 I MyAgent : {\"ts\":5,\"tid\":4311,\"kind\":\"DRAW\",\"view\":1}\n"
                + "11-29 13:07:20.124  4311  4311 I URA     : {\"ts\":6,\"tid\":4311,\"kind\":\"INVALIDATE\",\"view\":1}\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

        Trace mine = new AgentLogReader("MyAgent").read("t", ByteBuffer.wrap(bytes), Progress.NONE);

        assertThat(mine.events().size()).isEqualTo(1);
        assertThat(mine.events().kindName(0)).isEqualTo("DRAW");
        assertThat(mine.metadata().property("logcat.tag")).isEqualTo("MyAgent");
    }

    @Test
    void aMissingTidComesFromThePrefixAndThePidThreadIsMain() throws Exception {
        String text = "11-29 13:07:20.123  4311  4311 I URA     : {\"ts\":5,\"kind\":\"INVALIDATE\",\"view\":1}\r\n"
                + "11-29 13:07:20.124  4311  4320 I URA     : {\"ts\":6,\"kind\":\"DRAW\",\"view\":1}\r\n";
        Trace trace = AgentLogs.read(text);

        assertThat(trace.threads()).extracting(t -> t.id()).containsExactly(4311L, 4320L);
        assertThat(trace.threads().get(0).main()).isTrue();
        assertThat(trace.threads().get(1).main()).isFalse();
        assertThat(trace.warnings()).isEmpty();
    }

    @Test
    void aDumpWithoutAgentLinesNamesTheTag() {
        String text = "11-29 13:07:20.123  1022  1077 D InputReader: Btn_touch: value=1\n"
                + "11-29 13:07:20.124  1022  1077 D InputReader: Btn_touch: value=0\n";

        assertThatThrownBy(() -> AgentLogs.read(text))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("no logcat line with the agent's tag URA");
    }

    /** The example in a format: a separator, then each agent line after another tag's JSON line. */
    private static String wrap(Format format, boolean withOtherTags) {
        StringBuilder sb = new StringBuilder("--------- beginning of main\n");
        List<String> lines = AgentLogs.example().lines().toList();
        BiFunction<String, String, Long> tidOf = (line, fallback) -> {
            int i = line.indexOf("\"tid\":");
            if (i < 0) {
                return Long.parseLong(fallback);
            }
            int j = i + 6;
            while (j < line.length() && Character.isDigit(line.charAt(j))) {
                j++;
            }
            return Long.parseLong(line.substring(i + 6, j));
        };
        for (String line : lines) {
            long tid = tidOf.apply(line, String.valueOf(PID));
            if (withOtherTags) {
                sb.append(format.line("Choreographer", tid, "{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\",\"note\":\"not ours\"}"))
                        .append('\n');
            }
            sb.append(format.line("URA", tid, line)).append('\n');
        }
        return sb.toString();
    }
}
