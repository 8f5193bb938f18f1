package dev.ura.app.ui.runs;

import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.assertj.swing.timing.Pause;
import org.assertj.swing.timing.Timeout;
import org.jfree.chart.entity.XYItemEntity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Point;
import java.awt.Rectangle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.core.MouseButton.LEFT_BUTTON;

/** The Runs window on a run store: the pickers re-query, a click on a point opens that run's trace. */
@Tag("gui")
class StoreRunsRobotTest {
    @TempDir
    Path dir;
    private FrameFixture window;
    private RunsWindow runs;
    private final List<Path> opened = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void checkThreads() {
        FailOnThreadViolationRepaintManager.install();
    }

    @AfterEach
    void close() {
        if (window != null) {
            window.cleanUp();
        }
    }

    private void open(Path store) {
        runs = GuiActionRunner.execute(() -> {
            RunsWindow w = RunsWindow.open(null, store, opened::add);
            w.setSize(1000, 760);
            return w;
        });
        window = new FrameFixture(runs);
        window.moveToFront();
        waitUntil("the store's series", () -> GuiActionRunner.execute(() -> !runs.isLoading()
                && runs.runsPanel().regression() != null));
    }

    @Test
    void switchingTheMetricRequeriesAndAClickOpensThatRunsTrace() throws Exception {
        Path store = StoreLoadWorkerTest.store(dir);
        open(store);
        window.comboBox("storeRuns").requireSelection("scenario=click");
        window.comboBox("storeMetric").requireSelection("duration");
        assertThat(GuiActionRunner.execute(() -> runs.runsPanel().regression().series().metric()))
                .isEqualTo("duration[scenario=click]");

        window.comboBox("storeMetric").selectItem("max-duration");
        waitUntil("the max-duration series", () -> GuiActionRunner.execute(() -> !runs.isLoading()
                && runs.runsPanel().regression().series().metric().equals("max-duration[scenario=click]")));
        window.comboBox("storeBy").selectItem("tag build");
        waitUntil("the series by build tag", () -> GuiActionRunner.execute(() -> !runs.isLoading()
                && runs.runsPanel().regression().series().runs().equals(List.of("1", "2"))));
        assertThat(window.label("runsStatus").text()).startsWith("2 runs from the store");

        waitUntil("the chart is painted where it will stay", () -> settled(1));
        window.robot().click(runs.runsPanel().chartPanel(), pointOf(1), LEFT_BUTTON, 1);
        waitUntil("the click opens a trace", () -> !opened.isEmpty());
        // point 1 is build 2, the fixed twin (StoreLoadWorkerTest.store)
        assertThat(opened).containsExactly(dir.resolve("traces/click-asynctask-fixed.trace"));

        Files.delete(dir.resolve("traces/click-asynctask.trace"));
        window.robot().click(runs.runsPanel().chartPanel(), pointOf(0), LEFT_BUTTON, 1);
        waitUntil("the status says the trace is gone", () -> window.label("runsStatus").text().contains("not there"));
        assertThat(window.label("runsStatus").text()).startsWith("1: its trace ").contains("click-asynctask.trace");
        assertThat(opened).hasSize(1);
    }

    private boolean settled(int index) {
        try {
            Point first = pointOf(index);
            window.robot().waitForIdle();
            return first.equals(pointOf(index));
        } catch (AssertionError notYet) {
            window.robot().waitForIdle();
            return false;
        }
    }

    /** Centre of point {@code index} as last painted. */
    private Point pointOf(int index) {
        return GuiActionRunner.execute(() -> {
            for (Object o : runs.runsPanel().chartPanel().getChartRenderingInfo().getEntityCollection().getEntities()) {
                if (o instanceof XYItemEntity e && e.getSeriesIndex() == RunsChartModel.VALUES && e.getItem() == index) {
                    Rectangle r = e.getArea().getBounds();
                    return new Point((int) r.getCenterX(), (int) r.getCenterY());
                }
            }
            throw new AssertionError("point " + index + " was not painted");
        });
    }

    private static void waitUntil(String what, BooleanSupplier test) {
        Pause.pause(new Condition(what) {
            @Override
            public boolean test() {
                return test.getAsBoolean();
            }
        }, Timeout.timeout(60_000));
    }
}
