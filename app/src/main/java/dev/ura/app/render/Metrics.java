package dev.ura.app.render;

/**
 * Pixel sizes of the timeline at a UI scale (1 at 96 dpi; FlatLaf's {@code UIScale} in the window,
 * an explicit factor for exports).
 *
 * @param scale    the factor every size below was multiplied by
 * @param ruler    height of the time ruler: a row of tick labels over {@link #FLAG_ROWS} rows of response flags
 * @param header   height of a thread's header line
 * @param row      height of one call depth
 * @param gap      space between lanes
 * @param fontSize label font size
 * @param minSlice narrowest slice drawn on its own; narrower runs fold into one block
 */
public record Metrics(double scale, int ruler, int header, int row, int gap, float fontSize, double minSlice) {
    /** Rows the ruler keeps under its tick labels for the response's flags (start, end, estimate). */
    public static final int FLAG_ROWS = 2;

    /** The sizes at a scale factor. */
    public static Metrics at(double scale) {
        return new Metrics(scale, px(22, scale) + FLAG_ROWS * px(16, scale), px(20, scale), px(17, scale), px(4, scale),
                (float) (11 * scale), 3 * scale);
    }

    /**
     * Height of a system-trace lane's thread-state strip, between its header line and its rows:
     * tall enough to tell a running block from a runnable one and to point at with the mouse.
     */
    public int stateRow() {
        return px(9, scale);
    }

    /** Height of one row of flags. */
    public int flagRow() {
        return px(16, scale);
    }

    /** Height of the ruler's tick-label row, above the flag rows. */
    public int tickRow() {
        return ruler - FLAG_ROWS * flagRow();
    }

    private static int px(int v, double scale) {
        return (int) Math.round(v * scale);
    }
}
