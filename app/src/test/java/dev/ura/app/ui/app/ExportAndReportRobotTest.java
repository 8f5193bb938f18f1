package dev.ura.app.ui.app;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationKind;
import dev.ura.app.render.AnchorPoints;
import dev.ura.app.render.DrawList;
import dev.ura.app.render.RenderedFrame;
import dev.ura.app.render.ResponseExport;
import dev.ura.app.report.ResponsePicture;
import dev.ura.app.ui.export.ReportActions;
import dev.ura.app.ui.export.ResponseExportActions;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.trace.model.CallTable;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.assertj.swing.fixture.JPopupMenuFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Annotations pinned to slices following zoom and collapse; exporting a whole response; saving a
 * report bundle and reopening it on the same view.
 */
@Tag("gui")
class ExportAndReportRobotTest extends ExplorerRobotBase {
    private static final String SAMPLE = "/samples/news-launch.trace";

    private Path copyOfSample() throws Exception {
        Path copy = dir.resolve("news.trace");
        try (InputStream in = getClass().getResourceAsStream(SAMPLE)) {
            assertThat(in).as(SAMPLE).isNotNull();
            Files.copy(in, copy);
        }
        return copy;
    }

    private void openAndWaitForPath(Path file) {
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("critical path", () -> frame.responseModel().selectedResponse() != null
                && frame.responseModel().path() != null && frame.timeline().frame() != null);
        robot.waitForIdle();
    }

    /** The middle of a drawn slice of the main thread at a depth, at least 60 px wide. */
    private Point sliceAt(int depth, int skip) {
        return GuiActionRunner.execute(() -> {
            RenderedFrame f = frame.timeline().frame();
            DrawList items = f.items();
            int seen = 0;
            int main = f.scene().layout().order().get(0);
            for (int i = 0; i < items.size(); i++) {
                CallTable c = f.scene().index().trace().threads().get(items.thread(i)).calls();
                if (!items.isFold(i) && items.thread(i) == main && c.depth(items.call(i)) == depth && items.width(i) > 60
                        && items.y(i) > f.pinnedBottom() && seen++ == skip) {
                    return new Point((int) (items.x(i) + Math.min(30, items.width(i) / 2)), items.y(i) + items.height(i) / 2);
                }
            }
            return null;
        });
    }

    private JPopupMenuFixture rightClick(Point p) {
        robot.click(frame.timeline(), p, MouseButton.RIGHT_BUTTON, 1);
        return new JPopupMenuFixture(robot, robot.findActivePopupMenu());
    }

    private void answer(String text) {
        JOptionPaneFixture pane = JOptionPaneFinder.findOptionPane().withTimeout(30_000).using(robot);
        pane.textBox().setText(text);
        confirm(pane);
    }

    private List<Annotation> shown() {
        return GuiActionRunner.execute(() -> frame.annotations().annotations());
    }

    /** Where a point is drawn now, and the rectangle of the slice it is pinned to in this frame. */
    private record Placed(AnchorPoints.Point at, Rectangle slice) {
    }

    private Placed placed(Anchor a) {
        robot.waitForIdle();
        return GuiActionRunner.execute(() -> {
            RenderedFrame f = frame.timeline().frame();
            AnchorPoints.Point p = AnchorPoints.locate(f, a);
            CallTable c = f.scene().index().trace().threads().get(p.thread()).calls();
            int call = p.slice().call();
            int x1 = (int) Math.floor(f.x(c.start(call)));
            int x2 = (int) Math.ceil(f.x(c.end(call)));
            return new Placed(p, new Rectangle(x1, p.rowTop(), Math.max(1, x2 - x1), p.rowH()));
        });
    }

    private void repaintAndWait(Runnable change) {
        GuiActionRunner.execute(() -> {
            change.run();
            frame.timeline().lanesChanged();
        });
        robot.waitForIdle();
    }

