package dev.ura.app.render;

/**
 * Which arrows the timeline draws (View › Arrows): the kernel's wakeups of the selected slice's
 * thread, its hand-offs (binder transactions and trace flows), and the critical path's hand-offs
 * between threads.
 */
public record ArrowToggles(boolean wakeups, boolean handoffs, boolean path) {
    public static final ArrowToggles ALL = new ArrowToggles(true, true, true);
}
