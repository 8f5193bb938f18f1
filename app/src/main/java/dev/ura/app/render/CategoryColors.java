package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;

import java.awt.Color;

/**
 * The colour of each critical-path category, shared by the timeline's path bar, the path table,
 * the statistics chart and exports. System-trace categories use Perfetto's thread-state colours
 * (running dark green, runnable light green, I/O orange, sleeping grey) so the path reads like the
 * state strip under it.
 */
public final class CategoryColors {
    /** Perfetto's "Running" (the light theme's strip colour). */
    public static final Color RUNNING = StripState.RUNNING.colour(false);
    /** Perfetto's "Runnable" / "Runnable (Preempted)" (the light theme's strip colour). */
    public static final Color RUNNABLE = StripState.RUNNABLE.colour(false);
    /** Perfetto's "Uninterruptible Sleep", usually block I/O (the light theme's strip colour). */
    public static final Color IO = StripState.IO.colour(false);
    /** Perfetto's "Sleeping". */
    public static final Color SLEEPING = new Color(0xAAB3BC);

    private CategoryColors() {
    }

    /** The colour a category is shown in. */
    public static Color of(Category c) {
        return switch (c) {
            case CPU -> RUNNING;
            case RUNNABLE -> RUNNABLE;
            case IO -> IO;
            case STORAGE -> new Color(0xBC4C00);
            case NETWORK -> new Color(0x0969DA);
            case WAIT -> SLEEPING;
            case DRAW -> new Color(0x8250DF);
            case QUEUED -> new Color(0xD4A72C);
            case OTHER -> new Color(0x8C959F);
        };
    }

    /** The colour of a category on the timeline of a theme: runnable and I/O as the state strip shows them. */
    public static Color onTimeline(Category c, boolean dark) {
        return switch (c) {
            case RUNNABLE -> StripState.RUNNABLE.colour(dark);
            case IO -> StripState.IO.colour(dark);
            default -> of(c);
        };
    }

    /**
     * Whether the timeline's path bar paints a segment of this category in its own colour rather
     * than the critical-path colour: the system-trace states a user tells apart at a glance.
     */
    public static boolean ownColourOnPath(Category c) {
        return c == Category.RUNNABLE || c == Category.IO;
    }
}
