package dev.ura.app.ui.export;

import dev.ura.app.report.BundleReader;
import dev.ura.app.report.ReportBundle;
import dev.ura.app.ui.Background;
import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.ui.StatusSink;

import javax.swing.JOptionPane;
import java.awt.Component;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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

    /** Where an extracted bundle's trace is opened, with the view to restore once it has loaded. */
    @FunctionalInterface
    public interface ViewTarget {
        void openView(Path trace, Path bundle, Integer response, List<ScenarioJson> scenario);
    }

    /**
     * @param parent the parent of the error dialog
     * @param status where progress and failure are reported
     * @param target opens the extracted trace
     */
    public static void open(Path zip, Component parent, StatusSink status, ViewTarget target) {
        status.setMessage("Opening report " + zip.getFileName() + "…");
        Background.run(() -> BundleReader.open(zip), opened -> target.openView(opened.trace(), zip,
                        opened.manifest().response(), opened.manifest().scenario()),
                e -> {
                    String msg = e instanceof IOException ? e.getMessage() : zip.getFileName() + ": " + e;
                    status.setMessage("Could not open " + zip.getFileName());
                    JOptionPane.showMessageDialog(parent, msg, "Cannot open report", JOptionPane.ERROR_MESSAGE);
                });
    }
}
