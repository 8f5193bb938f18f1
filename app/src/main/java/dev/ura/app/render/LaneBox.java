package dev.ura.app.render;

/**
 * Where one thread's lane is on screen this frame.
 *
 * @param thread    index into {@code Trace.threads()}
 * @param y         top of the header line
 * @param height    header plus rows
 * @param rows      depth rows shown (1 when collapsed)
 * @param pinned    whether it stays at the top while the rest scrolls
 * @param collapsed whether only the top-level calls are shown
 * @param strip     height of the thread-state strip under the header line (0: none, not a system trace)
 */
public record LaneBox(int thread, int y, int height, int rows, boolean pinned, boolean collapsed, int strip) {

    /** Top of the thread-state strip (the bottom of the header line). */
    public int stripY(Metrics m) {
        return y + m.header();
    }

    /** Top of the first depth row. */
    public int rowsY(Metrics m) {
        return y + m.header() + strip;
    }
}
