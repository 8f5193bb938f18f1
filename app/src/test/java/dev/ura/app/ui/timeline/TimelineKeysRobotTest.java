package dev.ura.app.ui.timeline;

import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.timing.Condition;
import org.assertj.swing.timing.Pause;
import org.assertj.swing.timing.Timeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JFrame;
import javax.swing.JTextField;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.event.KeyEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A motion key (W/A/S/D, arrows) held on the timeline whose release never reaches it, because the
 * focus moved on while it was down (to the search field, a dialog, another window), must not go
 * on panning every 16 ms for good: the view lets go of held keys when it loses the focus.
 */
@Tag("gui")
class TimelineKeysRobotTest {
    private Robot robot;
    private JFrame window;
    private TimelineView view;
    private JTextField field;

    @BeforeEach
    void open() {
        robot = BasicRobot.robotWithNewAwtHierarchy();
        window = GuiActionRunner.execute(() -> {
            JFrame f = new JFrame("keys");
            view = new TimelineView();
            field = new JTextField(20);
            f.add(field, BorderLayout.NORTH);
            f.add(view, BorderLayout.CENTER);
            return f;
        });
        robot.showWindow(window, new Dimension(600, 300), false);
    }

    @AfterEach
    void close() {
        robot.releaseKey(KeyEvent.VK_D); // whatever happened, no key stays down for the next test
        robot.cleanUp();
    }

    private void waitFor(String what, java.util.function.BooleanSupplier test) {
        Pause.pause(new Condition(what) {
            @Override
            public boolean test() {
                return GuiActionRunner.execute(test::getAsBoolean);
            }
        }, Timeout.timeout(30_000));
    }

    @Test
    void aKeyReleasedAfterTheFocusMovedOnStopsTheMotion() {
        robot.focusAndWaitForFocusGain(view);
        robot.pressKey(KeyEvent.VK_D);
        waitFor("D pans the view", () -> view.keyMotionRunning());

        robot.focusAndWaitForFocusGain(field);
        robot.releaseKey(KeyEvent.VK_D); // reaches the field, not the view
        waitFor("the motion stopped", () -> !view.keyMotionRunning());
        robot.waitForIdle();
        assertThat(GuiActionRunner.execute(() -> view.keyMotionRunning())).isFalse();
    }
}
