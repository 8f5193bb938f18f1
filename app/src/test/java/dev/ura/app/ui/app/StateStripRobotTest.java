package dev.ura.app.ui.app;

import com.formdev.flatlaf.FlatLaf;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.LaneBox;
import dev.ura.app.render.RenderedFrame;
import dev.ura.app.render.StripState;
import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.app.ui.Padding;
import dev.ura.app.ui.TraceSource;
import dev.ura.trace.testing.SystemScenarios;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JButton;
import javax.swing.JComponent;
import java.awt.Component;
import java.awt.Container;
import java.awt.Insets;
import java.awt.event.MouseEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Item 11's remaining parts in the window: the thread-state strip's legend and tooltips, a
 * slice's state breakdown, View › Arrows, padding that survives a theme switch, and the first
 * steps an empty window shows.
 */
@Tag("gui")
class StateStripRobotTest extends ExplorerRobotBase {

    private void openTap() {
        GuiActionRunner.execute(() -> frame.open(TraceSource.ofSample("/samples/system/feed-tap.perfetto-trace")));
        waitFor("the system trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null
                && frame.timeline().scene().overlays().stream().anyMatch(o -> o instanceof ThreadStateOverlay));
        waitFor("the tap's critical path", () -> frame.responseModel().path() != null);
        robot.waitForIdle();
    }

    @Test
    void theStripHasALegendTooltipsThatNameTheWaitAndTheDetailsBreakASliceDown() {
        openTap();
        JComponent key = robot.finder().findByName(frame, "stateLegend", JComponent.class, true);
        assertThat(GuiActionRunner.execute(() -> key.isShowing() && key.getHeight() > 10)).isTrue();
        List<String> legend = GuiActionRunner.execute(() -> frame.systemTool().legendEntries());
        for (StripState s : StripState.values()) {
            assertThat(legend).contains(s.label());
        }
        assertThat(legend).contains("wakeup", "binder call / reply", "flow", "critical-path hand-off");

        int worker = GuiActionRunner.execute(() -> frame.loaded().trace().system().threadIndex(SystemScenarios.WORKER));
        GuiActionRunner.execute(() -> frame.timeline().fitRange(t(0), t(2600)));
        robot.waitForIdle();
        // the feed-tap sample is SystemScenarios.tap(): FeedWorker is runnable 300–350 µs after the
        // main thread's wakeup, then runs on CPU 1, which SurfaceFlinger held until 350
        String tip = GuiActionRunner.execute(() -> {
            RenderedFrame f = frame.timeline().frame();
            LaneBox box = f.box(worker);
            int x = (int) Math.round(f.scene().axis().toPx(t(325)));
            int y = box.stripY(f.scene().metrics()) + box.strip() / 2;
            return frame.timeline().getToolTipText(new MouseEvent(frame.timeline(), MouseEvent.MOUSE_MOVED,
                    System.currentTimeMillis(), 0, x, y, 0, false));
        });
        assertThat(tip).contains("<b>runnable</b> 50 µs").contains("woken by om.example.feed 1000")
                .contains("waiting for CPU 1 (held by surfaceflinger 500)");

        // "fetch" (360–800 µs): running 110 µs on CPU 1, runnable 40, asleep 290 (worked out in StateDetailsTest)
        GuiActionRunner.execute(() -> frame.timeline().select(new SliceRef(worker, 0)));
        javax.swing.JEditorPane details = robot.finder().findByName(frame, "details", javax.swing.JEditorPane.class, false);
        // the pane's document as the user reads it (getText() would give HTML re-written by Swing)
        java.util.concurrent.Callable<String> shown = () -> details.getDocument().getText(0, details.getDocument().getLength());
        waitFor("the details of fetch", () -> shown.call().contains("Thread state during the slice"));
        assertThat(GuiActionRunner.execute(shown)).contains("Thread: FeedWorker")
                .contains("Running: 110 µs (25%) · on CPU 1 110 µs")
                .contains("Runnable: 40 µs (9%)")
                .contains("Sleeping: 290 µs (66%)");
    }

