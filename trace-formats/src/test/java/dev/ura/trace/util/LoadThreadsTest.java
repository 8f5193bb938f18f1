package dev.ura.trace.util;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Threads per load: one per core that is at least partly idle on average, 1 to 4. */
class LoadThreadsTest {
    @Test
    void aThreadPerCoreLeftIdle() {
        assertThat(LoadThreads.forMachine(2, 0.3)).isEqualTo(2); // 1.7 cores idle: both
        assertThat(LoadThreads.forMachine(2, 0.9)).isEqualTo(2); // 1.1 idle: a second core is partly free
        assertThat(LoadThreads.forMachine(2, 1.2)).isEqualTo(1); // 0.8 idle: no second core
        assertThat(LoadThreads.forMachine(2, 21.0)).isEqualTo(1); // the shared build machine
        assertThat(LoadThreads.forMachine(8, 2.5)).isEqualTo(4); // 5.5 idle, capped at 4
        assertThat(LoadThreads.forMachine(8, 6.5)).isEqualTo(2); // 1.5 idle
        assertThat(LoadThreads.forMachine(1, 0.0)).isEqualTo(1);
        assertThat(LoadThreads.forMachine(4, -1)).isEqualTo(4); // no load average (Windows): the cores
    }

    @Test
    void theLoadAverageIsTheJvmsOwnFigure() {
        // /proc/loadavg (Linux) or the platform bean: the same 1-minute figure, up to its change between two reads.
        double bean = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        double read = LoadThreads.loadAverage();
        if (bean < 0) {
            assertThat(read).isNegative(); // no load average on this platform
        } else {
            assertThat(read).isCloseTo(bean, org.assertj.core.data.Offset.offset(0.5));
        }
    }
}
