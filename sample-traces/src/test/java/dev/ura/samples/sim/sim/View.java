package dev.ura.samples.sim;

/**
 * A view that can be invalidated and drawn.
 *
 * @param id         its identity in the agent log (e.g. {@code RecyclerView#feed_list})
 * @param drawMethod the method a frame calls to draw it ({@code pkg.Class.method})
 * @param drawMs     time its draw takes, ms
 * @param layoutMs   time measuring and laying it out takes after {@code requestLayout}, ms
 */
public record View(String id, String drawMethod, double drawMs, double layoutMs) {
}
