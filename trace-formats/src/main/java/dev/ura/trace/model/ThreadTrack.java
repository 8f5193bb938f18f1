package dev.ura.trace.model;

/**
 * One thread of a trace.
 *
 * @param id      the thread id as the file gives it (Linux tid, VM thread id or ART 14+ encoding)
 * @param name    its name, or {@code thread <id>} when the file names it nowhere
 * @param main    whether this is the app's main (UI) thread
 * @param records raw records (binary records or log events) read for this thread
 * @param calls   its calls after repair
 */
public record ThreadTrack(long id, String name, boolean main, long records, CallTable calls) {

    /** The name used for threads with records but no name in the file. */
    public static String unnamed(long id) {
        return "thread " + id;
    }
}
