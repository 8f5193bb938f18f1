package dev.ura.app.analysis.events;

import dev.ura.trace.model.EventKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MethodRulesTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultsAreTheRulesDocumentsTable() {
        MethodRules d = MethodRules.defaults();

        assertThat(d.source()).isEqualTo("built-in rules");
        assertThat(d.rules()).extracting(MethodRule::event).contains(EventKind.USER_INPUT, EventKind.START_ACTIVITY,
                EventKind.SEND_MSG, EventKind.REMOVE_MSG, EventKind.DISPATCH_MSG, EventKind.INVALIDATE, EventKind.DRAW,
                EventKind.PAGE_START, EventKind.PAGE_FINISH, EventKind.REQUEST_RENDER, EventKind.DRAW_FRAME,
                EventKind.READ, EventKind.WRITE, EventKind.SEND, EventKind.RECV, EventKind.METHOD);
        assertThat(d.rules().stream().filter(MethodRule::joinsLaunch).flatMap(r -> r.methods().stream()))
                .containsExactly("android.app.ActivityThread.handleResumeActivity");
        assertThat(d.frames()).containsExactly("android.view.Choreographer.doFrame");
        assertThat(d.isAppClass("com.example.news.FeedTask")).isTrue();
        assertThat(d.isAppClass("androidx.recyclerview.widget.RecyclerView")).isFalse();
        assertThat(d.isAppClass("kotlin.collections.ArraysKt")).isFalse();
        assertThat(d.isAppClass("")).isFalse();
    }

    @Test
    void aUserFileReplacesTheDefaults() throws Exception {
        Path f = write("""
                {"rules": [{"event": "USER_INPUT", "methods": ["com.example.Game.onTap"]}]}
                """);

        MethodRules r = MethodRules.load(f);

        assertThat(r.source()).isEqualTo(f.toString());
        assertThat(r.rules()).hasSize(1);
        assertThat(r.frameworkPackages()).isEmpty();
    }

    @Test
    void aUserFileCanExtendTheDefaults() throws Exception {
        Path f = write("""
                {"extendsDefaults": true,
                 "rules": [{"event": "SEND_MSG", "via": "handler", "methods": ["com.example.bus.EventBus.post"]}],
                 "notHandoffInside": ["com.example.anim.*"]}
                """);

        MethodRules r = MethodRules.load(f);

        int builtIn = MethodRules.defaults().rules().size();
        assertThat(r.rules()).hasSize(builtIn + 1);
        assertThat(r.rules().get(builtIn).methods()).containsExactly("com.example.bus.EventBus.post");
        assertThat(r.notHandoffInside()).contains("android.view.Choreographer.*", "com.example.anim.*");
        assertThat(r.frames()).isEqualTo(MethodRules.defaults().frames());
        assertThat(r.isAppClass("android.view.View")).isFalse();
    }

    @Test
    void errorsNameTheFileAndWhatIsWrong() throws IOException {
        expectError(write("{\"rules\": [ {\"event\": \"DRAW\", "), "not valid JSON");
        expectError(write("{\"rules\": [{\"event\": \"DRAW\", \"methods\": [\"a.B.c\"], \"colour\": 1}]}"),
                "Unrecognized field \"colour\"");
        expectError(write("{\"rules\": [{\"event\": \"REPAINT\", \"methods\": [\"a.B.c\"]}]}"), "REPAINT");
        expectError(write("{\"rules\": [{\"event\": \"DRAW\"}]}"), "rule 1: needs \"methods\"");
        expectError(write("{\"rules\": [{\"event\": \"DISPATCH_MSG\", \"methods\": [\"a.B.c\"]}]}"),
                "rule 1: DISPATCH_MSG needs \"via\"");
        expectError(write("{\"rules\": [{\"event\": \"DRAW\", \"methods\": [\"a\"], \"joinsLaunch\": true}]}"),
                "\"joinsLaunch\" only applies to START_ACTIVITY");
        expectError(write("{\"rules\": []}"), "no \"rules\" array");
        expectError(write("{\"rules\": [{\"event\": \"META\", \"methods\": [\"a\"]}]}"), "cannot be derived");
        expectError(dir.resolve("absent.json"), "cannot read rules");
    }

    @Test
    void atMostSixtyFourRules() throws IOException {
        StringBuilder sb = new StringBuilder("{\"rules\": [");
        for (int i = 0; i < 65; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"event\": \"DRAW\", \"methods\": [\"a.B.m").append(i).append("\"]}");
        }
        expectError(write(sb.append("]}").toString()), "65 rules; at most 64");
    }

    private Path write(String json) throws IOException {
        Path f = Files.createTempFile(dir, "rules", ".json");
        Files.writeString(f, json);
        return f;
    }

    private static void expectError(Path file, String what) {
        assertThatThrownBy(() -> MethodRules.load(file)).isInstanceOf(InvalidRulesException.class)
                .hasMessageStartingWith(file.toString() + ": ").hasMessageContaining(what);
    }
}
