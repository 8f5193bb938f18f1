package dev.ura.trace.io;

import java.util.concurrent.CancellationException;

/**
 * Progress and cancellation for long reads and analyses, free of any UI toolkit. Implementations
 * must be cheap: readers call {@link #update} every few thousand records.
 */
public interface Progress {
    /** A progress sink that ignores updates and is never cancelled. */
    Progress NONE = (done, total) -> { };

    /** Reports {@code done} of {@code total} units (bytes, usually); {@code total} may be -1. */
    void update(long done, long total);

    /** Whether the user asked to stop. */
    default boolean isCancelled() {
        return false;
    }

    /** Throws {@link CancellationException} when cancelled; readers call it with their updates. */
    default void checkCancelled() {
        if (isCancelled()) {
            throw new CancellationException("cancelled");
        }
    }
}
