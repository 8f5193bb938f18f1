package dev.ura.app.render;

import java.util.Arrays;

/**
 * The rectangles of one frame, bounded by pixels rather than by calls: each is one call or a fold
 * of calls too narrow to see. Painting and hit-testing both read this list, so what the user
 * clicks is what was drawn. Arrays are reused from frame to frame.
 */
public final class DrawList {
    private int size;
    private double[] x = new double[256];
    private double[] w = new double[256];
    private int[] y = new int[256];
    private int[] h = new int[256];
    private int[] thread = new int[256];
    private int[] call = new int[256];
    private int[] count = new int[256];

    public void clear() {
        size = 0;
    }

    public int size() {
        return size;
    }

    /**
     * Adds a rectangle.
     *
     * @param callIndex the call it shows, or the first call of a fold
     * @param n         1 for a single call, more for a fold
     */
    public void add(double px, double width, int py, int height, int threadIndex, int callIndex, int n) {
        if (size == x.length) {
            int c = size * 2;
            x = Arrays.copyOf(x, c);
            w = Arrays.copyOf(w, c);
            y = Arrays.copyOf(y, c);
            h = Arrays.copyOf(h, c);
            thread = Arrays.copyOf(thread, c);
            call = Arrays.copyOf(call, c);
            count = Arrays.copyOf(count, c);
        }
        x[size] = px;
        w[size] = width;
        y[size] = py;
        h[size] = height;
        thread[size] = threadIndex;
        call[size] = callIndex;
        count[size] = n;
        size++;
    }

    public double x(int i) {
        return x[i];
    }

    public double width(int i) {
        return w[i];
    }

    public int y(int i) {
        return y[i];
    }

    public int height(int i) {
        return h[i];
    }

    public int thread(int i) {
        return thread[i];
    }

    /** The call of a single-call item, or the first call of a fold. */
    public int call(int i) {
        return call[i];
    }

    /** Calls folded into the item (1 for a single call). */
    public int count(int i) {
        return count[i];
    }

    public boolean isFold(int i) {
        return count[i] > 1;
    }

    /** The item under a point, or -1; thin items get a pixel of slack so they can be hit. */
    public int hit(double px, double py) {
        for (int i = size - 1; i >= 0; i--) {
            if (py >= y[i] && py < y[i] + h[i] && px >= x[i] - 0.5 && px < x[i] + Math.max(1, w[i]) + 0.5) {
                return i;
            }
        }
        return -1;
    }
}
