package dev.ura.app.annotations;

import java.util.Objects;

/**
 * A slice named by what stays true when the trace is reopened or re-indexed: its start time,
 * depth and method on the anchor's thread (call indexes change with the reader; these do not).
 *
 * @param startNs the call's start, ns on the trace's time base
 * @param depth   its depth (0 = top level)
 * @param method  its method's full name ({@code pkg.Class.method})
 */
public record SliceKey(long startNs, int depth, String method) {
    public SliceKey {
        Objects.requireNonNull(method, "method");
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be 0 or more: " + depth);
        }
    }
}
