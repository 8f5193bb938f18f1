package dev.ura.app.ui.app;

import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opening a file: a cut recording's response says "cut off" (see CutOffTest for why the first
 * 30 KB of news-launch.trace end inside the launch's work), and the last file's search is gone.
 */
@Tag("gui")
class NewFileRobotTest extends ExplorerRobotBase {
    private byte[] sample(String name) throws Exception {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    private void openAndWait(Path file) {
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor(file.getFileName() + " analysed", () -> frame.loaded() != null
                && frame.loaded().source().name().equals(file.getFileName().toString())
                && frame.responseModel().path() != null);
        robot.waitForIdle();
    }

    @Test
    void aCutRecordingSaysCutOffAndANewFileClearsTheSearch() throws Exception {
        byte[] all = sample("/samples/news-launch.trace");
        Path whole = dir.resolve("news.trace");
        Files.write(whole, all);
        Path cut = dir.resolve("news-30k.trace");
        Files.write(cut, Arrays.copyOf(all, 30 * 1024));

        openAndWait(whole);
        window.table("responses").requireCellValue(org.assertj.swing.data.TableCell.row(0).column(5), "yes");
        window.textBox("search").enterText("onCreate");
        waitFor("matches dimmed", () -> frame.timeline().scene().matches() != null);

        openAndWait(cut);
        window.textBox("search").requireText("");
        assertThat(GuiActionRunner.execute(() -> frame.timeline().scene().matches())).isNull();
        window.table("responses").requireCellValue(org.assertj.swing.data.TableCell.row(0).column(5), "cut off");
    }
}
