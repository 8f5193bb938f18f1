package dev.ura.app.ui.app;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.render.CategoryColors;
import dev.ura.app.render.DrawList;
import dev.ura.app.render.RenderedFrame;
import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.PerfettoTraceWriter;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.assertj.swing.fixture.JPopupMenuFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A system response in the window, on issue #12's disk-write / binder / lock scenario
 * ({@link DiskWriteBinderLockScenario}): the path runs through system_server's threads, which stay
 * shown although the app's process is picked; the path table shows the io and runnable pieces;
 * the findings name the binder call and the lock; "on screen at" is flagged; the what-if menu
 * selects system slices by name; and the painted path bar has the io piece in orange.
 */
@Tag("gui")
class SystemResponseRobotTest extends ExplorerRobotBase {

    private Path notes() throws Exception {
        Path file = dir.resolve("notes.perfetto-trace");
        Files.write(file, PerfettoTraceWriter.write(DiskWriteBinderLockScenario.script(),
                PerfettoTraceWriter.Options.plain()));
        return file;
    }

    private void openAndWaitForPath(Path file) {
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("critical path", () -> frame.responseModel().selectedResponse() != null
                && frame.responseModel().path() != null && frame.timeline().frame() != null
                && !frame.responseModel().findings().isEmpty());
        robot.waitForIdle();
    }

    private int thread(long tid) {
        return GuiActionRunner.execute(() -> frame.loaded().trace().system().threadIndex(tid));
    }

