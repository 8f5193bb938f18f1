package dev.ura.app.analysis.model;

import java.util.Locale;

/** What a critical-path segment spends its time on. */
public enum Category {
    CPU, STORAGE, NETWORK, WAIT, DRAW, OTHER,
    /** The thread was busy with other work (a frame, another message) the segment's work had to wait behind. */
    QUEUED,
    /** System traces: the thread was ready to run but waited for a CPU (the holder is named). */
    RUNNABLE,
    /** System traces: uninterruptible sleep, usually block I/O. */
    IO;

    /** The JSON spelling ({@code cpu}, {@code storage}, ...). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
