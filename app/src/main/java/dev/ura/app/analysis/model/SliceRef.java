package dev.ura.app.analysis.model;

/**
 * One call of one thread, by index: the unit the user right-clicks and scenarios change.
 *
 * @param thread index into {@code Trace.threads()}
 * @param call   index into that thread's {@code CallTable}
 */
public record SliceRef(int thread, int call) {
}
