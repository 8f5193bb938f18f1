package dev.ura.app.render;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TimeAxisTest {
    @Test
    void fitMapsTheRangeOntoTheWidth() {
        TimeAxis a = new TimeAxis();
        a.setWidthPx(1000);
        a.fit(1_000_000, 2_000_000, 0);
        assertThat(a.toPx(1_000_000)).isCloseTo(0, within(1e-9));
        assertThat(a.toPx(2_000_000)).isCloseTo(1000, within(1e-9));
        assertThat(a.toNs(500)).isEqualTo(1_500_000);
    }

    @Test
    void zoomKeepsTheTimeUnderTheCursor() {
        TimeAxis a = new TimeAxis();
        a.setWidthPx(800);
        a.fit(0, 8_000, 0);
        long before = a.toNs(300);
        a.zoom(300, 4);
        assertThat(a.toNs(300)).isEqualTo(before);
        assertThat(a.nsPerPx()).isCloseTo(2.5, within(1e-9));
        a.zoom(300, 0.25);
        assertThat(a.toNs(300)).isEqualTo(before);
        assertThat(a.nsPerPx()).isCloseTo(10, within(1e-9));
    }

    @Test
    void epochTimesKeepNanosecondPrecisionAtDeepZoom() {
        long epoch = 1_700_000_000_123_456_789L;
        TimeAxis a = new TimeAxis();
        a.setWidthPx(1000);
        a.fit(epoch, epoch + 100, 0);
        assertThat(a.toPx(epoch + 50)).isCloseTo(500, within(1e-6));
        for (int i = 0; i < 10; i++) {
            a.zoom(500, 2);
        }
        assertThat(a.toNs(500)).isEqualTo(epoch + 50);
        assertThat(a.nsPerPx()).isEqualTo(TimeAxis.MIN_NS_PER_PX);
    }

    @Test
    void panMovesByPixelsAndFractionsAccumulate() {
        TimeAxis a = new TimeAxis();
        a.setWidthPx(100);
        a.fit(0, 25, 0);
        for (int i = 0; i < 4; i++) {
            a.pan(1);
        }
        assertThat(a.startNs()).isEqualTo(1);
        a.pan(-8);
        assertThat(a.startNs()).isEqualTo(-1);
    }

    @Test
    void clampKeepsPartOfTheTraceVisible() {
        TimeAxis a = new TimeAxis();
        a.setWidthPx(100);
        a.fit(0, 100, 0);
        a.pan(10_000);
        a.clampTo(0, 100);
        assertThat(a.startNs()).isLessThanOrEqualTo(90);
        a.pan(-10_000);
        a.clampTo(0, 100);
        assertThat(a.endNs()).isGreaterThanOrEqualTo(10);
    }

    @Test
    void tickStepsFollowOneTwoFive() {
        assertThat(TimeFormat.tickStep(1000, 90)).isEqualTo(100_000);
        assertThat(TimeFormat.tickStep(1500, 90)).isEqualTo(200_000);
        assertThat(TimeFormat.tickStep(3000, 90)).isEqualTo(500_000);
        assertThat(TimeFormat.tick(1_500_000, 500_000)).isEqualTo("1.5 ms");
        assertThat(TimeFormat.tick(2_000_000_000L, 1_000_000_000L)).isEqualTo("2 s");
        assertThat(TimeFormat.duration(12_345_678)).isEqualTo("12.3 ms");
    }
}
