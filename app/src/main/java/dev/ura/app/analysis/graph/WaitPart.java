package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.Category;

/**
 * One part of what a thread did while a piece waited to run on it (queued behind other work, its
 * own enclosing work, plain waiting). The method-trace front half works these out
 * ({@code graph.method.WaitParts}); the shared {@link ResponseGraph} keeps them per wait vertex.
 * Public because the front half that makes them lives in another package.
 *
 * @param call the call the wait lies in, or -1 for plain waiting
 * @param name what the part shows as
 */
public record WaitPart(long startNs, long endNs, Category category, int call, String name) {
}