    @Test
    void viewArrowsTogglesAreRememberedAndTheLegendFollowsThem() {
        openTap();
        window.menuItemWithPath("View", "Arrows", "Wakeups").click();
        waitFor("wakeup arrows off", () -> !frame.timeline().arrows().wakeups());
        window.menuItemWithPath("View", "Arrows", "Critical Path Hand-offs").click();
        waitFor("path arrows off", () -> !frame.timeline().arrows().path());
        assertThat(GuiActionRunner.execute(() -> frame.prefs().arrows()))
                .isEqualTo(new dev.ura.app.render.ArrowToggles(false, true, false));
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().arrows().wakeups())).isFalse();
        assertThat(GuiActionRunner.execute(() -> frame.systemTool().legendEntries()))
                .doesNotContain("wakeup", "critical-path hand-off").contains("binder call / reply");
        // the response's path overlay remembers no arrow while they are hidden (no tooltip for an unseen arrow)
        robot.waitForIdle();
        assertThat(GuiActionRunner.execute(() -> frame.responses().overlay().arrows())).isEmpty();
        window.menuItemWithPath("View", "Arrows", "Wakeups").click();
        waitFor("wakeup arrows on again", () -> frame.prefs().arrows().wakeups());
    }

    /** Every component padded with {@link Padding}, and its insets. */
    private List<Insets> padding() {
        return GuiActionRunner.execute(() -> {
            List<Insets> out = new ArrayList<>();
            collect(frame.getContentPane(), out);
            return out;
        });
    }

    private static void collect(Component c, List<Insets> out) {
        if (c instanceof JComponent j && j.getBorder() instanceof Padding) {
            out.add(j.getInsets());
        }
        if (c instanceof Container k) {
            for (Component child : k.getComponents()) {
                collect(child, out);
            }
        }
    }

    @Test
    void switchingThemeKeepsThePanelsPaddingBothWays() {
        Insets status = GuiActionRunner.execute(() -> frame.status().getInsets());
        assertThat(status).isEqualTo(new Insets(2, 8, 2, 4)); // StatusBar's padding at 100 %
        List<Insets> light = padding();
        assertThat(light).hasSizeGreaterThan(5);
        window.menuItemWithPath("View", "Theme", "Dark").click();
        waitFor("the dark theme", FlatLaf::isLafDark);
        robot.waitForIdle();
        assertThat(GuiActionRunner.execute(() -> frame.status().getInsets())).isEqualTo(status);
        assertThat(padding()).isEqualTo(light);
        window.menuItemWithPath("View", "Theme", "Light").click();
        waitFor("the light theme", () -> !FlatLaf.isLafDark());
        robot.waitForIdle();
        assertThat(GuiActionRunner.execute(() -> frame.status().getInsets())).isEqualTo(status);
        assertThat(padding()).isEqualTo(light);
    }

    @Test
    void anEmptyWindowShowsTheFirstStepsAndASampleOpensFromThem() throws Exception {
        window.panel("welcome").requireVisible();
        WelcomePanel welcome = (WelcomePanel) window.panel("welcome").target();
        window.button("welcomeOpen").requireVisible().requireEnabled();
        // a recent file that still exists is offered; one that was deleted is not
        Path kept = Files.writeString(dir.resolve("kept.trace"), "x");
        Path gone = dir.resolve("gone.trace");
        List<String> links = GuiActionRunner.execute(() -> {
            frame.prefs().addRecent(gone);
            frame.prefs().addRecent(kept);
            welcome.fillRecent();
            List<String> texts = new ArrayList<>();
            for (Component c : ((Container) window.panel("welcomeRecent").target()).getComponents()) {
                if (c instanceof JButton b) {
                    texts.add(b.getText());
                }
            }
            return texts;
        });
        assertThat(links).hasSize(1);
        assertThat(links.get(0)).startsWith("kept.trace");
        window.button("welcomeSample").requireVisible().click();
        waitFor("a sample shown", () -> frame.loaded() != null && frame.timeline().isShowing());
        assertThat(GuiActionRunner.execute(welcome::isShowing)).isFalse();
    }
}
