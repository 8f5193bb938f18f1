package dev.ura.app.ui.app;

import dev.ura.app.render.GroupBox;
import dev.ura.app.ui.TraceSource;
import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.trace.testing.SystemScenarios;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.awt.Point;
import java.awt.event.KeyEvent;

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
        // The tap's response is analysed in the background; once its critical path is known, the
        // path's threads in other processes stay shown (docs/explorer.md). Reading the lanes before
        // that raced with the analysis (3 hidden on a quiet machine, 2 under load).
        waitFor("the tap's critical path", () -> frame.responseModel().path() != null);
        robot.waitForIdle();
        int hidden = GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads().size());
        // 8 threads, 5 of them the app's; of the other 3, system_server's binder thread serves the
        // worker's binder call on the critical path and stays shown; system_server's main thread and
        // surfaceflinger are hidden. The trace's 7 slices are on 4 threads (the app's main 3,
        // FeedWorker 2, RenderThread 1, the binder thread 1): the app's pool and JIT threads have
        // none and stay hidden too, as the status bar says ("4 threads without calls hidden").
        assertThat(hidden).isEqualTo(4);
        assertThat(GuiActionRunner.execute(() -> frame.timeline().emptyThreadsHidden())).isEqualTo(4);
        int binder = GuiActionRunner.execute(() -> frame.loaded().trace().system().threadIndex(SystemScenarios.BINDER));
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads())).doesNotContain(binder);
        window.label("pathThreadsNote").requireText("+ 1 thread on the critical path");
        window.comboBox("processPicker").selectItem(3);
        // every process: the same 4 threads without calls stay hidden (one rule, as the status bar counts)
        waitFor("all lanes with calls shown", () -> frame.timeline().scene().layout().hiddenThreads().size() == 4);
        assertThat(GuiActionRunner.execute(() -> {
            var trace = frame.loaded().trace();
            return frame.timeline().scene().layout().hiddenThreads().stream()
                    .allMatch(t -> trace.threads().get(t).calls().size() == 0);
        })).isTrue();
    }

    @Test
    void aProcessHeaderClosesAndOpensItsThreadsByClickAndByKey() {
        GuiActionRunner.execute(() -> frame.open(TraceSource.ofSample("/samples/system/feed-tap.perfetto-trace")));
        waitFor("the system trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null
                && frame.timeline().scene().layout().groupedByProcess());
        waitFor("the tap's critical path", () -> frame.responseModel().path() != null);
        robot.waitForIdle();
        int main = GuiActionRunner.execute(() -> frame.loaded().trace().system().threadIndex(SystemScenarios.APP));
        // the app's process starts open, with its main thread's lane under its header
        GroupBox app = GuiActionRunner.execute(() -> frame.timeline().frame().groups().stream()
                .filter(g -> g.key() == SystemScenarios.APP).findFirst().orElseThrow());
        assertThat(app.collapsed()).isFalse();
        assertThat(GuiActionRunner.execute(() -> frame.timeline().frame().box(main))).isNotNull();
        // the CPUs' header comes first, above the processes
        assertThat(GuiActionRunner.execute(() -> frame.timeline().frame().groups().get(0).isCpus())).isTrue();

        robot.click(frame.timeline(), new Point(300, app.y() + app.height() / 2));
        waitFor("the app's process closed", () -> frame.timeline().frame().box(main) == null);
        GroupBox closed = GuiActionRunner.execute(() -> frame.timeline().frame().groups().stream()
                .filter(g -> g.key() == SystemScenarios.APP).findFirst().orElseThrow());
        assertThat(closed.collapsed()).isTrue();

        // the keyboard: Enter over the header opens it again
        robot.moveMouse(frame.timeline(), new Point(300, closed.y() + closed.height() / 2));
        GuiActionRunner.execute(() -> frame.timeline().requestFocusInWindow());
        robot.waitForIdle();
        robot.pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitFor("the app's process open again", () -> frame.timeline().frame().box(main) != null);
    }
}
