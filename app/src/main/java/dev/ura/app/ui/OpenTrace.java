package dev.ura.app.ui;

import java.util.function.Consumer;

/**
 * The open trace as the parts of the window see it: which one is shown, and news when another is
 * being loaded or has been shown. Parts get this instead of the whole frame.
 */
public interface OpenTrace {
    /** The trace shown, or {@code null}. */
    LoadedTrace loaded();

    /** Called on the EDT with each trace shown. */
    void addTraceListener(Consumer<LoadedTrace> l);

    /**
     * Called on the EDT with {@code true} when another trace starts loading (views of the shown
     * one should let it go) and {@code false} when that load failed or was cancelled (the shown
     * trace stays).
     */
    void addLoadingListener(Consumer<Boolean> l);
}
