package dev.ura.app.ui.app;

import dev.ura.app.ui.TraceSource;
import dev.ura.app.render.ThreadStateOverlay;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

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
        int appLanes = GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads().size());
        assertThat(appLanes).isEqualTo(3); // 8 threads, 5 of them the app's
        window.comboBox("processPicker").selectItem(3);
        waitFor("all lanes shown", () -> frame.timeline().scene().layout().hiddenThreads().isEmpty());
    }
}
