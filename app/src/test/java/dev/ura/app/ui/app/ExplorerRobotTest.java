package dev.ura.app.ui.app;

import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.ui.export.ExportActions;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.DrawList;
import dev.ura.trace.testing.SharedFiles;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.assertj.swing.fixture.JPopupMenuFixture;
import org.assertj.swing.timing.Pause;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Point;
import java.awt.event.KeyEvent;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The explorer driven by a robot under Xvfb: open, select a response, what-if, annotate, export. */
@Tag("gui")
class ExplorerRobotTest extends ExplorerRobotBase {
    private Path trace() throws Exception {
        Path src = SharedFiles.require("traces/android/ff-art-trace-regular.trace");
        Path copy = dir.resolve("app.trace");
        Files.copy(src, copy);
        return copy;
    }

    private void openAndSelectResponse(Path file) {
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("responses", () -> frame.responseModel().responses().size() == 4
                && frame.responseModel().path() != null);
        window.table("responses").selectRows(1);
        try {
            waitFor("critical path", () -> frame.responseModel().selected() == 1 && frame.responseModel().path() != null);
        } catch (org.assertj.swing.exception.WaitTimedOutError e) {
            throw new AssertionError("no critical path; model status: "
                    + GuiActionRunner.execute(() -> frame.responseModel().status() + ", selected "
                    + frame.responseModel().selected()), e);
        }
    }

    /** The on-screen centre of a slice as last painted, or null. */
    private Point centreOf(SliceRef s) {
        return GuiActionRunner.execute(() -> {
            DrawList items = frame.timeline().frame().items();
            for (int i = 0; i < items.size(); i++) {
                if (!items.isFold(i) && items.thread(i) == s.thread() && items.call(i) == s.call()) {
                    return new Point((int) (items.x(i) + items.width(i) / 2), items.y(i) + items.height(i) / 2);
                }
            }
            return null;
        });
    }

    @Test
    void selectingAResponseAndDeferringASliceChangesTheEstimate() throws Exception {
        openAndSelectResponse(trace());
        Segment target = GuiActionRunner.execute(() -> frame.responseModel().path().segments().stream()
                .filter(s -> s.call() != null && s.durationNs() > 0).max(java.util.Comparator.comparingLong(Segment::durationNs))
                .orElseThrow());
        GuiActionRunner.execute(() -> frame.responses().show(target));
        robot.waitForIdle();
        Point p = centreOf(target.call());
        assertThat(p).as("the segment's slice is painted").isNotNull();
        robot.click(frame.timeline(), p, MouseButton.RIGHT_BUTTON, 1);
        new JPopupMenuFixture(robot, robot.findActivePopupMenu())
                .menuItemWithPath("What If", "Defer Until After the Response").click();
        waitFor("estimate", () -> frame.responseModel().estimate() != null);
        long baseline = GuiActionRunner.execute(() -> frame.responseModel().selectedResponse().durationNs());
        long estimated = GuiActionRunner.execute(() -> frame.responseModel().estimate().durationNs());
        assertThat(estimated).isLessThanOrEqualTo(baseline);
        window.tabbedPane().selectTab("What-if");
        window.label("estimate").requireText(java.util.regex.Pattern.compile("Estimated: [0-9].*"));
        assertThat(window.list("scenario").contents()).hasSize(1);
        window.button("removeChange").requireDisabled(); // nothing selected to remove
        window.list("scenario").selectItem(0);
        window.button("removeChange").click();
        waitFor("baseline again", () -> frame.responseModel().scenario().isEmpty());
    }

    @Test
    void aNoteIsAddedSavedBesideTheTraceAndTheViewExports() throws Exception {
        Path file = trace();
        openAndSelectResponse(file);
        Point at = GuiActionRunner.execute(() -> new Point(frame.timeline().getWidth() / 2,
                frame.timeline().scene().metrics().ruler() + frame.timeline().scene().metrics().header() + 5));
        robot.click(frame.timeline(), at, MouseButton.RIGHT_BUTTON, 1);
        new JPopupMenuFixture(robot, robot.findActivePopupMenu()).menuItemWithPath("Add Note Here…").click();
        JOptionPaneFixture pane = JOptionPaneFinder.findOptionPane().using(robot);
        javax.swing.text.JTextComponent text = pane.textBox().target();
        GuiActionRunner.execute(() -> text.setText("slow inflate"));
        confirm(pane);
        Path sidecar = dir.resolve("app.trace.ura.json");
        waitFor("sidecar", () -> Files.exists(sidecar));
        assertThat(Files.readString(sidecar)).contains("slow inflate");
        long before = GuiActionRunner.execute(() -> frame.annotations().annotations().get(0).from().timeNs());
        robot.waitForIdle();
        Point grab = GuiActionRunner.execute(() -> {
            int y = frame.timeline().frame().laneAnchorY(0);
            int x = (int) Math.round(frame.timeline().scene().axis().toPx(before));
            return new Point(x, y - 4);
        });
        robot.pressMouse(frame.timeline(), grab, MouseButton.LEFT_BUTTON);
        robot.moveMouse(frame.timeline(), grab.x + 40, grab.y);
        robot.moveMouse(frame.timeline(), grab.x + 80, grab.y);
        robot.releaseMouse(MouseButton.LEFT_BUTTON);
        waitFor("note moved and saved", () -> frame.annotations().annotations().get(0).from().timeNs() > before);
        long moved = GuiActionRunner.execute(() -> frame.annotations().annotations().get(0).from().timeNs());
        waitFor("saved", () -> Files.readString(sidecar).contains("\"timeNs\" : " + moved));

        Path png = dir.resolve("view.png");
        Path svg = dir.resolve("view.svg");
        GuiActionRunner.execute(() -> {
            ExportActions.write(frame, png, false);
            ExportActions.write(frame, svg, true);
            return null;
        });
        // written off the EDT: wait for both files to be complete
        waitFor("exported", () -> {
            try {
                return Files.readString(svg).contains("</svg>") && ImageIO.read(png.toFile()) != null;
            } catch (java.io.IOException | RuntimeException notYet) {
                return false;
            }
        });
        assertThat(ImageIO.read(png.toFile()).getWidth()).isGreaterThanOrEqualTo(640);
        assertThat(Files.readString(svg)).contains("<svg").contains("slow inflate").contains("HomeActivity");
    }

