package dev.ura.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.Recorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runtime without instrumentation, in this JVM: hostile strings stay valid JSON, intervals are
 * closed down to their token even when inner exits were skipped, and a thread's events keep
 * their order when its ring wraps many times.
 */
class ThreadLogEncodingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<JsonNode> recordOnAThread(Runnable work) throws Exception {
        Path log = dir.resolve("t.jsonl");
        Recorder.start(log.toString(), Map.of("app", "quote\" back\\slash \u0001 ünï 😀"));
        Thread t = new Thread(work, "enc-\"thread\"");
        t.start();
        t.join();
        Recorder.stop();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    @Test
    void hostileStringsStayValidJsonAndCutAtTheLimit() throws Exception {
        String longName = "x".repeat(5000);
        List<JsonNode> lines = recordOnAThread(() -> {
            Hooks.end(Hooks.methodBegin("a\"b\\c\nd\u0000e\uD800f😀"));
            Hooks.end(Hooks.methodBegin(longName));
        });
        assertThat(lines.get(0).path("app").asText()).isEqualTo("quote\" back\\slash \u0001 ünï 😀");
        assertThat(lines).anyMatch(l -> l.path("name").asText().equals("enc-\"thread\""));
        assertThat(lines).anyMatch(l -> l.path("name").asText().equals("a\"b\\c\nd\u0000e\uD800f😀"));
        assertThat(lines).anyMatch(l -> l.path("name").asText().length() == 400);
    }

    @Test
    void anEndClosesEverythingOpenedInsideItsInterval() throws Exception {
        List<JsonNode> lines = recordOnAThread(() -> {
            int outer = Hooks.methodBegin("outer");
            dev.ura.agent.rt.ScreenHooks.drawBegin(new Object());
            Hooks.methodBegin("inner");
            Hooks.end(outer);
            Hooks.end(outer); // a second end of the same token writes nothing more
        });
        List<String> phases = lines.stream().filter(l -> l.has("ph"))
                .map(l -> l.path("kind").asText() + ":" + l.path("ph").asText()).toList();
        assertThat(phases).containsExactly("METHOD:B", "DRAW:B", "METHOD:B", "METHOD:E", "DRAW:E", "METHOD:E");
    }

    @Test
    void manyEventsWrapTheRingInOrder() throws Exception {
        int n = 50_000;
        List<JsonNode> lines = recordOnAThread(() -> {
            Object o = new Object();
            for (int i = 0; i < n; i++) {
                Hooks.send(o, "executor", i);
            }
        });
        List<JsonNode> sends = lines.stream().filter(l -> l.path("kind").asText().equals("SEND_MSG")).toList();
        assertThat(sends).hasSize(n);
        for (int i = 1; i < n; i++) {
            assertThat(sends.get(i).path("delay_ms").asLong(0)).isEqualTo(i);
            assertThat(sends.get(i).path("ts").asLong()).isGreaterThanOrEqualTo(sends.get(i - 1).path("ts").asLong());
        }
    }
}
