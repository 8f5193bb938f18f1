package dev.ura.app.ui.record;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordCommandLineTest {
    @Test
    void splitsLikeAShellForTheSimpleCases() {
        assertThat(RecordCommandLine.split("java  -jar 'my app.jar' \"a \\\"b\\\"\" c\\ d"))
                .containsExactly("java", "-jar", "my app.jar", "a \"b\"", "c d");
        assertThatThrownBy(() -> RecordCommandLine.split("java 'oops")).hasMessageContaining("unclosed");
    }

    @Test
    void theAgentGoesRightAfterJava() {
        assertThat(RecordCommandLine.withAgent(List.of("/usr/bin/java", "-cp", "x.jar", "Main"), "/u/ura.jar", "/t/r.jsonl",
                "com.x.*"))
                .containsExactly("/usr/bin/java", "-javaagent:/u/ura.jar=out=/t/r.jsonl,include=com.x.*", "-cp", "x.jar", "Main");
        assertThat(RecordCommandLine.withAgent(List.of("java", "-jar", "a.jar"), "u.jar", "r.jsonl", " "))
                .containsExactly("java", "-javaagent:u.jar=out=r.jsonl", "-jar", "a.jar");
    }

    @Test
    void refusesWhatTheAgentCannotTake() {
        assertThatThrownBy(() -> RecordCommandLine.withAgent(List.of("python", "x.py"), "u.jar", "r.jsonl", null))
                .hasMessageContaining("must start with java");
        assertThatThrownBy(() -> RecordCommandLine.withAgent(List.of(), "u.jar", "r.jsonl", null)).hasMessageContaining("empty");
        assertThatThrownBy(() -> RecordCommandLine.withAgent(List.of("java"), "u.jar", "a,b.jsonl", null))
                .hasMessageContaining("comma");
    }

    @Test
    void aFailedRecordingShowsTheEndOfTheAppsOutput() {
        String msg = RecordActions.failure(1, java.nio.file.Path.of("/t/r.jsonl"),
                "Error: Unable to access jarfile myapp.jar\n");
        assertThat(msg).contains("status 1").contains("/t/r.jsonl").contains("Error: Unable to access jarfile myapp.jar");
        assertThat(RecordActions.failure(1, java.nio.file.Path.of("r.jsonl"), "  ")).contains("printed nothing");
        String chatty = "x".repeat(RecordActions.OUTPUT_TAIL);
        assertThat(RecordActions.failure(2, java.nio.file.Path.of("r.jsonl"), chatty)).contains("(the end)");
    }
}
