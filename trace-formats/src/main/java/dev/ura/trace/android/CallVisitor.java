package dev.ura.trace.android;

/**
 * Sees one thread's calls as the one-pass scan ({@link MethodTraceScan}) decodes them, after the
 * same repairs as the full reader ({@code docs/android-trace-format.md} §8), without any call being
 * kept. Times are ns on the file's time base; they never run backwards within a thread.
 */
public interface CallVisitor {
    /** A call of {@code method} opens inside the calls open now. */
    void enter(int method, long startNs);

    /** The innermost open call ends. */
    void exit(long endNs);

    /**
     * An exit read while no call was open: the reader adds a synthetic caller of {@code method}
     * from {@code startNs} (the thread's first time) to {@code endNs} that encloses every call of
     * the thread so far, including earlier synthetic callers (none is open now).
     */
    void syntheticCaller(int method, long startNs, long endNs);

    /** The thread's records are over; every call was closed. */
    void end();
}
