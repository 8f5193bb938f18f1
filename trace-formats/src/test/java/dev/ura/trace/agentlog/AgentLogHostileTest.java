package dev.ura.trace.agentlog;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/** Hostile input ends in a trace with warnings or a TraceFormatException, never anything else. */
class AgentLogHostileTest {
    private static final String GOOD = "{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\",\"view\":1}\n";

    @Test
    void deepNestingIsABadLine() throws Exception {
        String deep = "{\"ts\":2,\"tid\":1,\"kind\":\"DRAW\",\"x\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}\n";

        Trace trace = AgentLogs.read(GOOD + deep + GOOD);

        assertThat(trace.events().size()).isEqualTo(2);
        assertThat(trace.warnings()).singleElement().asString().startsWith("line 2: ");
    }

    @Test
    void hugeNumbersAreBadLinesNotOverflows() throws Exception {
        String text = GOOD
                + "{\"ts\":99999999999999999999999,\"tid\":1,\"kind\":\"DRAW\"}\n"
                + "{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\",\"bytes\":1e400}\n"
                + "{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\",\"view\":" + "9".repeat(5000) + "}\n"
                + "{\"ts\":3,\"tid\":1,\"kind\":\"SEND_MSG\",\"delay_ms\":1e300}\n";

        Trace trace = AgentLogs.read(text);

        assertThat(trace.events().size()).isEqualTo(2);
        assertThat(trace.events().delayNs(1)).isEqualTo(Long.MAX_VALUE);
        assertThat(trace.warnings()).hasSize(4);
        assertThat(trace.warnings().get(0)).isEqualTo("line 2: \"ts\" is out of range");
        assertThat(trace.warnings().get(1)).isEqualTo("line 3: \"bytes\" is not an integer");
        assertThat(trace.warnings().get(2)).startsWith("line 4: ");
        assertThat(trace.warnings().get(3)).startsWith("line 5: SEND_MSG without \"obj\"");
    }

    @Test
    void nulAndControlBytesAreBadLines() throws Exception {
        byte[] bytes = (GOOD + "x\n{\0\0\0\"ts\":1}\n\0\n" + GOOD + "\0\0\0\0\n" + GOOD)
                .getBytes(StandardCharsets.ISO_8859_1);

        Trace trace = AgentLogs.readDirect(bytes);

        assertThat(trace.events().size()).isEqualTo(3);
        assertThat(trace.events().line(2)).isEqualTo(7);
        assertThat(trace.warnings()).hasSize(4);
        assertThat(trace.warnings().get(0)).startsWith("line 2: Unrecognized token 'x'");
        assertThat(trace.warnings().get(1)).isEqualTo("line 3: NUL byte in line");
        assertThat(trace.warnings().get(2)).isEqualTo("line 4: not a JSON object (starts with 0x00)");
        assertThat(trace.warnings().get(3)).startsWith("line 6: Illegal character ((CTRL-CHAR, code 0))");
    }

    @Test
    void randomBytesNeverThrowAnythingElse() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            byte[] bytes = new byte[1 + random.nextInt(4000)];
            random.nextBytes(bytes);
            if (round % 2 == 0) {
                bytes[0] = '{';
            }
            assertReadsOrRejects(bytes);
        }
    }

    @Test
    void mutatedLogsNeverThrowAnythingElse() {
        Random random = new Random(11);
        byte[] jsonl = AgentLogs.example().getBytes(StandardCharsets.UTF_8);
        byte[] logcat = new StringBuilder().append("--------- beginning of main\n").append(AgentLogs.example().lines()
                .map(l -> "11-29 13:07:20.123  4311  4311 I URA     : " + l + "\n").reduce("", String::concat))
                .toString().getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 600; round++) {
            byte[] source = round % 2 == 0 ? jsonl : logcat;
            byte[] bytes = source.clone();
            int edits = 1 + random.nextInt(20);
            for (int i = 0; i < edits; i++) {
                int at = random.nextInt(bytes.length);
                bytes[at] = switch (random.nextInt(4)) {
                    case 0 -> (byte) random.nextInt(256);
                    case 1 -> (byte) "{}[]\":,\n".charAt(random.nextInt(8));
                    case 2 -> (byte) ('0' + random.nextInt(10));
                    default -> 0;
                };
            }
            int length = random.nextInt(4) == 0 ? 1 + random.nextInt(bytes.length) : bytes.length;
            assertReadsOrRejects(java.util.Arrays.copyOf(bytes, length));
        }
    }

    @Test
    void aGarbageFileIsAFormatErrorNamingLineOne() {
        assertThatThrownBy(() -> AgentLogs.readDirect("{nope\n{also nope\n".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(TraceFormatException.class, e -> assertThat(e.line()).isEqualTo(1));
    }

    @Test
    void manyBadLinesAreCountedNotAllListed() throws Exception {
        String text = GOOD + "x\n".repeat(5000);

        Trace trace = AgentLogs.read(text);

        assertThat(trace.warnings()).hasSize(Warnings.MAX_LISTED + 1);
        assertThat(trace.warnings().get(Warnings.MAX_LISTED)).isEqualTo((5000 - Warnings.MAX_LISTED) + " more warnings not listed");
    }

    private static void assertReadsOrRejects(byte[] bytes) {
        try {
            Trace trace = AgentLogs.readDirect(bytes);
            assertThat(trace.events().size()).isPositive();
            for (var t : trace.threads()) {
                for (int i = 0; i < t.calls().size(); i++) {
                    assertThat(t.calls().end(i)).isGreaterThanOrEqualTo(t.calls().start(i));
                }
            }
        } catch (TraceFormatException expected) {
            assertThat(expected.getMessage()).startsWith("test.log");
        } catch (RuntimeException e) {
            fail("unexpected " + e + " for input " + new String(bytes, StandardCharsets.ISO_8859_1), e);
        }
    }
}
