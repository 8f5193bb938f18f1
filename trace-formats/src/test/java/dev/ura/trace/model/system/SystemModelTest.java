package dev.ura.trace.model.system;

import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SystemModelTest {

    @Test
    void stateTableFindsIntervalsAndSumsStateTimeInAWindow() {
        ThreadStateTable.Builder b = new ThreadStateTable.Builder();
        b.add(100, 200, ThreadState.RUNNING, 1, ThreadStateTable.WAKER_NONE);
        b.add(200, 500, ThreadState.SLEEPING, -1, 7);
        b.add(500, 520, ThreadState.RUNNABLE, 2, 7);
        b.add(520, 600, ThreadState.RUNNING, 2, ThreadStateTable.WAKER_NONE);
        b.add(590, 700, ThreadState.SLEEPING, -1, ThreadStateTable.WAKER_NONE); // overlaps: clipped to 600
        b.add(700, 700, ThreadState.RUNNING, 0, ThreadStateTable.WAKER_NONE);   // empty: dropped
        ThreadStateTable t = b.build();

        assertThat(t.size()).isEqualTo(5);
        assertThat(t.start(4)).isEqualTo(600);
        assertThat(t.indexAt(99)).isEqualTo(-1);
        assertThat(t.indexAt(100)).isEqualTo(0);
        assertThat(t.indexAt(499)).isEqualTo(1);
        assertThat(t.indexAt(500)).isEqualTo(2);
        assertThat(t.indexAt(700)).isEqualTo(-1);
        assertThat(t.waker(2)).isEqualTo(7);
        // Running in [150, 550): 50 of the first interval + 30 of the fourth.
        assertThat(t.timeIn(ThreadState.RUNNING, 150, 550)).isEqualTo(80);
        assertThat(t.timeIn(ThreadState.SLEEPING, 0, 1000)).isEqualTo(300 + 100);
    }

    @Test
    void wakeupsAreSortedByTimeStably() {
        WakeupTable.Builder b = new WakeupTable.Builder();
        b.add(300, 1, 2, 0, 0);
        b.add(100, 3, 4, 1, WakeupTable.FLAG_INTERRUPT);
        b.add(300, 5, 6, 2, 0);
        WakeupTable w = b.build();
        assertThat(w.time(0)).isEqualTo(100);
        assertThat(w.fromInterrupt(0)).isTrue();
        assertThat(w.waker(1)).isEqualTo(1);
        assertThat(w.waker(2)).isEqualTo(5);
        assertThat(w.firstAtOrAfter(101)).isEqualTo(1);
    }

    @Test
    void monotonicTimesConvertWithTheLatestEarlierSnapshot() {
        ClockSnapshots c = new ClockSnapshots(new long[] {5_000, 1_000}, new long[] {9_000, 3_000});
        assertThat(c.monotonicToBoot(500)).isEqualTo(2_500);   // before all: the first snapshot
        assertThat(c.monotonicToBoot(2_000)).isEqualTo(4_000);
        assertThat(c.monotonicToBoot(6_000)).isEqualTo(10_000);
        assertThatThrownBy(() -> ClockSnapshots.none().monotonicToBoot(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void threadNamesApplyFromTheirTime() {
        ThreadInfo t = new ThreadInfo(42, 42, List.of(new ThreadInfo.Name(Long.MIN_VALUE, "main"),
                new ThreadInfo.Name(1_000, "ample.feedapp")));
        assertThat(t.nameAt(0)).isEqualTo("main");
        assertThat(t.nameAt(1_000)).isEqualTo("ample.feedapp");
        assertThat(t.isProcessMain()).isTrue();
    }

    @Test
    void traceWithoutSystemPartHasNone() {
        Trace t = new Trace("x", new TraceMetadata("f", "v", 0, null, null, -1, -1, Map.of()),
                new MethodTable.Builder().build(), List.of(), EventTable.empty(), List.of(), 0, List.of());
        assertThat(t.system().present()).isFalse();
    }
}
