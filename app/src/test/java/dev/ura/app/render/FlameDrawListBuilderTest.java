package dev.ura.app.render;

import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FlameDrawListBuilderTest {
    private static final Metrics M = Metrics.at(1);

    private static DrawList build(Trace trace, long start, long end, int width) {
        TraceIndex index = TraceIndex.of(trace);
        TimeAxis axis = new TimeAxis();
        axis.setWidthPx(width);
        axis.fit(start, end, 0);
        LaneLayout layout = new LaneLayout(index.defaultOrder());
        List<LaneBox> boxes = layout.boxes(index, M, 0);
        DrawList out = new DrawList();
        FlameDrawListBuilder.build(index, axis, boxes, M, M.ruler(), 10_000, out);
        return out;
    }

    @Test
    void wideCallsAreItemsOfTheirOwnAtTheirDepth() {
        Trace t = new TinyTraces().thread("main", true)
                .call("a.A.outer", 0, 0, 1000).call("a.A.inner", 1, 100, 600).build();
        DrawList d = build(t, 0, 1000, 1000);
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.count(0)).isEqualTo(1);
        assertThat(d.y(1) - d.y(0)).isEqualTo(M.row());
        assertThat(d.x(1)).isEqualTo(100.0);
        assertThat(d.width(1)).isEqualTo(500.0);
    }

    @Test
    void subPixelRunsFoldIntoOneBlockCountingEveryCall() {
        TinyTraces b = new TinyTraces().thread("main", true);
        for (int i = 0; i < 10_000; i++) {
            b.call("a.A.tiny", 0, i * 10L, i * 10L + 5);
        }
        b.call("a.A.big", 0, 200_000, 400_000);
        DrawList d = build(b.build(), 0, 400_000, 1000);
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.count(0)).isEqualTo(10_000);
        assertThat(d.x(0)).isEqualTo(0.0);
        assertThat(d.x(0) + d.width(0)).isBetween(249.0, 251.0);
        assertThat(d.count(1)).isEqualTo(1);
    }

    @Test
    void aGapAsWideAsTheFoldThresholdSplitsFolds() {
        TinyTraces b = new TinyTraces().thread("main", true);
        b.call("a.A.x", 0, 0, 1).call("a.A.y", 0, 3, 4).call("a.A.z", 0, 12, 13);
        DrawList d = build(b.build(), 0, 1000, 1000);
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.count(0)).isEqualTo(2);
        assertThat(d.count(1)).isEqualTo(1);
    }

    @Test
    void onlyVisibleCallsAreListed() {
        TinyTraces b = new TinyTraces().thread("main", true);
        for (int i = 0; i < 100; i++) {
            b.call("a.A.c" + i, 0, i * 100L, i * 100L + 90);
        }
        DrawList d = build(b.build(), 5_000, 5_390, 390);
        assertThat(d.size()).isEqualTo(4);
        assertThat(d.call(0)).isEqualTo(50);
    }

    @Test
    void itemsStayBoundedByPixelsOnAMillionCalls() {
        TinyTraces b = new TinyTraces().thread("main", true);
        for (int i = 0; i < 1_000_000; i++) {
            b.call("a.A.c", 0, i * 7L, i * 7L + (i % 3 == 0 ? 6 : 2));
        }
        DrawList d = build(b.build(), 0, 7_000_000, 1920);
        assertThat(d.size()).isLessThanOrEqualTo(1920);
        long total = 0;
        for (int i = 0; i < d.size(); i++) {
            total += d.count(i);
        }
        assertThat(total).isEqualTo(1_000_000);
    }

    @Test
    void hitTestingFindsTheItemThatWasDrawn() {
        Trace t = new TinyTraces().thread("main", true)
                .call("a.A.outer", 0, 0, 1000).call("a.A.inner", 1, 100, 600).build();
        DrawList d = build(t, 0, 1000, 1000);
        int y1 = d.y(1) + 2;
        assertThat(d.hit(300, y1)).isEqualTo(1);
        assertThat(d.call(d.hit(300, d.y(0) + 2))).isEqualTo(0);
        assertThat(d.hit(800, y1)).isEqualTo(-1);
    }

    @Test
    void lanesBelowTheClipAreNotIndexed() {
        TinyTraces b = new TinyTraces().thread("main", true);
        for (int d = 0; d < 6; d++) {
            b.call("a.A.m" + d, d, d, 1000 - d);
        }
        Trace t = b.thread("w", false).call("b.B.run", 0, 0, 500).build();
        TraceIndex index = TraceIndex.of(t);
        TimeAxis axis = new TimeAxis();
        axis.setWidthPx(1000);
        axis.fit(0, 1000, 0);
        List<LaneBox> boxes = new LaneLayout(index.defaultOrder()).boxes(index, M, 0);
        DrawList out = new DrawList();
        // the clip ends inside main's lane: w's lane lies below it
        int clipBottom = boxes.get(0).rowsY(M) + 2 * M.row();
        FlameDrawListBuilder.build(index, axis, boxes, M, M.ruler(), clipBottom, out);
        assertThat(out.size()).isEqualTo(2);
        assertThat(index.indexed(0)).isTrue();
        assertThat(index.indexed(1)).isFalse();
        FlameDrawListBuilder.build(index, axis, boxes, M, M.ruler(), 10_000, out);
        assertThat(out.size()).isEqualTo(7);
        assertThat(index.indexed(1)).isTrue();
    }
}
