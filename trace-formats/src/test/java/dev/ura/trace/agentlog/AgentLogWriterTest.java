package dev.ura.trace.agentlog;

import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The writer produces what the spec shows, and what it writes reads back to the same model. */
class AgentLogWriterTest {

    @Test
    void writesTheSpecLineShapes() {
        StringBuilder out = new StringBuilder();
        AgentLogWriter w = AgentLogWriter.jsonLines(out).meta("com.example.news").thread(1, "main", true);
        w.begin(1_000_000, 1, EventKind.USER_INPUT).name("onClick").view(3).write();
        w.instant(1_200_000, 1, EventKind.SEND_MSG).obj("task@51").via("asynctask").targetTid(12).write();
        w.end(1_300_000, 1, EventKind.USER_INPUT).write();

        assertThat(out.toString()).isEqualTo("""
                {"kind":"META","version":1,"app":"com.example.news"}
                {"tid":1,"kind":"THREAD","name":"main","main":true}
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"task@51","via":"asynctask","target_tid":12}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                """);
    }

    @Test
    void logcatLinesCarryThreadtimePrefixes() {
        StringBuilder out = new StringBuilder();
        AgentLogWriter.logcat(out, 4311).instant(1_500_000_000L, 4320, "DRAW").field("view", "a\"b").write();

        assertThat(out.toString()).isEqualTo(
                "01-01 00:00:01.500  4311  4320 I URA     : {\"ts\":1500000000,\"tid\":4320,\"kind\":\"DRAW\",\"view\":\"a\\\"b\"}\n");
    }

    @Test
    void bothFormsReadBackToTheSameModel() throws Exception {
        StringBuilder jsonl = new StringBuilder();
        StringBuilder logcat = new StringBuilder();
        write(AgentLogWriter.jsonLines(jsonl));
        write(AgentLogWriter.logcat(logcat, 4311).tag("URA"));

        Trace a = AgentLogs.read(jsonl.toString());
        Trace b = AgentLogs.read(logcat.toString());

        assertThat(a.warnings()).isEmpty();
        assertThat(b.warnings()).isEmpty();
        assertThat(AgentLogs.dump(b)).isEqualTo(AgentLogs.dump(a));
        assertThat(AgentLogs.dump(a)).contains("READ interval thread=1 30..40 detail=/data/db bytes=4096");
        assertThat(a.metadata().properties()).containsEntry("device", "Pixel");
    }

    private static void write(AgentLogWriter w) {
        w.meta(Map.of("app", "x", "device", "Pixel")).thread(4311, "main", true).thread(4320, "worker", false);
        w.begin(10, 4311, EventKind.USER_INPUT).name("onClick").write();
        w.instant(15, 4311, EventKind.SEND_MSG).obj(7).via("executor").targetTid(4320).delayMs(5).write();
        w.end(20, 4311, EventKind.USER_INPUT).write();
        w.begin(25, 4320, EventKind.DISPATCH_MSG).obj(7).name("run").write();
        w.begin(30, 4320, EventKind.READ).bytes(4096).path("/data/db").write();
        w.end(40, 4320, EventKind.READ).write();
        w.instant(45, 4320, EventKind.PAGE_START).page("https://example.com/?q=\u00e9").write();
        w.end(50, 4320, EventKind.DISPATCH_MSG).write();
        w.begin(60, 4311, EventKind.DRAW_FRAME).surface(1).write();
        w.end(70, 4311, EventKind.DRAW_FRAME).write();
    }
}