    @Test
    void eachAnnotationKindIsPinnedToItsSliceAndFollowsAZoomAndACollapse() throws Exception {
        openAndWaitForPath(copyOfSample());
        Point deep = sliceAt(2, 0);
        Point deeper = sliceAt(3, 1);
        assertThat(deep).isNotNull();
        assertThat(deeper).isNotNull();

        rightClick(deep).menuItemWithPath("Add Note Here…").click();
        answer("on a slice");
        waitFor("note", () -> frame.annotations().annotations().size() == 1);
        rightClick(deep).menuItemWithPath("Start Arrow Here").click();
        waitFor("arrow pending", () -> frame.status().message().contains("arrow should end"));
        robot.moveMouse(frame.timeline(), deeper);
        // the dashed preview follows the pointer until the second click
        waitFor("preview at the pointer", () -> deeper.equals(frame.annotations().overlay().previewPointer()));
        robot.click(frame.timeline(), deeper, MouseButton.LEFT_BUTTON, 1);
        answer("hand-off");
        waitFor("preview gone", () -> frame.annotations().overlay().previewPointer() == null);
        waitFor("arrow", () -> frame.annotations().annotations().size() == 2);
        rightClick(deep).menuItemWithPath("Start Box Here").click();
        waitFor("box pending", () -> frame.status().message().contains("box should end"));
        robot.click(frame.timeline(), deeper, MouseButton.LEFT_BUTTON, 1);
        answer("");
        waitFor("box", () -> frame.annotations().annotations().size() == 3);

        List<Annotation> list = shown();
        for (Annotation a : list) {
            assertThat(a.from().slice()).as("%s start on a slice", a.kind()).isNotNull();
            assertThat(a.from().slice().depth()).isEqualTo(2);
            if (a.kind() != AnnotationKind.NOTE) {
                assertThat(a.to().slice()).as("%s end on a slice", a.kind()).isNotNull();
                assertThat(a.to().slice().depth()).isEqualTo(3);
            }
        }
        Annotation note = list.get(0);
        Annotation box = list.get(2);
        Placed before = placed(note.from());
        assertThat(before.slice().contains((int) Math.round(before.at().x()), before.at().y())).isTrue();
        // the box covers rows 2..3 of its lane: two rows high, not the lane
        Rectangle boxBounds = GuiActionRunner.execute(() -> frame.annotations().overlay().drawnBounds().get(box.id()));
        int row = GuiActionRunner.execute(() -> frame.timeline().scene().metrics().row());
        assertThat(boxBounds.height).isBetween(2 * row, 2 * row + 8);

        // zoom in 4× around the note: it stays on its slice, wherever that is now
        repaintAndWait(() -> {
            var axis = frame.timeline().scene().axis();
            long mid = note.from().timeNs();
            long span = (axis.endNs() - axis.startNs()) / 8;
            axis.fit(mid - span, mid + span, 0);
        });
        Placed zoomed = placed(note.from());
        assertThat(zoomed.slice().width).isGreaterThan(before.slice().width);
        assertThat(zoomed.slice().contains((int) Math.round(zoomed.at().x()), zoomed.at().y())).isTrue();
        String hit = GuiActionRunner.execute(() -> frame.annotations().overlay().hit((int) Math.round(zoomed.at().x()),
                zoomed.at().y()));
        assertThat(hit).isIn(list.stream().map(Annotation::id).toList());

        // collapse the lane: every point moves to the one row left, the slice's top-level ancestor
        int thread = zoomed.at().thread();
        repaintAndWait(() -> frame.timeline().scene().layout().setCollapsed(thread, true));
        Placed collapsed = placed(note.from());
        int firstRow = GuiActionRunner.execute(() -> frame.timeline().frame().box(thread)
                .rowsY(frame.timeline().scene().metrics()));
        assertThat(collapsed.at().rowTop()).isEqualTo(firstRow);
        assertThat(placed(list.get(1).to()).at().rowTop()).isEqualTo(firstRow);
        Rectangle collapsedBox = GuiActionRunner.execute(() -> frame.annotations().overlay().drawnBounds().get(box.id()));
        assertThat(collapsedBox.height).isLessThanOrEqualTo(row + 8);
    }

