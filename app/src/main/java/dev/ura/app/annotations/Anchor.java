package dev.ura.app.annotations;

/**
 * A point of a trace an annotation is pinned to: a thread and a time.
 *
 * @param threadId   the thread's id in the file ({@code ThreadTrack.id()}), stable across reloads
 * @param threadName its name, used when the id is not found (a re-recorded trace)
 * @param timeNs     the time, ns on the trace's time base
 */
public record Anchor(long threadId, String threadName, long timeNs) {

    /** The same anchor moved by {@code dtNs}. */
    public Anchor shifted(long dtNs) {
        return new Anchor(threadId, threadName, timeNs + dtNs);
    }
}
