package dev.ura.app.ui.app;

import dev.ura.app.ui.TraceSource;
import dev.ura.app.render.ThreadStateOverlay;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled Perfetto sample in the window: state strip, and a process picker that filters lanes
 * (keeping the threads of other processes that the selected response's critical path runs through).
 */
@Tag("gui")
class SystemTraceRobotTest extends ExplorerRobotBase {

    @Test
    void processPickerShowsTheAppFirstAndAllOnRequest() {
        GuiActionRunner.execute(() -> frame.open(TraceSource.ofSample("/samples/system/feed-tap.perfetto-trace")));
        waitFor("the system trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null
                && frame.timeline().scene().overlays().stream().anyMatch(o -> o instanceof ThreadStateOverlay));
        window.comboBox("processPicker").requireVisible().requireSelection("com.example.feed (1000, 5 threads) · app");
        // 8 threads, 5 of them the app's; once the tap's critical path is known, system_server's
        // binder thread it runs through stays shown too (docs/explorer.md, System traces)
        waitFor("the critical path", () -> frame.responseModel().path() != null);
        int binder = GuiActionRunner.execute(() -> frame.loaded().trace().system().threadIndex(610));
        waitFor("the path's binder thread shown", () -> !frame.timeline().scene().layout().hiddenThreads().contains(binder));
        int hidden = GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads().size());
        assertThat(hidden).isEqualTo(2);
        window.label("pathThreadsNote").requireText("+ 1 thread on the critical path");
        window.comboBox("processPicker").selectItem(3);
        waitFor("all lanes shown", () -> frame.timeline().scene().layout().hiddenThreads().isEmpty());
    }
}
