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
