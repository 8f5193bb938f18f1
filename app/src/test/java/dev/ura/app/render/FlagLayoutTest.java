package dev.ura.app.render;

import org.junit.jupiter.api.Test;

import java.awt.Rectangle;

import static dev.ura.app.render.FlagLayout.Side.LEFT;
import static dev.ura.app.render.FlagLayout.Side.RIGHT;
import static org.assertj.core.api.Assertions.assertThat;

/** Flags in the ruler's two flag rows (top 22, rows 16 px, view 1000 px): positions worked out by hand. */
class FlagLayoutTest {
    private final FlagLayout layout = new FlagLayout(22, 16, 2, 1000);

    @Test
    void aResponseNarrowerThanItsEndFlagPutsTheEndFlagOnTheSecondRowRightOfItsMarker() {
        // Fit All on a long trace: start at x 100, end at x 110. The end flag (120 px) left of its
        // marker would start at -12, left of the start marker; right of it, it would cover the start flag.
        Rectangle start = layout.place(100, 80, Integer.MIN_VALUE, RIGHT, LEFT);
        Rectangle end = layout.place(110, 120, 100, LEFT, RIGHT);
        assertThat(start).isEqualTo(new Rectangle(102, 22, 80, 15));
        assertThat(end).isEqualTo(new Rectangle(112, 38, 120, 15));
        assertThat(end.intersects(start)).isFalse();
    }

    @Test
    void aWideResponseKeepsBothFlagsOnTheFirstRowInsideItsWindow() {
        Rectangle start = layout.place(100, 80, Integer.MIN_VALUE, RIGHT, LEFT);
        Rectangle end = layout.place(600, 120, 100, LEFT, RIGHT);
        Rectangle ghost = layout.place(300, 60, 100, LEFT, RIGHT);
        assertThat(start).isEqualTo(new Rectangle(102, 22, 80, 15));
        assertThat(end).isEqualTo(new Rectangle(478, 22, 120, 15));
        assertThat(ghost).isEqualTo(new Rectangle(238, 22, 60, 15));
    }

    @Test
    void aFlagAtTheRightEdgeHangsLeftOfItsMarker() {
        assertThat(layout.place(950, 80, Integer.MIN_VALUE, RIGHT, LEFT)).isEqualTo(new Rectangle(868, 22, 80, 15));
    }

    @Test
    void withEverySpotTakenAFlagGoesToTheLastRowOnItsFirstSide() {
        assertThat(layout.place(100, 80, Integer.MIN_VALUE, RIGHT)).isEqualTo(new Rectangle(102, 22, 80, 15));
        assertThat(layout.place(100, 80, Integer.MIN_VALUE, RIGHT)).isEqualTo(new Rectangle(102, 38, 80, 15));
        // both rows right of x 100 are taken; left of it (x 18) is before minX but free: taken last
        assertThat(layout.place(100, 80, 100, RIGHT, LEFT)).isEqualTo(new Rectangle(18, 22, 80, 15));
        assertThat(layout.place(100, 80, 100, RIGHT, LEFT)).isEqualTo(new Rectangle(18, 38, 80, 15));
        // nothing free at all: the last row, first side
        assertThat(layout.place(100, 80, 100, RIGHT, LEFT)).isEqualTo(new Rectangle(102, 38, 80, 15));
    }

    @Test
    void atFitAllOnALongTraceTheEndFlagIsRightOfTheStartMarkerAndClearOfTheTicks() {
        // a 20 ms response in a 10 s trace, as on the streaming sample: a few pixels wide at Fit All
        dev.ura.trace.model.Trace t = new dev.ura.app.testing.TinyTraces()
                .thread("main", true).call("a.Looper.loop", 0, 0, 10_000_000_000L)
                .call("a.View.performClick", 1, 5_000_000_000L, 5_020_000_000L).build();
        TimelineScene s = new TimelineScene(TraceIndex.of(t));
        s.axis().setWidthPx(800);
        s.axis().fit(0, 10_000_000_000L, 0);
        var r = new dev.ura.app.analysis.model.Response(0, "onClick", 0, "main", 5_000_000_000L, 5_020_000_000L, true,
                new dev.ura.app.analysis.model.EndEvent(0, "main", dev.ura.trace.model.EventKind.DRAW, "a.ListView", 5_020_000_000L));
        ResponseOverlay overlay = new ResponseOverlay(r, null, 5_010_000_000L);
        s.overlays().add(overlay);
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(800, 200, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        new TimelineRenderer().paint(g, s, 800, 200);
        g.dispose();
        var flags = overlay.flags();
        int xs = (int) Math.round(s.axis().toPx(r.startNs()));
        Metrics m = s.metrics();
        assertThat(flags).hasSize(3);
        for (Rectangle f : flags) {
            assertThat(f.y).as("flags below the tick labels").isGreaterThanOrEqualTo(m.tickRow());
            assertThat(f.y + f.height).as("flags inside the ruler").isLessThanOrEqualTo(m.ruler());
        }
        assertThat(flags.get(1).x).as("the end flag starts right of the start marker").isGreaterThanOrEqualTo(xs);
        for (int i = 0; i < flags.size(); i++) {
            for (int j = i + 1; j < flags.size(); j++) {
                assertThat(flags.get(i).intersects(flags.get(j))).as("flags %d and %d overlap", i, j).isFalse();
            }
        }
    }
}
