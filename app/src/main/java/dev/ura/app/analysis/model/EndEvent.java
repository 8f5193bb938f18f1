package dev.ura.app.analysis.model;

import dev.ura.trace.model.EventKind;

/**
 * The event that ends a response: the last draw that fulfils a request its tracked work made.
 *
 * @param thread     index into {@code Trace.threads()}
 * @param threadName that thread's name
 * @param kind       {@code DRAW}, {@code PAGE_FINISH} or {@code DRAW_FRAME}
 * @param name       what was drawn (view identity or method name)
 * @param atNs       the end time of that draw
 */
public record EndEvent(int thread, String threadName, EventKind kind, String name, long atNs) {
}
