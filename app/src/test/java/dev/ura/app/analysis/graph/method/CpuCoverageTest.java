package dev.ura.app.analysis.graph.method;

import dev.ura.trace.model.CallTable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Thread-CPU time between clock readings (call entries and exits), interpolated; stalls. */
class CpuCoverageTest {
    private static final long MS = 1_000_000L;

    @Test
    void readingsInTimeOrderGiveRunningTimeAndTheStalls() {
        // A [0, 100 ms] cpu [0, 40 ms]; B inside it [20, 60 ms] cpu [10, 30 ms]; C after A [120, 130 ms]
        CallTable.Builder b = new CallTable.Builder(0, 1, true, 3);
        int a = b.open(1, 0, 0, 0);
        int inner = b.open(2, 1, 20 * MS, 10 * MS);
        b.close(inner, 60 * MS, 30 * MS);
        b.close(a, 100 * MS, 40 * MS);
        int c = b.open(3, 0, 120 * MS, 41 * MS);
        b.close(c, 130 * MS, 51 * MS);
        CpuCoverage cov = CpuCoverage.of(b.build());
        assertThat(cov.runningNs(0, 100 * MS)).isEqualTo(40 * MS);
        assertThat(cov.runningNs(20 * MS, 60 * MS)).isEqualTo(20 * MS);
        // halfway between the readings at 20 ms (cpu 10) and 60 ms (cpu 30): cpu 20
        assertThat(cov.runningNs(0, 40 * MS)).isEqualTo(20 * MS);
        // 100..120 ms: cpu 40 -> 41 over 20 ms of wall time
        assertThat(cov.runningNs(100 * MS, 120 * MS)).isEqualTo(MS);
        // 60..100 ms ran 10 ms of 40: its running part first, then the stall
        CpuCoverage.Runs runs = cov.runs(0, 100 * MS);
        assertThat(runs.count()).isEqualTo(2);
        assertThat(runs.stalled(0)).isFalse();
        assertThat(runs.end(0)).isEqualTo(70 * MS);
        assertThat(runs.stalled(1)).isTrue();
        assertThat(runs.end(1)).isEqualTo(100 * MS);
    }

    @Test
    void aThreadWithoutThreadCpuTimesHasNoCoverage() {
        CallTable.Builder b = new CallTable.Builder(0, 1, false, 1);
        b.close(b.open(1, 0, 0, 0), 10, 0);
        assertThat(CpuCoverage.of(b.build())).isNull();
    }
}
