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
        // both rows right of x 100 are taken, and left of it (x 18) is before minX
        assertThat(layout.place(100, 80, 100, RIGHT, LEFT)).isEqualTo(new Rectangle(102, 38, 80, 15));
    }
}
