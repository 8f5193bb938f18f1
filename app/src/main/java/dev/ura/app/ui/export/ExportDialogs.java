package dev.ura.app.ui.export;

import dev.ura.app.ui.LoadedTrace;

import java.util.List;

/** File dialogs of the export actions: they start in the open trace's folder. */
final class ExportDialogs {
    private ExportDialogs() {
    }

    static ExportChooser chooser(LoadedTrace loaded, String title, String fileName, List<ExportChooser.Format> formats) {
        return new ExportChooser(LoadedTrace.dialogFolder(loaded, null), title, fileName, formats);
    }
}
