package dev.ura.app.ui.export;

import dev.ura.app.report.BundleReader;
import dev.ura.app.report.ReportBundle;
import dev.ura.app.ui.Background;
import dev.ura.app.ui.app.ExplorerFrame;

import javax.swing.JOptionPane;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens a report bundle ({@code NAME.ura.zip}) from File › Open, drag and drop or the command
 * line: extracts it off the EDT into a temporary folder (safely: {@link BundleReader}), then
 * opens the trace there with its annotations and shows the saved response and what-if.
 * Annotations edited afterwards are saved in that temporary folder, not in the zip.
 */
public final class BundleOpener {
    private BundleOpener() {
    }

    public static boolean isBundle(Path file) {
        return ReportBundle.isBundle(file.getFileName().toString());
    }

    public static void open(ExplorerFrame frame, Path zip) {
        frame.status().setMessage("Opening report " + zip.getFileName() + "…");
        Background.run(() -> BundleReader.open(zip), opened -> frame.openView(opened.trace(), zip,
                        opened.manifest().response(), opened.manifest().scenario()),
                e -> {
                    String msg = e instanceof IOException ? e.getMessage() : zip.getFileName() + ": " + e;
                    frame.status().setMessage("Could not open " + zip.getFileName());
                    JOptionPane.showMessageDialog(frame, msg, "Cannot open report", JOptionPane.ERROR_MESSAGE);
                });
    }
}
