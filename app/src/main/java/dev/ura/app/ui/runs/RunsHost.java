package dev.ura.app.ui.runs;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.ui.LoadedTrace;

import java.awt.Window;
import java.nio.file.Path;

/**
 * What File › Open Runs… and Compare With… need of the explorer window: a parent for their
 * dialogs and windows, the open trace with its analysis, and a way to open a run's trace in it.
 * They take this instead of the whole frame, so this package does not depend on the one that
 * builds the window (which would close an import cycle).
 */
public interface RunsHost {
    /** The parent of dialogs and the window brought to the front when a run is opened. */
    Window window();

    /** The trace shown, or {@code null}. */
    LoadedTrace loaded();

    /** The shown trace's analysis with the user's link edits, or {@code null} while it is computed. */
    Analysis currentAnalysis();

    /** Opens a trace in the window. */
    void open(Path trace);
}
