package dev.ura.app.analysis.model;

import dev.ura.app.cli.Durations;
import dev.ura.app.render.TimeFormat;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One duration formatter: the text reports, the window and graph labels print the same. */
class DurationTextTest {

    @Test
    void everyUnitByHand() {
        assertThat(DurationText.format(800)).isEqualTo("800 ns");
        assertThat(DurationText.format(4_560)).isEqualTo("4.6 µs");
        assertThat(DurationText.format(45_600)).isEqualTo("46 µs");
        assertThat(DurationText.format(12_340_000)).isEqualTo("12.3 ms");
        assertThat(DurationText.format(1_234_500_000)).isEqualTo("1.235 s");
        assertThat(DurationText.format(-4_560)).isEqualTo("-4.6 µs");
    }

    @Test
    void theCommandLineAndTheWindowAgree() {
        for (long ns : new long[] {0, 999, 4_560, 9_999, 10_000, 45_600, 999_999, 1_000_000, 12_340_000,
                999_999_999, 1_234_500_000}) {
            assertThat(Durations.format(ns)).as("%d ns", ns).isEqualTo(DurationText.format(ns));
            assertThat(TimeFormat.duration(ns)).as("%d ns", ns).isEqualTo(DurationText.format(ns));
        }
    }
}