    @Test
    void exportingAResponseWritesTheWholeResponseAtTheChosenSizeWithEveryCriticalPathThread() throws Exception {
        openAndWaitForPath(copyOfSample());
        Path out = dir.resolve("response.png");
        GuiActionRunner.execute(() -> ResponseExportActions.writeCurrent(frame, out, 1200, 2));
        waitFor("exported", () -> Files.exists(out) && frame.status().message().startsWith("Exported"));
        BufferedImage img = ImageIO.read(out.toFile());
        assertThat(img.getWidth()).isEqualTo(2400);
        ResponsePicture expected = GuiActionRunner.execute(() -> ResponsePicture.of("news.trace", frame.loaded().index(),
                frame.responseModel().analysis(), frame.responseModel().selected(), Scenario.BASELINE,
                frame.annotations().annotations(), frame.timeline().scene().palette(),
                new ResponsePicture.Size(1200, 2, null)));
        assertThat(img.getHeight()).isEqualTo(expected.heightPx());
        Set<Integer> onPath = new HashSet<>();
        for (Segment s : GuiActionRunner.execute(() -> frame.responseModel().path().segments())) {
            onPath.add(s.thread());
        }
        assertThat(ResponseExport.shownThreads(expected.scene())).containsAll(onPath);
        // the window's view (a viewport) has more lanes than the export shows: idle threads are left out
        int allThreads = GuiActionRunner.execute(() -> frame.loaded().trace().threads().size());
        assertThat(ResponseExport.shownThreads(expected.scene()).size()).isLessThan(allThreads);
    }

    @Test
    void aSavedReportBundleReopensOnTheSameView() throws Exception {
        openAndWaitForPath(copyOfSample());
        Point deep = sliceAt(2, 0);
        rightClick(deep).menuItemWithPath("Add Note Here…").click();
        answer("slow here");
        waitFor("note", () -> frame.annotations().annotations().size() == 1);
        Change defer = new Change.Defer(new SliceSelector.ByName("*FeedCache.write"));
        GuiActionRunner.execute(() -> frame.responseModel().addChange(defer));
        waitFor("estimate", () -> frame.responseModel().estimate() != null);
        int selected = GuiActionRunner.execute(() -> frame.responseModel().selected());
        long estimated = GuiActionRunner.execute(() -> frame.responseModel().estimate().durationNs());
        List<Annotation> notes = shown();

        Path zip = dir.resolve("bug.ura.zip");
        GuiActionRunner.execute(() -> ReportActions.saveCurrent(frame, zip));
        waitFor("saved", () -> Files.exists(zip) && frame.status().message().startsWith("Saved report"));

        // something else first, so the reopened view cannot be left over
        GuiActionRunner.execute(() -> frame.open(dev.ura.app.ui.TraceSource.ofSample("/samples/click-asynctask.trace")));
        waitFor("other trace", () -> frame.loaded() != null && frame.loaded().source().name().equals("click-asynctask.trace")
                && frame.responseModel().path() != null);

        GuiActionRunner.execute(() -> frame.open(zip));
        waitFor("bundle view", () -> frame.loaded() != null && frame.loaded().source().name().equals("news.trace")
                && frame.responseModel().estimate() != null);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().selected())).isEqualTo(selected);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().scenario().changes())).containsExactly(defer);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().estimate().durationNs())).isEqualTo(estimated);
        assertThat(shown()).isEqualTo(notes);
        assertThat(GuiActionRunner.execute(frame::getTitle)).startsWith("bug.ura.zip");
        assertThat(Files.mismatch(GuiActionRunner.execute(() -> frame.loaded().source().file()), dir.resolve("news.trace")))
                .isEqualTo(-1L);
    }
}
