package dev.ura.app.ui.app;

import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.ui.response.ResponseModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.prefs.Preferences;

/**
 * Makes the system-trace screenshots in {@code docs/} from the real window (not part of the CLI):
 * <pre>xvfb-run -a -s "-screen 0 1700x1100x24" java -cp app/target/ura.jar dev.ura.app.ui.app.SystemScreenshots \
 *     TRACE OUT_DIR NAME</pre>
 * It opens a Perfetto or systrace file, waits for the slowest response's critical path, selects
 * the longest slice on it (so the details show its thread-state breakdown), fits the response and
 * writes {@code NAME.png} (light) and {@code NAME-dark.png}: process headers, CPU tracks, the
 * thread-state strips and their legend.
 */
public final class SystemScreenshots {
    private SystemScreenshots() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: SystemScreenshots TRACE OUT_DIR NAME");
        }
        Path trace = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        Preferences node = Preferences.userRoot().node("dev/ura/screenshots-" + UUID.randomUUID());
        ExplorerFrame frame = DocScreenshots.window(node, trace);
        ResponseModel model = frame.responseModel();
        DocScreenshots.await(() -> model.path() != null);
        DocScreenshots.onEdt(() -> {
            Segment longest = model.path().segments().stream().filter(s -> s.call() != null)
                    .max(Comparator.comparingLong(Segment::durationNs)).orElse(null);
            if (longest != null) {
                frame.timeline().select(longest.call());
            }
            Response r = model.selectedResponse();
            frame.timeline().fitRange(r.startNs(), r.endNs());
            return null;
        });
        Thread.sleep(1500);
        DocScreenshots.write(frame, out.resolve(args[2] + ".png"));
        DocScreenshots.onEdt(() -> {
            ThemeSupport.switchTo(true);
            frame.timeline().repaint();
            return null;
        });
        Thread.sleep(1500);
        DocScreenshots.write(frame, out.resolve(args[2] + "-dark.png"));
        DocScreenshots.onEdt(() -> {
            frame.dispose();
            return null;
        });
        node.removeNode();
    }
}