    @Test
    void aBadFileShowsTheReadersMessageAndKeepsTheOpenTrace() throws Exception {
        openAndSelectResponse(trace());
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, "not a trace at all");
        GuiActionRunner.execute(() -> frame.open(bad));
        JOptionPaneFixture pane = JOptionPaneFinder.findOptionPane().withTimeout(30_000).using(robot);
        pane.requireErrorMessage();
        pane.requireMessage(java.util.regex.Pattern.compile(".*bad\\.trace.*"));
        confirm(pane);
        assertThat(GuiActionRunner.execute(() -> frame.loaded().source().name())).isEqualTo("app.trace");
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene() != null)).isTrue();
    }

    @Test
    void keysZoomAndFitAndSearchStepsThroughMatches() throws Exception {
        openAndSelectResponse(trace());
        double before = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());
        robot.click(frame.timeline(), new Point(200, 5));
        robot.pressKey(KeyEvent.VK_W);
        robot.waitForIdle();
        Pause.pause(200);
        robot.releaseKey(KeyEvent.VK_W);
        double zoomed = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());
        assertThat(zoomed).isLessThan(before);
        robot.pressAndReleaseKeys(KeyEvent.VK_0);
        double all = GuiActionRunner.execute(() -> frame.timeline().scene().axis().nsPerPx());
        assertThat(all).isGreaterThan(before);

        window.textBox("search").enterText("performClick");
        window.textBox("search").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitFor("a match is selected", () -> frame.selection() != null);
        String name = GuiActionRunner.execute(() -> SliceDescriptions.label(frame.loaded().trace(), frame.selection()));
        assertThat(name).containsIgnoringCase("performClick");
        window.textBox("details").requireText(java.util.regex.Pattern.compile("(?si).*performClick.*"));
    }

    @Test
    void aBundledSampleOpensFromTheMenuAndAFindingsFixBecomesAWhatIf() {
        assertThat(SampleCatalog.list()).contains("/samples/forum-feed.trace");
        window.menuItemWithPath("File", "Samples", "forum-feed.trace").click();
        waitFor("responses", () -> !frame.responseModel().responses().isEmpty()
                && frame.responseModel().path() != null);
        assertThat(GuiActionRunner.execute(() -> frame.loaded().source().file())).isNull();
        waitFor("findings", () -> !frame.responseModel().findings().isEmpty());
        window.tabbedPane().selectTab("Findings");
        int row = GuiActionRunner.execute(() -> {
            var list = frame.responseModel().findings();
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i).suggestion() != null) {
                    return i;
                }
            }
            return -1;
        });
        assertThat(row).as("a finding with a suggestion").isNotNegative();
        window.table("findings").selectRows(row);
        window.button("showFinding").click();
        window.button("tryFix").click();
        waitFor("estimate of the fix", () -> frame.responseModel().estimate() != null);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().scenario().changes())).hasSize(1);
    }

    @Test
    void aWrongHandOffLinkIsRemovedFromItsArrowAndTheAnalysisFollows() {
        window.menuItemWithPath("File", "Samples", "forum-feed.trace").click();
        waitFor("critical path", () -> frame.responseModel().path() != null);
        robot.waitForIdle();
        Point mid = GuiActionRunner.execute(() -> {
            var arrows = frame.responses().overlay().arrows();
            if (arrows.isEmpty()) {
                return null;
            }
            var a = arrows.get(0);
            return new Point((a.x1() + a.x2()) / 2, (a.y1() + a.y2()) / 2);
        });
        assertThat(mid).as("a hand-off arrow is drawn").isNotNull();
        assertThat(GuiActionRunner.execute(() -> frame.timeline().getToolTipText(new java.awt.event.MouseEvent(
                frame.timeline(), 0, 0, 0, mid.x, mid.y, 0, false)))).contains("hand-off");
        robot.click(frame.timeline(), mid, MouseButton.RIGHT_BUTTON, 1);
        JPopupMenuFixture menu = new JPopupMenuFixture(robot, robot.findActivePopupMenu());
        String remove = java.util.Arrays.stream(menu.menuLabels()).filter(l -> l.startsWith("Remove This Link"))
                .findFirst().orElseThrow();
        menu.menuItemWithPath(remove).click();
        waitFor("re-linked", () -> frame.responseModel().edits().removed().size() == 1
                && frame.responseModel().analysis() != null && frame.responseModel().path() != null);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().analysis().options().edits().removed())).hasSize(1);
    }
}
