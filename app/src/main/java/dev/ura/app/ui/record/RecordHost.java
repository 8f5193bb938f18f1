package dev.ura.app.ui.record;

import java.nio.file.Path;

/** What Record… needs of the window: open the log, say what is going on, remember the last settings. */
public interface RecordHost {
    /** Opens a recorded log (on the EDT). */
    void open(Path log);

    /** Shows a one-line status message (on the EDT). */
    void status(String message);

    RecordSettings lastRecording();

    void rememberRecording(RecordSettings s);
}
