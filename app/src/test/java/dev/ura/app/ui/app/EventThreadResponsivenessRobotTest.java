package dev.ura.app.ui.app;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.ui.export.ExportActions;
import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;
import org.assertj.swing.edt.GuiActionRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JLabel;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import java.awt.Component;
import java.awt.Container;
import java.awt.event.KeyEvent;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing slow on the event thread: on a big generated method trace (a million calls), saving
 * annotations, exporting the view and stepping through search matches must never keep the EDT
 * busy for more than 100 ms. A probe thread posts an empty task to the EDT every few
 * milliseconds while the action runs and records how late the longest one ran; that latency is
 * how long the window stopped answering the user. This is a correctness check (a file write, a
 * paint of a big picture or a scan of every call on the EDT shows up as hundreds of ms), not a
 * benchmark: the {@code bench} commands measure speed.
 */
@Tag("gui")
class EventThreadResponsivenessRobotTest extends ExplorerRobotBase {
    private static final long LIMIT_MS = 100;
    /** Calls in the generated trace: 100 000 "frames" on main of 9 calls each, and a worker. */
    private static final int FRAMES = 100_000;

    private Path bigTrace() throws Exception {
        Path file = dir.resolve("big.trace");
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).pid(7).thread(7, "main").thread(8, "worker");
        long dispatch = w.methodId(1);
        long draw = w.methodId(2);
        long measure = w.methodId(3);
        long load = w.methodId(4);
        w.method(dispatch, "android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V", "Handler.java")
                .method(draw, "com.example.FeedView", "onDraw", "(Landroid/graphics/Canvas;)V", "FeedView.java")
                .method(measure, "com.example.FeedView", "onMeasure", "(II)V", "FeedView.java")
                .method(load, "com.example.Repo", "load", "(I)V", "Repo.java");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            w.open(out, FRAMES * 20L);
            long t = 100;
            for (int f = 0; f < FRAMES; f++) {
                // main: dispatchMessage { 4 × (onMeasure, onDraw) }; worker: load beside it
                w.enter(7, dispatch, t, t);
                w.enter(8, load, t + 1, t);
                for (int i = 0; i < 4; i++) {
                    long s = t + 2 + i * 20L;
                    w.enter(7, measure, s, s).exit(7, measure, s + 5, s + 5);
                    w.enter(7, draw, s + 6, s + 6).exit(7, draw, s + 16, s + 16);
                }
                w.exit(8, load, t + 80, t + 70);
                w.exit(7, dispatch, t + 90, t + 90);
                t += 100;
            }
            w.finish();
        }
        return file;
    }

    private void openBig() throws Exception {
        Path file = bigTrace();
        GuiActionRunner.execute(() -> frame.open(file));
        waitFor("big trace shown", () -> frame.loaded() != null && frame.timeline().frame() != null, 180_000);
        // the analysis ends by filling the tables on the EDT: let that pass before measuring the actions
        waitFor("big trace analysed", () -> frame.responseModel().analysis() != null, 180_000);
        robot.waitForIdle();
    }

    @Test
    void annotationSavesViewExportAndSearchStepsDoNotBlockTheEventThread() throws Exception {
        openBig();

        // annotation saves: 30 quick edits, each queued for the sidecar
        Path sidecar = dir.resolve("big.trace.ura.json");
        long save = EdtProbe.worstDelayDuring(robot, () -> {
            for (int i = 0; i < 30; i++) {
                Annotation note = Annotation.note(new Anchor(7, "main", 1_000L + i * 100_000L), "note " + i);
                SwingUtilities.invokeLater(() -> frame.annotations().add(note)); // one edit per event, as a user makes them
            }
        }, () -> Files.exists(sidecar) && Files.readString(sidecar).contains("note 29"));
        assertThat(save).as("EDT blocked by annotation saves (ms)").isLessThanOrEqualTo(LIMIT_MS);

        // view export
        Path png = dir.resolve("view.png");
        long export = EdtProbe.worstDelayDuring(robot, () -> ExportActions.write(frame, png, false),
                () -> Files.exists(png) && frame.status().message().startsWith("Exported"));
        assertThat(export).as("EDT blocked by the view export (ms)").isLessThanOrEqualTo(LIMIT_MS);

        // search: type a query matching 400 000 calls, then Enter (next) and Shift+Enter (previous)
        JTextField field = GuiActionRunner.execute(() -> textField(frame.search()));
        // typing: the matching methods light up at once; the 400 000 matching calls are collected
        // off the EDT (a pass over every call) and counted when they arrive
        JLabel count = GuiActionRunner.execute(() -> label(frame.search(), "searchCount"));
        long typing = EdtProbe.worstDelayDuring(robot, () -> field.setText("onDraw"), () -> frame.search().query().equals("onDraw")
                && frame.timeline().scene().selection() == null && count.getText().endsWith("matches"));
        assertThat(typing).as("EDT blocked by typing a query (ms)").isLessThanOrEqualTo(LIMIT_MS);
        for (boolean forward : new boolean[] {true, true, false}) {
            Object before = GuiActionRunner.execute(() -> frame.timeline().scene().selection());
            long step = EdtProbe.worstDelayDuring(robot, () -> field.dispatchEvent(new KeyEvent(field, KeyEvent.KEY_PRESSED,
                            System.currentTimeMillis(), forward ? 0 : KeyEvent.SHIFT_DOWN_MASK, KeyEvent.VK_ENTER,
                            KeyEvent.CHAR_UNDEFINED)),
                    () -> frame.timeline().scene().selection() != null && !frame.timeline().scene().selection().equals(before));
            assertThat(step).as("EDT blocked by a search step %s (ms)", forward ? "forward" : "back")
                    .isLessThanOrEqualTo(LIMIT_MS);
        }
    }

    private static JLabel label(Container c, String name) {
        for (Component child : c.getComponents()) {
            if (child instanceof JLabel l && name.equals(l.getName())) {
                return l;
            }
            if (child instanceof Container inner) {
                JLabel l = label(inner, name);
                if (l != null) {
                    return l;
                }
            }
        }
        return null;
    }

    private static JTextField textField(Container c) {
        for (Component child : c.getComponents()) {
            if (child instanceof JTextField f) {
                return f;
            }
            if (child instanceof Container inner) {
                JTextField f = textField(inner);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
