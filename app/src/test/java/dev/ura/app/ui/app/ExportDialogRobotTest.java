package dev.ura.app.ui.app;

import dev.ura.app.ui.TableFit;
import dev.ura.trace.testing.SharedFiles;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.finder.JFileChooserFinder;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.fixture.JFileChooserFixture;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.swing.JComboBox;
import javax.swing.JTable;
import javax.swing.filechooser.FileFilter;
import java.awt.Component;
import java.awt.Container;
import java.awt.KeyboardFocusManager;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Export › the file type chosen is the format written; an existing file is replaced only when the
 * user says so; the width is remembered. Tables at the default window size show every number whole.
 * The slowest response is selected on opening, and the timeline has the keyboard after a dialog.
 */
@Tag("gui")
class ExportDialogRobotTest extends ExplorerRobotBase {
    private Path sample(String name) throws Exception {
        Path copy = dir.resolve(name.substring(name.lastIndexOf('/') + 1));
        try (InputStream in = getClass().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            Files.copy(in, copy);
        }
        return copy;
    }

    private void openAndWait(Path file) {
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("critical path", () -> frame.responseModel().path() != null && frame.timeline().frame() != null);
        robot.waitForIdle();
    }

    private JFileChooserFixture exportDialog() throws InterruptedException {
        // Right after a chooser closes, the X server may still have its window under the pointer:
        // the click on File then went to it ("never showed a pop-up menu", once in a CI run). Wait
        // until the server reports the pointer over the menu bar, as ExplorerRobotBase.open does.
        dev.ura.workload.SwingPrograms.pointerOver(robot, frame.getJMenuBar());
        window.menuItemWithPath("File", "Export Response…").click();
        return JFileChooserFinder.findFileChooser().withTimeout(30_000).using(robot);
    }

    /** Picks a "Files of type" entry as a user does, in the chooser's own combo box. */
    private void chooseType(JFileChooserFixture chooser, String description) {
        JComboBox<?> types = GuiActionRunner.execute(() -> find(chooser.target(), JComboBox.class, c ->
                c.getItemCount() > 0 && c.getItemAt(0) instanceof FileFilter));
        assertThat(types).as("files of type").isNotNull();
        int index = GuiActionRunner.execute(() -> {
            for (int i = 0; i < types.getItemCount(); i++) {
                if (((FileFilter) types.getItemAt(i)).getDescription().startsWith(description)) {
                    return i;
                }
            }
            return -1;
        });
        assertThat(index).as(description).isNotNegative();
        new org.assertj.swing.fixture.JComboBoxFixture(robot, types).selectItem(index);
    }

    /**
     * Presses Save on the EDT, as {@link #confirm} does for dialogs: a robot click on a dialog still
     * settling can miss under load and leave it open. The button's action reads the name field as
     * a click would.
     */
    private void approve(JFileChooserFixture chooser) {
        javax.swing.JButton save = chooser.approveButton().target();
        // later, not execute: Save may open the modal "Replace?" question, which would block this thread
        javax.swing.SwingUtilities.invokeLater(save::doClick);
    }

    private void press(JOptionPaneFixture pane, String button) {
        javax.swing.JButton b = pane.buttonWithText(button).target();
        javax.swing.SwingUtilities.invokeLater(b::doClick);
        waitFor(button + " pressed", () -> !pane.target().isShowing());
    }

