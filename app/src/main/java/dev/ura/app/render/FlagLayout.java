package dev.ura.app.render;

import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;

/**
 * Places the response's flags (start, end, estimated end) in the rows the ruler keeps for them
 * under its tick labels, so a flag never covers a tick label and no two flags overlap. Each flag
 * hangs beside its marker, right or left of it; a flag may be told not to start left of some x
 * (the end flag never left of the start marker, which read as "ends before it starts" on a
 * response narrower than its label). Flags are placed in order; each takes the first free spot
 * going row by row, side by side in its order of preference, first within the view, then
 * anywhere, then (only when nothing right of its limit is free) left of its limit; with every
 * spot taken it goes to the last row on its first side.
 */
public final class FlagLayout {
    /** Which side of its marker a flag hangs on. */
    public enum Side { RIGHT, LEFT }

    private static final int GAP = 2;
    private final int top;
    private final int rowHeight;
    private final int rows;
    private final int width;
    private final List<Rectangle> placed = new ArrayList<>();

    /**
     * @param top       y of the first flag row
     * @param rowHeight height of a row (a flag is one pixel shorter)
     * @param rows      number of rows
     * @param width     width of the view; flags stay inside it when they can
     */
    public FlagLayout(int top, int rowHeight, int rows, int width) {
        this.top = top;
        this.rowHeight = rowHeight;
        this.rows = rows;
        this.width = width;
    }

    /**
     * Places a flag {@code w} wide for the marker at {@code x}; the result is taken.
     *
     * @param minX  the flag's left edge may not be left of this (use {@link Integer#MIN_VALUE} for no limit)
     * @param sides the sides to try, preferred first
     */
    public Rectangle place(int x, int w, int minX, Side... sides) {
        // first inside the view and right of minX, then anywhere right of minX, then anywhere free
        for (int pass = 0; pass < 3; pass++) {
            for (int row = 0; row < rows; row++) {
                for (Side side : sides) {
                    Rectangle r = at(x, w, row, side);
                    boolean fits = pass > 0 || r.x >= 0 && r.x + r.width <= width;
                    if ((pass == 2 || r.x >= minX) && fits && free(r)) {
                        placed.add(r);
                        return r;
                    }
                }
            }
        }
        Rectangle r = at(x, w, rows - 1, sides[0]);
        placed.add(r);
        return r;
    }

    private Rectangle at(int x, int w, int row, Side side) {
        int left = side == Side.RIGHT ? x + GAP : x - GAP - w;
        return new Rectangle(left, top + row * rowHeight, w, rowHeight - 1);
    }

    private boolean free(Rectangle r) {
        for (Rectangle p : placed) {
            if (p.intersects(r)) {
                return false;
            }
        }
        return true;
    }
}
