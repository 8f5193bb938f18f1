package dev.ura.app.analysis.model;

import java.util.Locale;

/** What a critical-path segment spends its time on. */
public enum Category {
    CPU, STORAGE, NETWORK, WAIT, DRAW, OTHER,
    /** The thread was busy with other work (a frame, another message) the segment's work had to wait behind. */
    QUEUED;

    /** The JSON spelling ({@code cpu}, {@code storage}, ...). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
