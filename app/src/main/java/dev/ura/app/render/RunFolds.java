package dev.ura.app.render;

/**
 * Level of detail for intervals that do not overlap, sorted by start (so by end too): a CPU's
 * runs, a thread's scheduler states. As in the flame chart, an interval at least
 * {@link Metrics#minSlice()} wide is drawn on its own; narrower ones, separated by gaps narrower
 * than that, fold into one block, found by binary search, so the work per frame grows with
 * pixels, not with intervals.
 */
final class RunFolds {
    /** The intervals, read by index. */
    interface Runs {
        int size();

        long start(int i);

        long end(int i);

        /** Index of the first interval ending after {@code timeNs}. */
        int firstEndingAfter(long timeNs);
    }

    private RunFolds() {
    }

    /**
     * The fold that starts with interval {@code first}, narrower than {@code minW} and ending at
     * {@code firstEndPx}: every interval ending within {@code minW} of the fold's end joins it (they
     * start after it, so they are narrower than minW and so are the gaps between them), then
     * intervals one by one while they and the gaps before them stay narrower than minW.
     *
     * @param endPx receives the fold's right edge, px
     * @return the index of the first interval after the fold
     */
    static int foldEnd(Runs r, TimeAxis axis, int first, double firstEndPx, double minW, double[] endPx) {
        int n = r.size();
        double width = axis.widthPx();
        double end = firstEndPx;
        int i = first + 1;
        while (i < n && end <= width) {
            int q = r.firstEndingAfter(axis.toNs(end + minW));
            if (q > i) {
                end = Math.max(end, axis.toPx(r.end(q - 1)));
                i = q;
                continue;
            }
            double sx = axis.toPx(r.start(i));
            double ex = axis.toPx(r.end(i));
            if (ex - sx >= minW || sx - end >= minW) {
                break;
            }
            end = ex;
            i++;
        }
        endPx[0] = end;
        return i;
    }
}
