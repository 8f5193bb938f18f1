package dev.ura.app.ui;

/**
 * The status bar's message line, as the tools that only report progress see it (annotating,
 * exporting, opening a report): they get this instead of the whole window.
 */
@FunctionalInterface
public interface StatusSink {
    /** Shows a one-line message; called on the EDT. */
    void setMessage(String message);
}
