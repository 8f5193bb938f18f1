package dev.ura.app.analysis.model;

/**
 * On a system trace: a stretch of one thread's time that belongs to a response's tracked work
 * (docs/system-responses.md §2).
 *
 * @param thread      index into {@code Trace.threads()}
 * @param fromNs      where it starts (the trigger slice's start, the wakeup, the binder receipt, the flow's end)
 * @param toNs        where it ends (the thread's next untracked sleep, the reply, the trace end)
 * @param cause       what made it tracked
 * @param causeThread the thread whose tracked work caused it, -1 for the trigger
 */
public record TrackedStretch(int thread, long fromNs, long toNs, Cause cause, int causeThread) {
    /** What put a stretch into the tracked work. */
    public enum Cause { TRIGGER, WAKEUP, BINDER, FLOW }

    public TrackedStretch {
        if (toNs < fromNs) {
            throw new IllegalArgumentException("stretch ends before it starts: " + fromNs + " > " + toNs);
        }
    }

    /** Whether {@code timeNs} lies in the stretch (from inclusive, to exclusive). */
    public boolean contains(long timeNs) {
        return timeNs >= fromNs && timeNs < toNs;
    }
}