    @Test
    void thePathCrossesIntoSystemServerAndItsPiecesFindingsAndMarksShow() throws Exception {
        openAndWaitForPath(notes());
        // the app's process is picked, but the path's system_server threads stay shown
        window.comboBox("processPicker").requireSelection("com.example.notes (2700, 2 threads) · app");
        int binder = thread(DiskWriteBinderLockScenario.BINDER);
        int holder = thread(DiskWriteBinderLockScenario.LOCK_HOLDER);
        int dispatcher = thread(DiskWriteBinderLockScenario.DISPATCHER);
        List<Integer> hidden = GuiActionRunner.execute(() -> frame.timeline().scene().layout().hiddenThreads());
        assertThat(hidden).doesNotContain(binder, holder, dispatcher)
                .contains(thread(DiskWriteBinderLockScenario.SF_APP));
        window.label("pathThreadsNote").requireText("+ 3 threads on the critical path");

        // the path table: io 1800–4800 on the main thread, runnable pieces, system_server's threads
        window.tabbedPane().selectTab("Critical path");
        JTableFixture path = window.table("criticalPath");
        List<String> categories = new ArrayList<>();
        List<String> threads = new ArrayList<>();
        for (String[] row : path.contents()) {
            threads.add(row[1]);
            categories.add(row[2]);
        }
        assertThat(categories).contains("io", "runnable", "wait", "cpu");
        assertThat(threads).contains("binder:600_3", "android.bg", "InputDispatcher");

        // the findings
        window.tabbedPane().selectTab("Findings");
        JTableFixture findings = window.table("findings");
        String all = String.join("\n", java.util.Arrays.stream(findings.contents()).map(r -> r[1]).toList());
        assertThat(all).contains("synchronous binder call to binder:600_3 630 (system_server)")
                .contains("waited 4.5 ms for a monitor lock held by android.bg 650 (system_server)")
                .contains("waited for I/O (uninterruptible sleep) in writeNote");

        // drawn at 21600 (the end), on screen at 33200 flagged
        assertThat(GuiActionRunner.execute(() -> frame.responses().overlay().onScreenAtNs())).isEqualTo(t(33200));
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().selectedResponse().endNs())).isEqualTo(t(21600));

        // the path bar of the main thread's lane is orange over the io piece (a screenshot of the view)
        int main = thread(DiskWriteBinderLockScenario.APP);
        BufferedImage img = GuiActionRunner.execute(() -> {
            BufferedImage b = new BufferedImage(frame.timeline().getWidth(), frame.timeline().getHeight(),
                    BufferedImage.TYPE_INT_RGB);
            Graphics2D g = b.createGraphics();
            frame.timeline().paint(g);
            g.dispose();
            return b;
        });
        int[] at = GuiActionRunner.execute(() -> {
            RenderedFrame f = frame.timeline().frame();
            int strip = ThreadStateOverlay.stripHeight(f.scene().metrics());
            int bottom = f.box(main).rowsY(f.scene().metrics());
            return new int[] {(int) Math.round(f.scene().axis().toPx(t(3300))),
                    (int) Math.round(f.scene().axis().toPx(t(1600))), bottom - strip / 2 - 1, bottom - strip - 1};
        });
        // the state strip under the header: D (orange) at 3300, running (dark green) at 1600
        assertThat(img.getRGB(at[0], at[2]) & 0xFFFFFF).isEqualTo(CategoryColors.IO.getRGB() & 0xFFFFFF);
        assertThat(img.getRGB(at[1], at[2]) & 0xFFFFFF).isEqualTo(CategoryColors.RUNNING.getRGB() & 0xFFFFFF);
        // the path bar just above it, at the header's bottom: the io piece orange, the running piece in the path's red
        assertThat(img.getRGB(at[0], at[3]) & 0xFFFFFF).isEqualTo(CategoryColors.IO.getRGB() & 0xFFFFFF);
        int red = GuiActionRunner.execute(() -> frame.timeline().scene().palette().criticalPath().getRGB()) & 0xFFFFFF;
        assertThat(img.getRGB(at[1], at[3]) & 0xFFFFFF).isEqualTo(red);
    }

    @Test
    void tryFixAndTheWhatIfMenuSelectSystemSlicesByName() throws Exception {
        openAndWaitForPath(notes());
        // Try fix on the lock finding: speed up persistNotes ×2 — android.bg lets go 2100 µs sooner
        window.tabbedPane().selectTab("Findings");
        JTableFixture findings = window.table("findings");
        String[][] rows = findings.contents();
        int lock = -1;
        for (int r = 0; r < rows.length; r++) {
            if (rows[r][1].contains("monitor lock")) {
                lock = r;
            }
        }
        assertThat(lock).isNotNegative();
        findings.selectRows(lock);
        window.button("tryFix").click();
        waitFor("the estimate", () -> frame.responseModel().estimate() != null);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().scenario().changes()))
                .containsExactly(new Change.SpeedUp(new SliceSelector.ByName("persistNotes"), 2));
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().estimate().savedNs())).isEqualTo(2_100_000L);

        // the slice menu: defer every writeNote — the binder call still waits for the lock: 0 saved
        window.tabbedPane().selectTab("What-if");
        window.list("scenario").selectItem(0);
        window.button("removeChange").click();
        waitFor("no change", () -> frame.responseModel().scenario().isEmpty());
        Point write = sliceNamed("writeNote");
        assertThat(write).as("writeNote drawn").isNotNull();
        robot.click(frame.timeline(), write, MouseButton.RIGHT_BUTTON, 1);
        new JPopupMenuFixture(robot, robot.findActivePopupMenu())
                .menuItemWithPath("What If", "Defer Every Call of writeNote").click();
        waitFor("the estimate", () -> frame.responseModel().estimate() != null);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().scenario().changes()))
                .containsExactly(new Change.Defer(new SliceSelector.ByName("writeNote")));
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().estimate().savedNs())).isZero();
    }

    /** The middle of the first drawn slice with this name, or {@code null}. */
    private Point sliceNamed(String name) {
        return GuiActionRunner.execute(() -> {
            RenderedFrame f = frame.timeline().frame();
            Trace trace = f.scene().index().trace();
            DrawList items = f.items();
            for (int i = 0; i < items.size(); i++) {
                if (items.isFold(i) || items.width(i) < 6 || items.y(i) <= f.pinnedBottom()) {
                    continue;
                }
                CallTable c = trace.threads().get(items.thread(i)).calls();
                if (trace.methods().get(c.method(items.call(i))).fullName().equals(name)) {
                    return new Point((int) (items.x(i) + items.width(i) / 2), items.y(i) + items.height(i) / 2);
                }
            }
            return null;
        });
    }
}
