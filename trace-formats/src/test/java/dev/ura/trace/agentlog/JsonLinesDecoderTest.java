package dev.ura.trace.agentlog;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scanner's fast path must decode exactly as the Jackson path alone did: same events, strings
 * (ids in the same first-seen order), lines and warnings, whichever lines it declines.
 */
class JsonLinesDecoderTest {

    @Test
    void fastPathAndJacksonAloneAgreeOnOddLines() throws Exception {
        String text = "\uFEFF{\"kind\":\"META\",\"version\":1,\"app\":\"x\"}\n"
                + "{\"tid\":7,\"kind\":\"THREAD\",\"name\":\"main\",\"main\":true}\n"
                + "{ \"ts\" : 10 ,\t\"tid\":7, \"kind\":\"USER_INPUT\",\"ph\":\"B\",\"view\":-12}  \r\n"
                + "{\"ts\":11,\"tid\":7,\"kind\":\"SEND_MSG\",\"obj\":\"t\\u0061sk@1\",\"via\":\"handler\",\"target_tid\":8,\"delay_ms\":1.5}\n"
                + "{\"ts\":12,\"tid\":7,\"kind\":\"SEND_MSG\",\"obj\":\"task@1\",\"delay_ms\":2,\"extra\":[1,{\"a\":2}]}\n"
                + "not json\n"
                + "\n   \n"
                + "{\"ts\":13,\"tid\":8,\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":\"task@1\",\"name\":null}\n"
                + "{\"ts\":14,\"tid\":8,\"kind\":\"READ\",\"ph\":\"B\",\"path\":\"/d/\u00e9t\u00e9\",\"bytes\":-5}\n"
                + "{\"ts\":15,\"tid\":8,\"kind\":\"READ\",\"ph\":\"E\",\"bytes\":4096}{\"ts\":16,\"tid\":8,\"kind\":\"DRAW\"}\n"
                + "{\"ts\":017,\"tid\":8,\"kind\":\"DRAW\"}\n"
                + "{\"ts\":18,\"tid\":8,\"kind\":\"DRAW\",\"main\":1}\r"
                + "{\"ts\":19,\"tid\":8,\n\"kind\":\"INVALIDATE\",\"surface\":99999999999999999999}\n"
                + "{\"ts\":20,\"tid\":8,\"kind\":\"DRAW\",\"ts\":21,\"ph\":\"X\"}\n"
                + "{\"ts\":22,\"tid\":8,\"kind\":\"DISPATCH_MSG\",\"ph\":\"E\"} trailing\n"
                + "{\"ts\":23,\"tid\":7,\"kind\":\"USER_INPUT\",\"ph\":\"E\",\"page\":\"p\"}\n"
                + "{\"ts\":24,\"tid\":7,\"kind\":\"CUSTOM\",\"host\":\"h\"}\n"
                + "{\"ts\":25,\"tid\":7,\"kind\":\"DRAW\"";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

        Trace fast = AgentLogs.readDirect(bytes);
        Trace jackson = jacksonOnly(bytes);

        // 5 bad lines, and 2 kinds of events without the field their kind needs (DRAW, SEND_MSG)
        assertThat(fast.warnings()).isEqualTo(jackson.warnings()).hasSize(7);
        assertThat(AgentLogs.dump(fast)).isEqualTo(AgentLogs.dump(jackson));
        assertThat(fast.events().size()).isEqualTo(jackson.events().size()).isGreaterThanOrEqualTo(8);
        for (int i = 0; i < fast.events().size(); i++) {
            assertThat(fast.events().line(i)).as("line of event %d", i).isEqualTo(jackson.events().line(i));
        }
        assertThat(fast.metadata()).isEqualTo(jackson.metadata());
    }

    @Test
    void aLineLongerThanTheScannersReachGoesToJackson() throws Exception {
        String name = "n".repeat(70_000);
        String text = "{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\",\"view\":1}\n{\"ts\":2,\"tid\":1,\"kind\":\"DRAW\",\"view\":1,"
                + "\"name\":\"" + name + "\"}\n{\"ts\":3,\"tid\":1,\"kind\":\"DRAW\",\"view\":1}\n";

        Trace trace = AgentLogs.read(text);

        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.events().size()).isEqualTo(3);
        assertThat(trace.events().name(1)).isEqualTo(name);
        assertThat(trace.events().line(2)).isEqualTo(3);
    }

    /** The reader's pipeline before the scanner: one Jackson parser over the whole file. */
    private static Trace jacksonOnly(byte[] bytes) throws Exception {
        ByteBuffer data = ByteBuffer.wrap(bytes);
        Warnings warnings = new Warnings();
        EventTable.Builder events = new EventTable.Builder();
        StringPool pool = new StringPool(events);
        AgentLogAssembler assembler = new AgentLogAssembler(pool, events, warnings);
        new JsonEventDecoder(pool, assembler, warnings, Progress.NONE, bytes.length)
                .run(new JsonLinesSource(data, warnings));
        return assembler.build("test.log", "jsonl", Map.of());
    }
}
