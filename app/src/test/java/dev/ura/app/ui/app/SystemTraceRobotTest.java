package dev.ura.app.ui.app;

import dev.ura.app.ui.TraceSource;
import dev.ura.app.render.ThreadStateOverlay;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The bundled Perfetto sample in the window: state strip, and a process picker that filters lanes. */
@Tag("gui")
class SystemTraceRobotTest extends ExplorerRobotBase {

    @Test
    void processPickerShowsTheAppFirstAndAllOnRequest() {
        GuiActionRunner.execute(() -> frame.open(TraceSource.ofSample("/samples/system/feed-tap.perfetto-trace")));
        waitFor("the system trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null
                && frame.timeline().scene().overlays().stream().anyMatch(o -> o instanceof ThreadStateOverlay));
        window.comboBox("processPicker").requireVisible().requireSelection("com.example.feed (1000, 5 threads) · app");
        // 8 threads, 5 of them the app's. The other processes' 3 lanes are hidden, except a thread on the
        // selected response's critical path (system_server's binder thread, which served the worker's
        // call): it stays shown once the path is computed in the background, so the final state is 2 hidden.
        waitFor("the other processes' lanes hidden but the critical path's",
                () -> frame.timeline().scene().layout().hiddenThreads().size() == 2);
        List<String> hidden = GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads().stream()
                .map(t -> frame.loaded().trace().threads().get(t).name()).toList());
        assertThat(hidden).hasSize(2).doesNotContain("binder:600_1");
        window.comboBox("processPicker").selectItem(3);
        waitFor("all lanes shown", () -> frame.timeline().scene().layout().hiddenThreads().isEmpty());
    }
}
