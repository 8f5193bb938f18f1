package dev.ura.app.ui.app;

import dev.ura.agent.AgentJvm;
import dev.ura.workload.DemoDriver;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JTable;

import static org.assertj.core.api.Assertions.assertThat;

/** An app recorded with the agent opens in the window, which lists its click responses; File has Record…. */
@Tag("gui")
class RecordedAppRobotTest extends ExplorerRobotBase {
    @Test
    void theWindowShowsTheResponsesOfARecordedApp() throws Exception {
        Path log = dir.resolve("feed.jsonl");
        AgentJvm.Run run = AgentJvm.run("out=" + log + ",include=dev.ura.samples.demo.FeedParser",
                DemoDriver.class.getName(), List.of("1", "--items", "300", "--thumbnails", "2"), 240);
        assertThat(run.exitCode()).as(run.stderr()).isZero();

        GuiActionRunner.execute(() -> frame.open(log));
        JTable responses = window.table("responses").target();
        waitFor("the recorded click in the responses table", () -> {
            for (int r = 0; r < responses.getRowCount(); r++) {
                for (int c = 0; c < responses.getColumnCount(); c++) {
                    if ("mouseReleased".equals(String.valueOf(responses.getValueAt(r, c)))) {
                        return true;
                    }
                }
            }
            return false;
        });
        boolean recordItem = GuiActionRunner.execute(() -> {
            JMenuBar bar = frame.getJMenuBar();
            JMenu file = bar.getMenu(0);
            for (int i = 0; i < file.getItemCount(); i++) {
                if (file.getItem(i) != null && "Record…".equals(file.getItem(i).getText())) {
                    return true;
                }
            }
            return false;
        });
        assertThat(recordItem).isTrue();
    }
}