    private static <T extends Component> T find(Container root, Class<T> type, java.util.function.Predicate<T> test) {
        for (Component c : root.getComponents()) {
            if (type.isInstance(c) && test.test(type.cast(c))) {
                return type.cast(c);
            }
            if (c instanceof Container k) {
                T inner = find(k, type, test);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private static boolean written(Path p) {
        try {
            String head = new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.ISO_8859_1);
            return head.contains("</svg>") || head.startsWith("\u0089PNG") && ImageIO.read(p.toFile()) != null;
        } catch (Exception notYet) {
            return false;
        }
    }

    @Test
    void theFileTypeChosenIsTheFormatWrittenAndAReplaceIsAsked() throws Exception {
        openAndWait(sample("/samples/news-launch.trace"));

        // the name proposed ends in .png; choosing SVG renames it, and SVG is what is written
        JFileChooserFixture chooser = exportDialog();
        chooseType(chooser, "SVG");
        assertThat(chooser.fileNameTextBox().text()).endsWith(".svg");
        new org.assertj.swing.fixture.JComboBoxFixture(robot, "exportWidth").selectItem("2400");
        approve(chooser);
        Path svg = dir.resolve("news-launch-response-0.svg");
        waitFor("svg written", () -> written(svg));
        assertThat(Files.readString(svg)).startsWith("<?xml").contains("<svg");
        assertThat(Files.exists(dir.resolve("news-launch-response-0.png"))).isFalse();
        waitFor("focus back on the timeline", () -> KeyboardFocusManager.getCurrentKeyboardFocusManager()
                .getFocusOwner() == frame.timeline());

        // a name without an extension gets the chosen type's; the width chosen last time is offered
        chooser = exportDialog();
        JFileChooserFixture second = chooser;
        assertThat(GuiActionRunner.execute(() -> find(second.target(), JComboBox.class,
                c -> "exportWidth".equals(c.getName())).getSelectedItem())).isEqualTo(2400);
        chooseType(chooser, "SVG");
        chooser.fileNameTextBox().setText("bare");
        approve(chooser);
        Path bare = dir.resolve("bare.svg");
        waitFor("bare.svg written", () -> written(bare));

        // the same name again: asked, and "No" leaves the file as it was
        Files.writeString(bare, "kept");
        chooser = exportDialog();
        chooseType(chooser, "SVG");
        chooser.fileNameTextBox().setText("bare.svg");
        approve(chooser);
        JOptionPaneFixture ask = JOptionPaneFinder.findOptionPane().withTimeout(30_000).using(robot);
        assertThat(ask.target().getMessage().toString()).contains("bare.svg").contains("Replace");
        press(ask, "No");
        // the chooser stays open on "No": the user picks another name or cancels
        chooser.cancel();
        robot.waitForIdle();
        assertThat(Files.readString(bare)).isEqualTo("kept");

        // and "Yes" replaces it
        chooser = exportDialog();
        chooseType(chooser, "SVG");
        chooser.fileNameTextBox().setText("bare");
        approve(chooser);
        ask = JOptionPaneFinder.findOptionPane().withTimeout(30_000).using(robot);
        press(ask, "Yes");
        waitFor("replaced", () -> written(bare));
    }

    @Test
    void theSlowestResponseIsSelectedAndNoNumberIsCutAtTheDefaultSize() throws Exception {
        Path src = SharedFiles.require("traces/android/ff-art-trace-regular.trace");
        Path copy = dir.resolve("ff.trace");
        Files.copy(src, copy);
        openAndWait(copy);
        // four responses; `ura analyze` lists 150.8, 718.1, 379.0 and 26.2 ms: #1 is the slowest
        waitFor("four responses", () -> frame.responseModel().responses().size() == 4);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().selected())).isEqualTo(1);
        assertThat(GuiActionRunner.execute(() -> frame.responseModel().status())).isEqualTo("4 responses");

        List<String> cut = new ArrayList<>();
        for (String[] tab : List.of(new String[]{"Critical path", "criticalPath"}, new String[]{"Findings", "findings"})) {
            GuiActionRunner.execute(() -> frame.bottomTabs().setSelectedIndex(frame.bottomTabs().indexOfTab(tab[0])));
            robot.waitForIdle();
            JTable table = window.table(tab[1]).target();
            assertThat(GuiActionRunner.execute(() -> table.getRowCount())).as(tab[0]).isPositive();
            cut.addAll(GuiActionRunner.execute(() -> cutCells(table)));
        }
        cut.addAll(GuiActionRunner.execute(() -> cutCells(window.table("responses").target())));
        assertThat(cut).as("cells cut at 1200 × 860").isEmpty();
    }

    /** Cells narrower than their text: allowed only in a name column, and then the tooltip has the whole text. */
    static List<String> cutCells(JTable t) {
        List<String> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        for (int r = 0; r < t.getRowCount(); r++) {
            for (int c = 0; c < t.getColumnCount(); c++) {
                if (!TableFit.cut(t, r, c)) {
                    continue;
                }
                String text = TableFit.text(t, r, c);
                String tip = TableFit.tooltip(t, r, c);
                boolean flexible = TableFit.flexible(t, t.convertColumnIndexToModel(c));
                if (!flexible || tip == null || text == null || !tip.contains(dev.ura.app.ui.PlainText.escape(text))) {
                    out.add(t.getName() + " row " + r + " " + t.getColumnName(c) + ": " + text);
                }
            }
        }
        return out;
    }
}
