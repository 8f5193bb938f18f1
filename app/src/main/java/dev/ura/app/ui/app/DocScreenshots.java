package dev.ura.app.ui.app;

import dev.ura.app.ui.timeline.SliceDescriptions;
import dev.ura.app.ui.response.ResponseModel;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;

import javax.imageio.ImageIO;
import javax.swing.JTabbedPane;
import javax.swing.SwingUtilities;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * Makes the screenshots in {@code docs/} from the real window (not part of the CLI):
 * <pre>xvfb-run -a -s "-screen 0 1700x1100x24" java -cp app/target/ura.jar dev.ura.app.ui.app.DocScreenshots \
 *     TRACE RESPONSE OUT_DIR</pre>
 * It opens TRACE, selects RESPONSE, defers the longest slice on its critical path (so the what-if
 * ghost marker and estimate show), selects that slice, and writes {@code screenshot-light.png}
 * and {@code screenshot-dark.png} by painting the window into images.
 */
public final class DocScreenshots {
    private DocScreenshots() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: DocScreenshots TRACE RESPONSE OUT_DIR");
        }
        Path trace = Path.of(args[0]);
        int response = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        Files.createDirectories(out);
        Preferences node = Preferences.userRoot().node("dev/ura/screenshots-" + UUID.randomUUID());
        ExplorerFrame frame = window(node, trace);
        ResponseModel model = frame.responseModel();
        await(() -> model.responses().size() > response);
        onEdt(() -> {
            model.select(response);
            return null;
        });
        await(() -> model.path() != null);
        Segment longest = onEdt(() -> model.path().segments().stream().filter(s -> s.call() != null)
                .max(Comparator.comparingLong(Segment::durationNs)).orElseThrow());
        onEdt(() -> {
            model.addChange(new Change.Defer(new SliceSelector.Exact(longest.call(),
                    SliceDescriptions.label(model.loaded().trace(), longest.call()))));
            return null;
        });
        await(() -> model.estimate() != null);
        onEdt(() -> {
            frame.timeline().select(longest.call());
            JTabbedPane tabs = frame.bottomTabs();
            tabs.setSelectedIndex(tabs.indexOfTab("What-if"));
            return null;
        });
        Thread.sleep(800);
        write(frame, out.resolve("screenshot-light.png"));
        onEdt(() -> {
            ThemeSupport.switchTo(true);
            frame.timeline().repaint();
            return null;
        });
        Thread.sleep(800);
        write(frame, out.resolve("screenshot-dark.png"));
        onEdt(() -> {
            frame.dispose();
            return null;
        });
        removeQuietly(node);
    }

    /** A 1600 × 1000 light window on throw-away preferences, opening {@code trace}. */
    static ExplorerFrame window(Preferences node, Path trace) throws Exception {
        ThemeSupport.registerDefaults();
        return onEdt(() -> {
            ThemeSupport.install(false);
            ExplorerFrame f = ExplorerApp.create(new UiPrefs(node), ThemeChoice.LIGHT);
            f.setBounds(0, 0, 1600, 1000);
            f.setVisible(true);
            f.open(trace);
            return f;
        });
    }

    static void write(ExplorerFrame frame, Path file) throws Exception {
        BufferedImage img = onEdt(() -> {
            BufferedImage i = new BufferedImage(frame.getRootPane().getWidth(), frame.getRootPane().getHeight(),
                    BufferedImage.TYPE_INT_RGB);
            Graphics2D g = i.createGraphics();
            frame.getRootPane().paint(g);
            g.dispose();
            return i;
        });
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    static void await(Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!onEdt(condition)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out waiting for the window");
            }
            Thread.sleep(100);
        }
    }

    static <T> T onEdt(Callable<T> c) throws InterruptedException, InvocationTargetException {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                result.set(c.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw new InvocationTargetException(failure.get());
        }
        return result.get();
    }

    private static void removeQuietly(Preferences node) throws BackingStoreException {
        node.removeNode();
    }
}
