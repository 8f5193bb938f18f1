package dev.ura.app.render;

/**
 * The horizontal mapping of a timeline: nanoseconds to pixels and back, with zoom around a pixel
 * and pan by pixels. The origin is kept as a {@code long} plus a fraction so that epoch-sized
 * timestamps keep nanosecond precision (a {@code double} would lose it above ~2^53 ns) while
 * zooming far below one nanosecond per pixel.
 */
public final class TimeAxis {
    /** Deepest zoom: 50 pixels per nanosecond. */
    public static final double MIN_NS_PER_PX = 0.02;
    /** Widest zoom: about three hours per pixel. */
    public static final double MAX_NS_PER_PX = 1e13;

    private long originNs;
    private double originFraction;
    private double nsPerPx = 1_000_000;
    private int widthPx = 1;

    /** A copy, so painting can work on a snapshot. */
    public TimeAxis copy() {
        TimeAxis a = new TimeAxis();
        a.originNs = originNs;
        a.originFraction = originFraction;
        a.nsPerPx = nsPerPx;
        a.widthPx = widthPx;
        return a;
    }

    /** Width of the plotting area in pixels (at least 1). */
    public int widthPx() {
        return widthPx;
    }

    /** Changes the width, keeping the left edge and the scale. */
    public void setWidthPx(int width) {
        widthPx = Math.max(1, width);
    }

    public double nsPerPx() {
        return nsPerPx;
    }

    /** The x of a time, in pixels from the left edge (may be far outside the view). */
    public double toPx(long ns) {
        return ((ns - originNs) - originFraction) / nsPerPx;
    }

    /** The time at an x, rounded to the nearest nanosecond. */
    public long toNs(double px) {
        double offset = px * nsPerPx + originFraction;
        return originNs + Math.round(offset);
    }

    /** Time at the left edge. */
    public long startNs() {
        return toNs(0);
    }

    /** Time at the right edge. */
    public long endNs() {
        return toNs(widthPx);
    }

    /** Visible span in nanoseconds. */
    public long spanNs() {
        return Math.round(widthPx * nsPerPx);
    }

    /** Shows {@code [startNs, endNs]} across the width, with {@code marginPx} free on both sides. */
    public void fit(long startNs, long endNs, double marginPx) {
        long span = Math.max(1, endNs - startNs);
        double usable = Math.max(1, widthPx - 2 * marginPx);
        nsPerPx = clamp(span / usable);
        setOrigin(startNs, -marginPx * nsPerPx);
    }

    /**
     * Zooms by {@code factor} (greater than 1 zooms in) keeping the time under {@code px} where it is.
     */
    public void zoom(double px, double factor) {
        long anchor = toNs(px);
        double anchorFraction = (px * nsPerPx + originFraction) - Math.round(px * nsPerPx + originFraction);
        nsPerPx = clamp(nsPerPx / factor);
        setOrigin(anchor, anchorFraction - px * nsPerPx);
    }

    /** Moves the view by {@code dpx} pixels (positive shows later times). */
    public void pan(double dpx) {
        setOrigin(originNs, originFraction + dpx * nsPerPx);
    }

    /**
     * Keeps some of {@code [startNs, endNs]} in view: the left edge may not pass the end, nor the
     * right edge the start, minus a tenth of the width.
     */
    public void clampTo(long startNs, long endNs) {
        double keep = widthPx * 0.1 * nsPerPx;
        long minOrigin = startNs - Math.round(widthPx * nsPerPx - keep);
        long maxOrigin = endNs - Math.round(keep);
        if (originNs < minOrigin) {
            setOrigin(minOrigin, 0);
        } else if (originNs > maxOrigin) {
            setOrigin(maxOrigin, 0);
        }
    }

    private void setOrigin(long base, double offsetNs) {
        long whole = (long) Math.floor(offsetNs);
        originNs = base + whole;
        originFraction = offsetNs - whole;
    }

    private static double clamp(double v) {
        if (!(v > MIN_NS_PER_PX)) {
            return MIN_NS_PER_PX;
        }
        return Math.min(MAX_NS_PER_PX, v);
    }
}
