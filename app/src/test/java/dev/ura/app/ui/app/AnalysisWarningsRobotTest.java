package dev.ura.app.ui.app;

import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The status bar's badge carries the analysis's warnings (inferred links), not only the reader's. */
@Tag("gui")
class AnalysisWarningsRobotTest extends ExplorerRobotBase {

    @Test
    void aLinkInferredForADispatchNeverSentIsListedInTheBadge() throws Exception {
        // the reader warns about line 4 (a send without obj); the linker about line 6, which
        // dispatches obj task@9 that no SEND_MSG sent
        Path log = dir.resolve("click.jsonl");
        Files.writeString(log, """
                {"kind":"THREAD","tid":1,"name":"main","main":true}
                {"kind":"THREAD","tid":12,"name":"AsyncTask #1"}
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1200000,"tid":1,"kind":"SEND_MSG","via":"executor"}
                {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@9","name":"run"}
                {"ts":20000000,"tid":12,"kind":"INVALIDATE","view":4}
                {"ts":21000000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":33000000,"tid":1,"kind":"DRAW","ph":"B","view":4}
                {"ts":35000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        GuiActionRunner.execute(() -> frame.open(log));
        waitFor("the analysis done", () -> frame.responseModel().analysis() != null);
        waitFor("the badge updated", () -> frame.status().warningLines().size() == 2);
        assertThat(GuiActionRunner.execute(() -> frame.status().warningLines())).satisfiesExactly(
                reader -> assertThat(reader).startsWith("line 4: SEND_MSG without \"obj\""),
                linker -> assertThat(linker).startsWith("line 6: DISPATCH_MSG of obj task@9, which no earlier SEND_MSG sent"));
        window.button("warningsBadge").requireVisible().requireText("⚠ 2 warnings");
    }
}
