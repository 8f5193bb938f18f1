package dev.ura.app.render;

import dev.ura.trace.model.CallTable;

import java.util.List;

/**
 * Fills a {@link DrawList} with the calls visible in each lane. Per depth, a binary search finds
 * the first visible call; calls at least {@link Metrics#minSlice()} wide become items of their own,
 * and runs of narrower calls separated by gaps narrower than that fold into one item (as in Tracy),
 * skipping ahead {@code minSlice} pixels at a time with galloping searches. The work per frame therefore grows with pixels (and log of calls), not calls.
 */
public final class FlameDrawListBuilder {
    private FlameDrawListBuilder() {
    }

    /**
     * Builds the list for the lanes overlapping {@code [clipTop, clipBottom)}. Pinned and scrolling
     * lanes have their own clip bands; {@code pinnedBottom} separates them.
     */
    public static void build(TraceIndex index, TimeAxis axis, List<LaneBox> boxes, Metrics m,
                             int pinnedBottom, int clipBottom, DrawList out) {
        out.clear();
        for (LaneBox box : boxes) {
            int top = box.pinned() ? m.ruler() : pinnedBottom;
            int bottom = box.pinned() ? pinnedBottom : clipBottom;
            DepthIndex di = null; // built on first use: a lane off screen needs none
            for (int d = 0; d < box.rows(); d++) {
                int y = box.rowsY(m) + d * m.row();
                if (y + m.row() <= top || y >= bottom) {
                    continue;
                }
                if (di == null) {
                    di = index.depths(box.thread());
                }
                buildRow(di, box.thread(), d, y, axis, m, out);
            }
        }
    }

    private static void buildRow(DepthIndex di, int thread, int d, int y, TimeAxis axis, Metrics m, DrawList out) {
        CallTable calls = di.calls();
        long t1 = axis.endNs();
        double width = axis.widthPx();
        double minW = m.minSlice();
        int to = di.to(d);
        int h = m.row() - 1;
        int p = di.firstEndingAtOrAfter(d, di.from(d), axis.startNs());
        while (p < to) {
            int c = di.call(p);
            long s = calls.start(c);
            if (s > t1) {
                return;
            }
            double x0 = axis.toPx(s);
            double x1 = axis.toPx(calls.end(c));
            p++;
            if (x1 - x0 >= minW) {
                add(out, x0, x1, width, y, h, thread, c, 1);
                continue;
            }
            int n = 1;
            double runEnd = x1;
            while (p < to && runEnd <= width) {
                int q = di.firstEndingAtOrAfter(d, p, axis.toNs(runEnd + minW));
                if (q > p) {
                    // every call in p..q-1 starts after the run and ends within minW of it, so each is
                    // narrower than minW and any gap between them is too: they belong to the fold
                    n += q - p;
                    runEnd = Math.max(runEnd, axis.toPx(calls.end(di.call(q - 1))));
                    p = q;
                    continue;
                }
                int next = di.call(p);
                double sx = axis.toPx(calls.start(next));
                double ex = axis.toPx(calls.end(next));
                if (ex - sx >= minW || sx - runEnd >= minW) {
                    break;
                }
                n++;
                runEnd = ex;
                p++;
            }
            add(out, x0, Math.max(runEnd, x0 + 1), width, y, h, thread, c, n);
        }
    }

    private static void add(DrawList out, double x0, double x1, double width, int y, int h, int thread, int call, int n) {
        double a = Math.max(-2, x0);
        double b = Math.min(width + 2, x1);
        out.add(a, Math.max(b - a, 0.5), y, h, thread, call, n);
    }
}
