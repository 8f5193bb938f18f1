package dev.ura.app.ui.runs;

import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;
import org.jfree.chart.entity.XYItemEntity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JFrame;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.event.KeyEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.core.MouseButton.LEFT_BUTTON;

/** The runs view on screen: a click opens a run, Ctrl-clicks select two and "Compare" compares them. */
@Tag("gui")
class RunsPanelRobotTest {
    private FrameFixture window;
    private RunsPanel panel;
    private final List<String> calls = new CopyOnWriteArrayList<>();
    /** Every mouse and key event the JVM saw, printed when a click is lost (an idle-machine race). */
    private final List<String> mouse = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void checkThreads() {
        FailOnThreadViolationRepaintManager.install();
    }

    @BeforeEach
    void show() {
        JFrame frame = GuiActionRunner.execute(() -> {
            panel = new RunsPanel();
            panel.setRegression(RunsPanelTest.shiftAndSpike(), true);
            panel.setRunsListener(new RunsListener() {
                @Override
                public void openRun(int index, String run) {
                    calls.add("open " + index + " " + run);
                }

                @Override
                public void compareRuns(int older, String olderRun, int newer, String newerRun) {
                    calls.add("compare " + olderRun + " " + newerRun);
                }
            });
            JFrame f = new JFrame("runs");
            f.setContentPane(panel);
            f.setSize(900, 500);
            return f;
        });
        java.awt.Toolkit.getDefaultToolkit().addAWTEventListener(e -> mouse.add(e.paramString() + " on "
                + e.getSource().getClass().getSimpleName()), java.awt.AWTEvent.MOUSE_EVENT_MASK | java.awt.AWTEvent.KEY_EVENT_MASK);
        window = new FrameFixture(frame);
        // Shown at its size without packing, as the explorer's robot base does: FrameFixture.show()
        // packs first, and when Xvfb's configure event for the packed size comes after the chart has
        // settled, the chart is laid out again and a click aimed at the settled point misses it.
        window.robot().showWindow(frame, new java.awt.Dimension(900, 500), false);
        window.moveToFront();
        window.robot().waitForIdle();
        waitUntil("the chart is painted where it will stay", this::paintedAndSettled);
    }

    /**
     * Whether run 12 is painted and at the same place after another idle cycle: the chart lays out
     * again once the frame has its final size, and a click aimed before that can miss the point.
     */
    private boolean paintedAndSettled() {
        try {
            Point first = pointOf(12);
            window.robot().waitForIdle();
            return first.equals(pointOf(12));
        } catch (AssertionError notYet) {
            window.robot().waitForIdle();
            return false;
        }
    }

    private static void waitUntil(String what, java.util.function.BooleanSupplier test) {
        org.assertj.swing.timing.Pause.pause(new org.assertj.swing.timing.Condition(what) {
            @Override
            public boolean test() {
                return test.getAsBoolean();
            }
        }, org.assertj.swing.timing.Timeout.timeout(30_000));
    }

    @AfterEach
    void close() {
        window.cleanUp();
    }

    @Test
    void clickOpensCtrlClicksSelectAndCompareCompares() {
        // On an idle machine the first move can come before the X server has the just-mapped
        // window where Swing believes it is; a click aimed then is lost (docs: SwingPrograms).
        try {
            dev.ura.workload.SwingPrograms.pointerOver(window.robot(), panel.chartPanel());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        window.robot().click(panel.chartPanel(), pointOf(12), LEFT_BUTTON, 1);
        try {
            waitUntil("the click reaches the listener", () -> !calls.isEmpty());
        } catch (RuntimeException e) {
            System.err.println("click lost: run 12 at " + pointOf(12) + " panel at " + GuiActionRunner.execute(() -> panel.chartPanel().getLocationOnScreen())
                    + " mouse events: " + mouse + " pointer " + java.awt.MouseInfo.getPointerInfo().getLocation());
            throw e;
        }
        assertThat(calls).containsExactly("open 12 c12");
        window.button(org.assertj.swing.core.matcher.JButtonMatcher.withText("Compare")).requireDisabled();
        window.robot().pressKey(KeyEvent.VK_CONTROL);
        window.robot().click(panel.chartPanel(), pointOf(60), LEFT_BUTTON, 1);
        window.robot().click(panel.chartPanel(), pointOf(5), LEFT_BUTTON, 1);
        window.robot().releaseKey(KeyEvent.VK_CONTROL);
        window.button(org.assertj.swing.core.matcher.JButtonMatcher.withText("Compare")).requireEnabled().click();
        waitUntil("the comparison reaches the listener", () -> calls.size() >= 2);
        assertThat(calls).containsExactly("open 12 c12", "compare c5 c60");
    }

    /** Centre of run {@code index}'s point as last painted. */
    private Point pointOf(int index) {
        return GuiActionRunner.execute(() -> {
            for (Object o : panel.chartPanel().getChartRenderingInfo().getEntityCollection().getEntities()) {
                if (o instanceof XYItemEntity e && e.getSeriesIndex() == RunsChartModel.VALUES && e.getItem() == index) {
                    Rectangle r = e.getArea().getBounds();
                    return new Point((int) r.getCenterX(), (int) r.getCenterY());
                }
            }
            throw new AssertionError("run " + index + " was not painted");
        });
    }
}
