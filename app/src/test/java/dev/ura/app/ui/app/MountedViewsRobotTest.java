package dev.ura.app.ui.app;

import dev.ura.app.ui.profile.ProfileTabs;
import dev.ura.app.ui.runs.RunsActions;
import dev.ura.app.ui.TraceSource;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.ui.profile.CallGraphPanel;
import dev.ura.app.ui.profile.ProfilePanel;
import dev.ura.app.ui.runs.RunsWindow;
import org.assertj.swing.core.GenericTypeMatcher;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JTabbedPaneFixture;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.entity.XYItemEntity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JTabbedPane;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.event.KeyEvent;
import java.io.InputStream;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.core.MouseButton.LEFT_BUTTON;

/** The profile, call-graph and runs views as a user reaches them from the explorer window. */
@Tag("gui")
class MountedViewsRobotTest extends ExplorerRobotBase {
    private JTabbedPaneFixture bottomTabs() {
        return window.tabbedPane(new GenericTypeMatcher<>(JTabbedPane.class) {
            @Override
            protected boolean isMatching(JTabbedPane t) {
                return t.indexOfTab(ProfileTabs.PROFILE_TAB) >= 0;
            }
        });
    }

    private void openSample(String resource) {
        GuiActionRunner.execute(() -> frame.open(TraceSource.ofSample(resource)));
        waitFor("a selected response", () -> frame.responseModel().selectedResponse() != null);
    }

    @Test
    void profileFollowsTheSelectedResponseAndCallGraphIsLaidOut() {
        openSample("/samples/click-asynctask.trace");
        bottomTabs().selectTab(ProfileTabs.PROFILE_TAB);
        ProfilePanel profile = robot.finder().findByType(frame, ProfilePanel.class);
        waitFor("profile rows", () -> !profile.isBusy() && profile.profile() != null
                && window.table("profileTable").target().getRowCount() > 0);
        Response r = GuiActionRunner.execute(() -> frame.responseModel().selectedResponse());
        CallScope scope = GuiActionRunner.execute(() -> profile.profile().scope());
        assertThat(scope.fromNs()).isEqualTo(r.startNs());
        assertThat(scope.toNs()).isEqualTo(r.endNs());
        window.label("profilePanelScope").requireText("#" + r.index() + " " + r.trigger() + " on " + r.threadName()
                + " · " + dev.ura.app.render.TimeFormat.duration(r.durationNs()));

        window.checkBox("profilePanelFollow").requireSelected().click();
        waitFor("whole-trace profile", () -> !profile.isBusy() && profile.profile() != null
                && profile.profile().scope().fromNs() == Long.MIN_VALUE);
        window.label("profilePanelScope").requireText("whole trace");

        bottomTabs().selectTab(ProfileTabs.CALL_GRAPH_TAB);
        CallGraphPanel graph = robot.finder().findByType(frame, CallGraphPanel.class);
        // the choice is shared: the call graph also shows the whole trace
        window.checkBox("callGraphPanelFollow").requireNotSelected();
        waitFor("call graph laid out", () -> !graph.isBusy() && (graph.isGraphvizDrawing() || graph.isBuiltInDrawing()));
        assertThat(GuiActionRunner.execute(graph::note)).isNotBlank();
    }

    @Test
    void runsWindowShowsOnePointPerTraceAndOpensAndComparesRuns() throws Exception {
        copySample("/samples/click-asynctask.trace", "run-1.trace");
        copySample("/samples/click-asynctask.trace", "run-2.trace");
        copySample("/samples/click-asynctask-fixed.trace", "run-3.trace");
        RunsWindow runs = GuiActionRunner.execute(() -> RunsActions.openRuns(frame, dir));
        FrameFixture runsWindow = new FrameFixture(robot, runs);
        try {
            waitFor("three runs", () -> !runs.isLoading() && runs.runsPanel().regression() != null);
            assertThat(GuiActionRunner.execute(() -> runs.runsPanel().chart().getXYPlot().getDataset(0).getItemCount(0)))
                    .isEqualTo(3);
            assertThat(GuiActionRunner.execute(() -> runs.runsPanel().regression().series().runs()))
                    .containsExactly("run-1", "run-2", "run-3");
            double[] values = GuiActionRunner.execute(() -> runs.runsPanel().regression().series().values());
            assertThat(values[0]).isEqualTo(values[1]).isGreaterThan(values[2]);

            // by name: the comparison below the runs has a chart of its own (the critical-path deltas)
            ChartPanel chart = robot.finder().findByName(runs, "runsChart", ChartPanel.class);
            robot.click(chart, pointOf(chart, 2), LEFT_BUTTON, 1);
            waitFor("run 3 opened in the explorer", () -> frame.loaded() != null
                    && dir.resolve("run-3.trace").equals(frame.loaded().source().file()));

            // opening a run brings the explorer to the front; go back to the runs
            runsWindow.moveToFront();
            robot.pressKey(KeyEvent.VK_CONTROL);
            robot.click(chart, pointOf(chart, 0), LEFT_BUTTON, 1);
            robot.click(chart, pointOf(chart, 2), LEFT_BUTTON, 1);
            robot.releaseKey(KeyEvent.VK_CONTROL);
            runsWindow.button(org.assertj.swing.core.matcher.JButtonMatcher.withText("Compare")).requireEnabled().click();
            waitFor("comparison", () -> !runs.comparison().isBusy() && runs.comparison().diffPanel().diff() != null);
            assertThat(GuiActionRunner.execute(() -> runs.comparison().diffPanel().diff().deltaNs())).isNegative();
        } finally {
            runsWindow.cleanUp();
        }
    }

    @Test
    void compareWithShowsTheCriticalPathDiffAgainstAnotherTrace() throws Exception {
        copySample("/samples/click-asynctask-fixed.trace", "fixed.trace");
        openSample("/samples/click-asynctask.trace");
        dev.ura.app.ui.runs.ComparisonView view = GuiActionRunner.execute(
                () -> RunsActions.compareWith(frame, dir.resolve("fixed.trace")));
        FrameFixture compare = new FrameFixture(robot, (java.awt.Frame) javax.swing.SwingUtilities.getWindowAncestor(view));
        try {
            waitFor("comparison", () -> !view.isBusy() && view.diffPanel().diff() != null);
            assertThat(GuiActionRunner.execute(() -> view.diffPanel().diff().deltaNs())).isNegative();
            assertThat(GuiActionRunner.execute(() -> view.diffPanel().table().getRowCount())).isPositive();
        } finally {
            compare.cleanUp();
        }
    }

    private void copySample(String resource, String name) throws Exception {
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            Files.copy(in, dir.resolve(name));
        }
    }

    private static Point pointOf(ChartPanel chart, int index) {
        return GuiActionRunner.execute(() -> {
            for (Object o : chart.getChartRenderingInfo().getEntityCollection().getEntities()) {
                if (o instanceof XYItemEntity e && e.getSeriesIndex() == 0 && e.getItem() == index) {
                    Rectangle r = e.getArea().getBounds();
                    return new Point((int) r.getCenterX(), (int) r.getCenterY());
                }
            }
            throw new AssertionError("run " + index + " was not painted");
        });
    }
}
