package dev.ura.app.render;

/**
 * Where one CPU's track is on screen this frame.
 *
 * @param cpu    CPU number
 * @param y      top of the track
 * @param height height of the track
 */
public record CpuRow(int cpu, int y, int height) {
}
