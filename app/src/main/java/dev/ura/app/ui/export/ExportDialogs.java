package dev.ura.app.ui.export;

import dev.ura.app.ui.LoadedTrace;

import java.nio.file.Path;

import java.util.List;

/** File dialogs of the export actions: they start in the open trace's folder. */
final class ExportDialogs {
    private ExportDialogs() {
    }

    /**
     * Shows the dialog; the file to write or {@code null}. The timeline gets the keyboard back
     * afterwards: without that, shortcuts stopped until the window was clicked.
     */
    static Path ask(ExportHost host, ExportChooser chooser) {
        Path out = chooser.ask(host.window());
        host.focusTimeline();
        return out;
    }

    static ExportChooser chooser(LoadedTrace loaded, String title, String fileName, List<ExportChooser.Format> formats) {
        return new ExportChooser(LoadedTrace.dialogFolder(loaded, null), title, fileName, formats);
    }
}
