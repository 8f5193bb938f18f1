package dev.ura.app.ui.app;

import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.assertj.swing.monitor.WindowMonitor;
import org.assertj.swing.timing.Condition;
import org.assertj.swing.timing.Pause;
import org.assertj.swing.timing.Timeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.awt.EventQueue;
import java.nio.file.Path;
import java.util.Collection;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.prefs.Preferences;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every robot test of the explorer shares: a strict-EDT repaint manager, a fresh window on
 * throw-away preferences at a size that fits Xvfb's default screen, and waiting on conditions
 * (never sleeping) so the tests hold up under load.
 */
abstract class ExplorerRobotBase {
    @TempDir
    Path dir;
    Robot robot;
    FrameFixture window;
    ExplorerFrame frame;
    private Preferences node;

    @BeforeAll
    static void strictEdt() {
        FailOnThreadViolationRepaintManager.install();
        // FlatLaf's submenu "safe triangle" pushes an EventQueue of its own while a submenu is open
        // and pops it when the submenu closes. AssertJ Swing's WindowMonitor remembers the queue each
        // window was opened on (the submenu's popup window: the pushed one) and keeps it after the
        // pop; from then on every robot action's waitForIdle posts to that dead queue, which nothing
        // dispatches, or finds the wake-up event push() left in the system queue, and waits out the
        // whole idle timeout (10 s) while the window itself is idle. That made View › Arrows and
        // View › Theme tests take minutes or "hang". The triangle only eases moving the mouse into a
        // submenu; the robot moves straight there. Read when FlatLaf is installed, so set it first.
        System.setProperty("flatlaf.useSubMenuSafeTriangle", "false");
    }

    @BeforeEach
    void open() {
        robot = BasicRobot.robotWithNewAwtHierarchy();
        node = Preferences.userRoot().node("dev/ura/test-" + UUID.randomUUID());
        frame = GuiActionRunner.execute(() -> {
            ThemeSupport.registerDefaults();
            ThemeSupport.install(false);
            return ExplorerApp.create(new UiPrefs(node), ThemeChoice.LIGHT);
        });
        window = new FrameFixture(robot, frame);
        // Shown at its size without packing first, as ExplorerApp shows it. FrameFixture.show(size)
        // packs, then resizes: when Xvfb's configure event for the packed size came after the first
        // paint, the split panes were first laid out small and the timeline ended up 17 px shorter
        // (divider at 475 instead of 492), a race between the X server and the event thread.
        robot.showWindow(frame, new java.awt.Dimension(1200, 860), false);
        // On an idle machine the first click can come before the X server has the just-mapped
        // window where Swing believes it is; the click then lands outside it and is lost ("clicking
        // on menu File never showed a pop-up menu"). Wait until the server reports the pointer over
        // the menu bar, which every test's first action is at or below.
        try {
            dev.ura.workload.SwingPrograms.pointerOver(robot, frame.getJMenuBar());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void close() throws Exception {
        // a second event queue known to the robot (see strictEdt) turns every waitForIdle into a 10 s wait
        Collection<EventQueue> queues = WindowMonitor.instance().allEventQueues();
        window.cleanUp();
        // Runs and Compare windows outlive the explorer frame; left open they would cover the
        // next test's window and swallow its clicks.
        GuiActionRunner.execute(() -> {
            for (java.awt.Window w : java.awt.Window.getWindows()) {
                w.dispose();
            }
        });
        node.removeNode();
        assertThat(queues).as("event queues the robot waits on").hasSize(1);
    }

    static void waitFor(String what, Callable<Boolean> test) {
        waitFor(what, test, 60_000);
    }

    static void waitFor(String what, Callable<Boolean> test, long timeoutMs) {
        Pause.pause(new Condition(what) {
            @Override
            public boolean test() {
                return GuiActionRunner.execute(test);
            }
        }, Timeout.timeout(timeoutMs));
    }

    /**
     * Presses a dialog's OK on the EDT and waits for it to close: a robot click on a dialog that is
     * still settling can miss under load and leave it open, which stalls everything behind it.
     */
    static void confirm(JOptionPaneFixture pane) {
        javax.swing.JButton ok = pane.okButton().target();
        GuiActionRunner.execute(() -> ok.doClick());
        waitFor("dialog closed", () -> !pane.target().isShowing());
    }
}
