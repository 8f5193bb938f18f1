package dev.ura.app.analysis.system;

import dev.ura.trace.model.system.ClockSnapshots;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** §1's input time, on two snapshots (MONOTONIC 1 000 / 5 000 ↔ BOOTTIME 3 000 / 9 000 µs, in ns). */
class InputTimeTest {
    private static final ClockSnapshots CLOCKS = new ClockSnapshots(new long[] {5_000_000, 1_000_000},
            new long[] {9_000_000, 3_000_000});

    @Test
    void theLatestSnapshotAtOrBeforeTheEventTimeConvertsIt() {
        // 4 000 µs: the snapshot at 1 000 → 3 000 + 3 000 = 6 000 µs; 6 000 µs: the one at 5 000 → 10 000 µs.
        assertThat(InputTime.of("deliverInputEvent eventTimeNano=4000000 x", 6_500_000, CLOCKS))
                .isEqualTo(new InputTime.Start(6_000_000, true, null));
        assertThat(InputTime.of("deliverInputEvent eventTimeNano=6000000", 10_000_000, CLOCKS))
                .isEqualTo(new InputTime.Start(10_000_000, true, null));
        // Before every snapshot: the first one (MONOTONIC 1 000) → 3 000 − 500 = 2 500 µs.
        assertThat(InputTime.of("deliverInputEvent eventTimeNano=500000", 2_600_000, CLOCKS).startNs())
                .isEqualTo(2_500_000);
    }

    @Test
    void withoutASnapshotOrAnEventTimeTheSliceStartsIt() {
        assertThat(InputTime.of("deliverInputEvent eventTimeNano=4000000", 6_500_000, ClockSnapshots.none()))
                .isEqualTo(new InputTime.Start(6_500_000, false, null));
        assertThat(InputTime.of("deliverInputEvent id=0x1", 6_500_000, CLOCKS))
                .isEqualTo(new InputTime.Start(6_500_000, false, null));
    }

    @Test
    void hostileEventTimesNeverCrashAndFallBackToTheSlice() {
        assertThat(InputTime.eventTimeNano("eventTimeNano=")).isEqualTo(-1);
        assertThat(InputTime.eventTimeNano("eventTimeNano=-5")).isEqualTo(-1);
        assertThat(InputTime.eventTimeNano("eventTimeNano=123456789012345678901")).isEqualTo(-1);
        assertThat(InputTime.eventTimeNano("eventTimeNano=99999999999999999999")).isEqualTo(-1);
        assertThat(InputTime.eventTimeNano("eventTimeNano=42 id=1")).isEqualTo(42);
        InputTime.Start huge = InputTime.of("deliverInputEvent eventTimeNano=9223372036854775807", 6_500_000, CLOCKS);
        assertThat(huge.startNs()).isEqualTo(6_500_000);
        assertThat(huge.converted()).isFalse();
        assertThat(huge.warning()).contains("eventTimeNano");
    }
}
