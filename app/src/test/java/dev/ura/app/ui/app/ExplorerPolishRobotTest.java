package dev.ura.app.ui.app;

import org.assertj.swing.core.GenericTypeMatcher;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.DialogFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JDialog;
import java.awt.Point;
import java.awt.event.KeyEvent;

import static org.assertj.core.api.Assertions.assertThat;

/** The explorer's mouse wheel, its help table and secondary windows, driven by a robot. */
@Tag("gui")
class ExplorerPolishRobotTest extends ExplorerRobotBase {

    private void openSample() {
        GuiActionRunner.execute(() -> frame.open(dev.ura.app.ui.TraceSource.ofSample("/samples/news-launch.trace")));
        waitFor("a painted trace with a response", () -> frame.responseModel().selectedResponse() != null
                && frame.timeline().frame() != null);
        robot.waitForIdle();
    }

    @Test
    void wheelScrollsThreadsAndCtrlWheelZooms() {
        openSample();
        int[] extent = GuiActionRunner.execute(() -> frame.timeline().scrollExtent());
        assertThat(extent[0]).as("lanes taller than the view, so there is something to scroll").isGreaterThan(extent[1]);
        Point middle = GuiActionRunner.execute(() -> new Point(frame.timeline().getWidth() / 2,
                frame.timeline().getHeight() / 2));
        double zoom = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());
        int scroll = GuiActionRunner.execute(() -> frame.timeline().scene().scrollY());

        robot.moveMouse(frame.timeline(), middle);
        robot.rotateMouseWheel(frame.timeline(), 3);
        waitFor("scrolled down", () -> frame.timeline().scene().scrollY() > scroll);
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx()))
                .as("the plain wheel does not zoom").isEqualTo(zoom);

        robot.pressKey(KeyEvent.VK_CONTROL);
        try {
            robot.rotateMouseWheel(frame.timeline(), -3);
        } finally {
            robot.releaseKey(KeyEvent.VK_CONTROL);
        }
        waitFor("zoomed in", () -> frame.timeline().scene().axis().nsPerPx() < zoom);

        // the preference brings back wheel-zooms
        window.menuItemWithPath("View", "Mouse Wheel Zooms (Ctrl+Wheel Scrolls)").click();
        assertThat(GuiActionRunner.execute(() -> frame.prefs().wheelZooms())).isTrue();
        double before = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());
        int scrolled = GuiActionRunner.execute(() -> frame.timeline().scene().scrollY());
        robot.rotateMouseWheel(frame.timeline(), 2);
        waitFor("zoomed out", () -> frame.timeline().scene().axis().nsPerPx() > before);
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().scrollY())).isEqualTo(scrolled);
    }

    @Test
    void shiftDragMarksARangeThatCanBeAnalysedAsAResponse() {
        openSample();
        int y = GuiActionRunner.execute(() -> frame.timeline().getHeight() / 2);
        int x0 = GuiActionRunner.execute(() -> frame.timeline().getWidth() / 4);
        int x1 = GuiActionRunner.execute(() -> frame.timeline().getWidth() / 2);
        long from = GuiActionRunner.execute(() -> frame.timeline().timeAtPx(x0));
        long to = GuiActionRunner.execute(() -> frame.timeline().timeAtPx(x1));
        double zoom = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());

        robot.moveMouse(frame.timeline(), new Point(x0, y));
        robot.pressKey(KeyEvent.VK_SHIFT);
        try {
            robot.pressMouse(org.assertj.swing.core.MouseButton.LEFT_BUTTON);
            robot.moveMouse(frame.timeline(), new Point((x0 + x1) / 2, y));
            robot.moveMouse(frame.timeline(), new Point(x1, y));
            waitFor("the range marked while dragging", () -> frame.timeline().rangeMark() != null
                    && frame.timeline().rangeMark()[1] > frame.timeline().rangeMark()[0]);
            robot.releaseMouse(org.assertj.swing.core.MouseButton.LEFT_BUTTON);
        } finally {
            robot.releaseKey(KeyEvent.VK_SHIFT);
        }
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx()))
                .as("a Shift+drag marks, it does not pan or zoom").isEqualTo(zoom);
        window.menuItem("analyseRange").click();
        waitFor("the range analysed as a response set by hand", () -> frame.responseModel().analysis() != null
                && frame.responseModel().analysis().responseByHand() != null);
        var byHand = GuiActionRunner.execute(() -> frame.responseModel().analysis().responseByHand());
        // one pixel either way: the robot's pointer lands on whole pixels
        double nsPerPx = zoom;
        assertThat((double) byHand.fromNs()).isCloseTo(from, org.assertj.core.data.Offset.offset(nsPerPx * 1.5));
        assertThat((double) byHand.toNs()).isCloseTo(to, org.assertj.core.data.Offset.offset(nsPerPx * 1.5));
        assertThat(GuiActionRunner.execute(() -> frame.timeline().rangeMark())).as("the mark goes with the menu").isNull();
    }

    @Test
    void keyboardHelpIsATableAndEscClosesIt() {
        window.menuItemWithPath("Help", "Keyboard and Mouse").click();
        DialogFixture help = org.assertj.swing.finder.WindowFinder.findDialog(new GenericTypeMatcher<>(JDialog.class) {
            @Override
            protected boolean isMatching(JDialog d) {
                return "keysHelp".equals(d.getName()) && d.isShowing();
            }
        }).withTimeout(10_000).using(robot);
        JTableFixture table = help.table("keysTable");
        String[][] cells = table.contents();
        assertThat(cells.length).isEqualTo(KeysHelp.rows(false).length);
        assertThat(cells[0]).containsExactly("Wheel", "scroll threads up and down");
        assertThat(cells[1][1]).isEqualTo("zoom around the pointer");
        for (String[] row : cells) {
            for (String cell : row) {
                assertThat(cell).as("no markup in the help").doesNotContain("<");
            }
        }
        help.pressAndReleaseKeys(KeyEvent.VK_ESCAPE);
        waitFor("help closed", () -> !help.target().isShowing());
    }
}
