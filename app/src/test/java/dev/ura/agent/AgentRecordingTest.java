package dev.ura.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.workload.AgentWorkload;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent in a real child JVM (headless): known I/O sizes with their paths, identity hand-offs
 * (executor, thread), METHOD intervals for include=, balanced intervals when an instrumented
 * method throws, and a readable log with a warning when the process halts abruptly.
 */
class AgentRecordingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<JsonNode> record(String mode, int expectedExit) throws Exception {
        Path log = dir.resolve(mode + ".jsonl");
        AgentJvm.Run run = AgentJvm.run("out=" + log + ",include=dev.ura.workload.AgentWorkload,tag=test-" + mode,
                AgentWorkload.class.getName(), List.of(mode, dir.toString()), 120);
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(expectedExit);
        assertThat(run.stderr()).doesNotContain("ura agent:");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    static List<JsonNode> of(List<JsonNode> lines, String kind, String ph) {
        return lines.stream().filter(l -> l.path("kind").asText().equals(kind)
                && (ph == null ? !l.has("ph") : l.path("ph").asText().equals(ph))).toList();
    }

    /** The E line that closes the B line at {@code index} (same thread, same kind, depth-matched). */
    static JsonNode endOf(List<JsonNode> lines, JsonNode begin) {
        int depth = 0;
        boolean seen = false;
        for (JsonNode l : lines) {
            if (l == begin) {
                seen = true;
                continue;
            }
            if (!seen || l.path("tid").asLong() != begin.path("tid").asLong()
                    || !l.path("kind").asText().equals(begin.path("kind").asText())) {
                continue;
            }
            if (l.path("ph").asText().equals("B")) {
                depth++;
            } else if (l.path("ph").asText().equals("E")) {
                if (depth == 0) {
                    return l;
                }
                depth--;
            }
        }
        throw new AssertionError("no E for " + begin);
    }

    @Test
    void storageIoHasItsBytesAndPathAndNestedChannelIoIsFoldedIn() throws Exception {
        List<JsonNode> lines = record("io", 0);
        String file = dir.resolve("data.bin").toString();
        List<JsonNode> writes = of(lines, "WRITE", "B").stream().filter(l -> l.path("path").asText().equals(file)).toList();
        List<JsonNode> reads = of(lines, "READ", "B").stream().filter(l -> l.path("path").asText().equals(file)).toList();
        // Files.write: one interval (its channel write inside is not a second one), 12345 bytes
        assertThat(writes).hasSize(1);
        assertThat(endOf(lines, writes.get(0)).path("bytes").asLong()).isEqualTo(AgentWorkload.WRITE_BYTES);
        // FileInputStream.read(byte[1000]) then Files.readAllBytes
        assertThat(reads).hasSize(2);
        assertThat(endOf(lines, reads.get(0)).path("bytes").asLong()).isEqualTo(AgentWorkload.STREAM_READ);
        assertThat(endOf(lines, reads.get(1)).path("bytes").asLong()).isEqualTo(AgentWorkload.WRITE_BYTES);
        assertThat(lines.get(0).path("kind").asText()).isEqualTo("META");
        assertThat(lines.get(0).path("tag").asText()).isEqualTo("test-io");
    }

    @Test
    void executorAndThreadHandOffsCarryTheSameIdentityOnBothSides() throws Exception {
        List<JsonNode> lines = record("io", 0);
        long main = of(lines, "METHOD", "B").stream()
                .filter(l -> l.path("name").asText().equals("dev.ura.workload.AgentWorkload.handOff"))
                .findFirst().orElseThrow().path("tid").asLong();
        Map<String, JsonNode> sends = of(lines, "SEND_MSG", null).stream().filter(l -> l.path("tid").asLong() == main)
                .collect(Collectors.toMap(l -> l.path("via").asText(), l -> l, (a, b) -> a));
        assertThat(sends).containsKeys("executor", "thread");
        for (JsonNode send : sends.values()) {
            List<JsonNode> dispatches = of(lines, "DISPATCH_MSG", "B").stream()
                    .filter(d -> d.path("obj").equals(send.path("obj"))).toList();
            assertThat(dispatches).as("dispatch of " + send).hasSize(1);
            assertThat(dispatches.get(0).path("tid").asLong()).isNotEqualTo(main);
            assertThat(dispatches.get(0).path("ts").asLong()).isGreaterThanOrEqualTo(send.path("ts").asLong());
        }
        // the task's METHOD interval runs inside its dispatch
        assertThat(of(lines, "METHOD", "B").stream().filter(l -> l.path("name").asText().endsWith("AgentWorkload.task")))
                .hasSize(2);
    }

    @Test
    void aMethodThatThrowsStillClosesItsIntervals() throws Exception {
        List<JsonNode> lines = record("throw", 0);
        for (String m : List.of("failing", "inner")) {
            JsonNode b = of(lines, "METHOD", "B").stream()
                    .filter(l -> l.path("name").asText().equals("dev.ura.workload.AgentWorkload." + m)).findFirst().orElseThrow();
            assertThat(endOf(lines, b).path("ts").asLong()).isGreaterThanOrEqualTo(b.path("ts").asLong());
        }
        Trace trace = TraceFiles.read(dir.resolve("throw.jsonl"));
        assertThat(trace.warnings()).noneMatch(w -> w.contains("METHOD"));
    }

    @Test
    void anAbruptExitLeavesAReadableLogThatWarnsOfTheOpenIntervals() throws Exception {
        List<JsonNode> lines = record("halt", 3);
        assertThat(of(lines, "SEND_MSG", null)).isNotEmpty();
        assertThat(of(lines, "METHOD", "B").stream().map(l -> l.path("name").asText()))
                .contains("dev.ura.workload.AgentWorkload.openAndHalt");
        Trace trace = TraceFiles.read(dir.resolve("halt.jsonl"));
        assertThat(trace.warnings()).anyMatch(w -> w.contains("METHOD") && w.contains("never ends"));
    }
}
