package dev.ura.app.ui.app;

import dev.ura.agent.AgentJvm;
import dev.ura.app.record.JvmAttach;
import dev.ura.app.ui.record.RecordSettings;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import dev.ura.workload.AgentWorkload;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.fixture.JOptionPaneFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JList;
import javax.swing.JTabbedPane;
import javax.swing.JTextField;
import java.awt.Component;
import java.awt.Container;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * File › Record… › Attach: the dialog lists a JVM this test started (a child running a tiny
 * program that writes a file every 20 ms), picking it and pressing OK records it for the duration
 * and opens the log in the window; the settings are remembered in the preferences.
 */
@Tag("gui")
class RecordAttachRobotTest extends ExplorerRobotBase {
    @Test
    void theDialogListsAChildJvmAndAttachingRecordsIt() throws Exception {
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:off",
                "-cp", System.getProperty("java.class.path"), AgentWorkload.class.getName(), "serve", dir.toString())
                .redirectErrorStream(true).start();
        System.setProperty("ura.agent.jar", AgentJvm.agentJar().toString());
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
            assertThat(lines.readLine()).isEqualTo("ready");
            Path log = dir.resolve("attached.jsonl");

            window.menuItemWithPath("File", "Record…").click();
            JOptionPaneFixture pane = JOptionPaneFinder.findOptionPane().withTimeout(30_000).using(robot);
            Container form = pane.target();
            JTabbedPane tabs = GuiActionRunner.execute(() -> find(form, JTabbedPane.class, "recordMode"));
            GuiActionRunner.execute(() -> tabs.setSelectedIndex(1));
            @SuppressWarnings("unchecked")
            JList<JvmAttach.RunningJvm> jvms = GuiActionRunner.execute(() -> find(form, JList.class, "recordJvms"));
            waitFor("the child JVM listed", () -> indexOf(jvms, app.pid()) >= 0, 60_000);
            String shown = GuiActionRunner.execute(() -> jvms.getModel().getElementAt(indexOf(jvms, app.pid())).name());
            assertThat(shown).as("what jps -l shows: the main class and its arguments")
                    .startsWith(AgentWorkload.class.getName() + " serve");
            assertThat(GuiActionRunner.execute(() -> indexOf(jvms, ProcessHandle.current().pid())))
                    .as("this ura is not offered").isNegative();
            GuiActionRunner.execute(() -> {
                jvms.setSelectedIndex(indexOf(jvms, app.pid()));
                find(form, JTextField.class, "recordDuration").setText("1500ms");
                find(form, JTextField.class, "recordLog").setText(log.toString());
            });
            confirm(pane);

            waitFor("the recording opened", () -> frame.loaded() != null
                    && frame.loaded().source().name().equals("attached.jsonl"), 120_000);
            Trace trace = GuiActionRunner.execute(() -> frame.loaded().trace());
            long writes = 0;
            for (int e = 0; e < trace.events().size(); e++) {
                if (trace.events().kind(e) == EventKind.WRITE) {
                    writes++;
                }
            }
            // the child writes beat.bin every ~20 ms; 1.5 s of it is some 70 writes on an idle machine
            assertThat(writes).isGreaterThan(5);
            RecordSettings remembered = GuiActionRunner.execute(() -> frame.prefs().recordSettings());
            assertThat(remembered.attach()).isTrue();
            assertThat(remembered.duration()).isEqualTo("1500ms");
            assertThat(app.isAlive()).as("attaching and stopping leaves the app running").isTrue();
        } finally {
            System.clearProperty("ura.agent.jar");
            Files.writeString(dir.resolve("stop"), "");
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    private static int indexOf(JList<JvmAttach.RunningJvm> list, long pid) {
        for (int i = 0; i < list.getModel().getSize(); i++) {
            if (list.getModel().getElementAt(i).pid() == pid) {
                return i;
            }
        }
        return -1;
    }

    private static <T extends Component> T find(Container c, Class<T> type, String name) {
        for (Component child : c.getComponents()) {
            if (type.isInstance(child) && name.equals(child.getName())) {
                return type.cast(child);
            }
            if (child instanceof Container inner) {
                T found = find(inner, type, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
