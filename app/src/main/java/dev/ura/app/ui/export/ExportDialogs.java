package dev.ura.app.ui.export;

import dev.ura.app.ui.app.ExplorerFrame;

import javax.swing.JFileChooser;
import java.io.File;
import java.nio.file.Path;

/** File dialogs of the export actions: they start in the open trace's folder. */
final class ExportDialogs {
    private ExportDialogs() {
    }

    static JFileChooser chooser(ExplorerFrame frame, String title, String fileName) {
        Path file = frame.loaded() == null ? null : frame.loaded().source().file();
        Path folder = file == null ? null : file.toAbsolutePath().getParent();
        JFileChooser chooser = new JFileChooser(folder == null ? null : folder.toFile());
        chooser.setDialogTitle(title);
        chooser.setSelectedFile(folder == null ? new File(fileName) : folder.resolve(fileName).toFile());
        return chooser;
    }
}
