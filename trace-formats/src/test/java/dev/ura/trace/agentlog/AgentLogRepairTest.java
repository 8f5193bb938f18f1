package dev.ura.trace.agentlog;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad and odd input: what is kept, what is dropped, and the warnings that say so. */
class AgentLogRepairTest {

    @Test
    void gzipIsReadLikeThePlainFile() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(AgentLogs.example().getBytes(StandardCharsets.UTF_8));
        }

        Trace trace = AgentLogs.read(bytes.toByteArray());

        assertThat(AgentLogs.dump(trace)).isEqualTo(AgentLogs.dump(AgentLogs.read(AgentLogs.example())));
    }

    @Test
    void aMappedBufferReadsLikeAnArray() throws Exception {
        byte[] bytes = (AgentLogs.example() + "garbage\n{\"ts\":1,\n" + AgentLogs.example())
                .getBytes(StandardCharsets.UTF_8);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();

        Trace mapped = new AgentLogReader().read("m", direct, dev.ura.trace.io.Progress.NONE);
        Trace array = AgentLogs.readDirect(bytes);

        assertThat(AgentLogs.dump(mapped)).isEqualTo(AgentLogs.dump(array));
        assertThat(mapped.warnings()).isEqualTo(array.warnings()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(mapped.warnings().get(0)).startsWith("line 17: Unrecognized token 'garbage'");
        assertThat(mapped.warnings()).anyMatch(w -> w.startsWith("line 18: "));
    }

    @Test
    void blankLinesAndCrLfAreSkippedAndLinesStillCount() throws Exception {
        String text = "\n   \n{\"ts\":1,\"tid\":1,\"kind\":\"INVALIDATE\",\"view\":2}\r\n\t\r\n"
                + "{\"ts\":2,\"tid\":1,\"kind\":\"DRAW\",\"view\":2}\r\n\n";

        Trace trace = AgentLogs.read(text);

        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.events().size()).isEqualTo(2);
        assertThat(trace.events().line(0)).isEqualTo(3);
        assertThat(trace.events().line(1)).isEqualTo(5);
    }

    @Test
    void unknownKindsAreKeptWithTheirSpelling() throws Exception {
        String text = """
                {"ts":1,"tid":1,"kind":"GC","name":"young"}
                {"ts":2,"tid":1,"kind":"BINDER","ph":"B","name":"transact"}
                {"ts":5,"tid":1,"kind":"BINDER","ph":"E"}
                """;

        Trace trace = AgentLogs.read(text);

        EventTable e = trace.events();
        assertThat(e.kind(0)).isEqualTo(EventKind.UNKNOWN);
        assertThat(e.kindName(0)).isEqualTo("GC");
        assertThat(e.kindName(1)).isEqualTo("BINDER");
        assertThat(e.end(1)).isEqualTo(5);
        assertThat(trace.methods().get(trace.threads().get(0).calls().method(0)).name()).isEqualTo("BINDER:transact");
        assertThat(trace.warnings()).isEmpty();
    }

    @Test
    void methodIntervalsAreSplitIntoClassAndMethod() throws Exception {
        Trace trace = AgentLogs.read("""
                {"ts":1,"tid":1,"kind":"METHOD","ph":"B","name":"com.example.Foo.bar"}
                {"ts":2,"tid":1,"kind":"METHOD","ph":"E"}
                """);

        var method = trace.methods().get(trace.threads().get(0).calls().method(0));
        assertThat(method.className()).isEqualTo("com.example.Foo");
        assertThat(method.name()).isEqualTo("bar");
    }

    @Test
    void badLinesAreWarningsWithTheirLineNumbers() throws Exception {
        String text = """
                {"ts":1,"tid":1,"kind":"INVALIDATE","view":2}
                this is not json
                {"ts":2,"tid":1,"kind":"DRAW",
                {"ts":3,"tid":1,"kind":"DRAW","view":2}
                {"ts":"x","tid":1,"kind":"DRAW"}
                {"tid":1,"kind":"DRAW"}
                {"ts":4,"tid":1}
                [1,2,3]
                {"ts":5,"tid":1,"kind":"DRAW","ph":"X"}
                {"ts":6,"tid":1,"kind":"DRAW","view":2} trailing
                {"ts":7,"tid":1,"kind":"INVALIDATE","view":3}
                """;

        Trace trace = AgentLogs.read(text);

        assertThat(trace.events().size()).isEqualTo(4);
        assertThat(trace.events().start(1)).isEqualTo(3);
        assertThat(trace.events().start(3)).isEqualTo(7);
        assertThat(trace.events().line(3)).isEqualTo(11);
        assertThat(trace.warnings()).hasSize(8);
        assertThat(trace.warnings().get(0)).startsWith("line 2: Unrecognized token 'this'");
        assertThat(trace.warnings().get(1)).startsWith("line 3: ");
        assertThat(trace.warnings().get(2)).isEqualTo("line 5: \"ts\" is not an integer");
        assertThat(trace.warnings().get(3)).isEqualTo("line 6: no \"ts\"");
        assertThat(trace.warnings().get(4)).isEqualTo("line 7: no \"kind\"");
        assertThat(trace.warnings().get(5)).startsWith("line 8: not a JSON object");
        assertThat(trace.warnings().get(6)).isEqualTo("line 9: \"ph\" is not \"B\" or \"E\"");
        assertThat(trace.warnings().get(7)).startsWith("line 10: Unrecognized token 'trailing'");
    }

    @Test
    void aTruncatedLastLineIsAWarning() throws Exception {
        String text = "{\"ts\":1,\"tid\":1,\"kind\":\"INVALIDATE\",\"view\":2}\n{\"ts\":2,\"tid\":1,\"ki";

        Trace trace = AgentLogs.read(text);

        assertThat(trace.events().size()).isEqualTo(1);
        assertThat(trace.warnings()).singleElement().asString().startsWith("line 2: truncated");
    }

    @Test
    void aFileWithoutAValidEventNamesTheFirstBadLine() {
        String text = "{\"kind\":\"META\",\"version\":1}\n{\"ts\":1,\"kind\":\"DRAW\"}\n{\"ts\":\n";

        assertThatThrownBy(() -> AgentLogs.read(text))
                .isInstanceOfSatisfying(TraceFormatException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.file()).isEqualTo("test.log");
                    assertThat(e.getMessage()).startsWith("test.log: line 2: no \"tid\"");
                });
    }

    @Test
    void onlyMetaAndThreadLinesIsAnError() {
        assertThatThrownBy(() -> AgentLogs.read("{\"kind\":\"META\",\"version\":1}\n{\"kind\":\"THREAD\",\"tid\":1,\"name\":\"main\"}\n"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("no agent-log event");
    }

    @Test
    void intervalsAreRepairedWithWarnings() throws Exception {
        String text = """
                {"ts":10,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":20,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":30,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":40,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":50,"tid":1,"kind":"READ","ph":"B","path":"/a"}
                {"ts":45,"tid":1,"kind":"INVALIDATE","view":1}
                {"ts":70,"tid":1,"kind":"INVALIDATE","view":2}
                """;

        Trace trace = AgentLogs.read(text);

        assertThat(AgentLogs.dump(trace)).isEqualTo("""
                thread 1 thread 1 records=7
                  USER_INPUT:onClick 10..30
                    DRAW 20..30
                  READ 50..70
                USER_INPUT interval thread=0 10..30 name=onClick call=0
                DRAW interval thread=0 20..30 id=1 call=1
                INVALIDATE instant thread=0 45..45 id=1 call=-1
                READ interval thread=0 50..70 detail=/a call=2
                INVALIDATE instant thread=0 70..70 id=2 call=2
                """);
        // line 6 (ts 45) is sorted before line 5 (ts 50), its time kept: it is not inside the READ
        assertThat(trace.warnings()).containsExactly(
                "line 6: thread 1's time 45 is before its previous event's 50; 1 line out of time order within a"
                        + " thread: every thread's lines were sorted by ts (equal times keep file order; no time was"
                        + " changed)",
                "line 2: DRAW still open when the \"E\" at line 3 closed an enclosing USER_INPUT; closed there",
                "line 4: \"E\" of DRAW on thread 1 has no open \"B\"; dropped",
                "line 5: READ on thread 1 never ends; closed at the thread's last event");
    }

    @Test
    void threadLinesNameThreadsBeforeOrAfterTheirEvents() throws Exception {
        String text = """
                {"ts":1,"tid":7,"kind":"INVALIDATE","view":1}
                {"ts":2,"tid":3,"kind":"DRAW","view":1}
                {"kind":"THREAD","tid":3,"name":"main","main":true}
                {"kind":"THREAD","tid":7,"name":"worker"}
                {"kind":"THREAD","tid":9,"name":"idle"}
                """;

        Trace trace = AgentLogs.read(text);

        assertThat(trace.threads()).extracting(t -> t.id() + " " + t.name() + " " + t.main())
                .containsExactly("7 worker false", "3 main true");
    }

    @Test
    void endFieldsCompleteTheInterval() throws Exception {
        Trace trace = AgentLogs.read("""
                {"ts":1,"tid":1,"kind":"WRITE","ph":"B"}
                {"ts":9,"tid":1,"kind":"WRITE","ph":"E","bytes":4096,"path":"/data/x"}
                {"ts":10,"tid":1,"kind":"SEND_MSG","obj":17,"via":"handler","delay_ms":2.5}
                """);

        assertThat(trace.events().bytes(0)).isEqualTo(4096);
        assertThat(trace.events().detail(0)).isEqualTo("/data/x");
        assertThat(trace.events().identity(1)).isEqualTo("17");
        assertThat(trace.events().delayNs(1)).isEqualTo(2_500_000);
    }

    @Test
    void metaVersionAndFieldsAreMetadata() throws Exception {
        Trace trace = AgentLogs.read("""
                {"kind":"META","version":2,"app":"a.b","device":"Pixel 7","os":14}
                {"ts":1,"tid":1,"kind":"DRAW","view":1}
                """);

        assertThat(trace.metadata().version()).isEqualTo(2);
        assertThat(trace.metadata().properties()).containsExactly(
                java.util.Map.entry("version", "2"), java.util.Map.entry("app", "a.b"),
                java.util.Map.entry("device", "Pixel 7"), java.util.Map.entry("os", "14"));
        assertThat(trace.warnings()).containsExactly("line 1: agent-log version 2 is newer than 1; read as version 1");
    }
}
