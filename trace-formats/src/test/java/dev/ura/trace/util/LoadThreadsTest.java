package dev.ura.trace.util;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Threads per load: one per core left idle, 1 to 4. Cores taken: the smaller of the load average and
 * the other processes' tasks runnable now, plus this process's other jobs.
 */
class LoadThreadsTest {
    private static final int UNKNOWN = -1;

    @Test
    void withoutProcTheLoadAverageDecides() {
        assertThat(LoadThreads.forMachine(2, 0.3, UNKNOWN, 0)).isEqualTo(2); // 1.7 cores idle: both
        assertThat(LoadThreads.forMachine(2, 0.9, UNKNOWN, 0)).isEqualTo(2); // 1.1 idle: a second core is partly free
        assertThat(LoadThreads.forMachine(2, 1.2, UNKNOWN, 0)).isEqualTo(1); // 0.8 idle: no second core
        assertThat(LoadThreads.forMachine(2, 21.0, UNKNOWN, 0)).isEqualTo(1); // the shared build machine
        assertThat(LoadThreads.forMachine(8, 2.5, UNKNOWN, 0)).isEqualTo(4); // 5.5 idle, capped at 4
        assertThat(LoadThreads.forMachine(8, 6.5, UNKNOWN, 0)).isEqualTo(2); // 1.5 idle
        assertThat(LoadThreads.forMachine(1, 0.0, UNKNOWN, 0)).isEqualTo(1);
        assertThat(LoadThreads.forMachine(4, -1, UNKNOWN, 0)).isEqualTo(4); // no load average (Windows): the cores
    }

    @Test
    void thisProcessesRecentWorkIsNotAnotherProcesssLoad() {
        // The benchmark's warm-up raised the average to 1.7 on an idle 2-core machine; nothing else runs.
        assertThat(LoadThreads.forMachine(2, 1.7, 0, 0)).isEqualTo(2);
        // One other task running now: 1 core taken, the load's reading thread has the other.
        assertThat(LoadThreads.forMachine(2, 1.7, 1, 0)).isEqualTo(1);
        assertThat(LoadThreads.forMachine(4, 1.7, 1, 0)).isEqualTo(3); // 4 cores: 2.3 left
        assertThat(LoadThreads.forMachine(4, 1.7, 2, 0)).isEqualTo(3); // the average caps it: 2.3 left
    }

    @Test
    void aBusyMachineStaysBusy() {
        assertThat(LoadThreads.forMachine(2, 21.0, 19, 0)).isEqualTo(1); // the shared build machine
        assertThat(LoadThreads.forMachine(2, 2.5, 3, 0)).isEqualTo(1); // a build on both cores
        assertThat(LoadThreads.forMachine(8, 6.5, 7, 0)).isEqualTo(2); // 1.5 idle
        // Many runnable now but a quiet minute (a burst just began): the average caps what is taken.
        assertThat(LoadThreads.forMachine(2, 0.2, 5, 0)).isEqualTo(2);
    }

    @Test
    void aBatchOfOneJobPerCoreReadsOnOneThread() {
        // `batch --jobs 2` on 2 cores: the other worker's threads are this process's, not "others".
        assertThat(LoadThreads.forMachine(2, 1.9, 0, 1)).isEqualTo(1);
        assertThat(LoadThreads.forMachine(4, 3.9, 0, 3)).isEqualTo(1);
        assertThat(LoadThreads.forMachine(8, 1.0, 0, 3)).isEqualTo(4); // 4 jobs on 8 cores: 4 left, capped
        assertThat(LoadThreads.forMachine(4, -1, UNKNOWN, 2)).isEqualTo(2); // Windows: cores less the jobs
    }

    @Test
    void jobsCountOncePerThreadAndOnlyOnOtherThreads() throws Exception {
        // Only the property decides when set; the job count is visible through forMachine's input.
        try (LoadThreads.Job outer = LoadThreads.job(); LoadThreads.Job inner = LoadThreads.job()) {
            int[] seen = new int[1];
            Thread t = new Thread(() -> seen[0] = LoadThreads.otherJobs());
            t.start();
            t.join();
            assertThat(seen[0]).isEqualTo(1); // this thread's two nested jobs are one
            assertThat(LoadThreads.otherJobs()).isZero(); // its own job is not another's
        }
        assertThat(LoadThreads.otherJobs()).isZero();
    }

    @Test
    void procLoadavgRunningLessOwnThreads() {
        assertThat(LoadThreads.runnableElsewhere("1.70 0.80 0.31 3/871 12345\n", 1)).isEqualTo(2);
        assertThat(LoadThreads.runnableElsewhere("1.70 0.80 0.31 1/871 12345\n", 2)).isZero(); // not one snapshot
        assertThat(LoadThreads.runnableElsewhere("1.70 0.80", 1)).isEqualTo(UNKNOWN);
        assertThat(LoadThreads.runnableElsewhere("1.70 0.80 0.31 x/871 1", 1)).isEqualTo(UNKNOWN);
        assertThat(LoadThreads.runnableElsewhere("1.70 0.80 0.31 871 1", 1)).isEqualTo(UNKNOWN);
    }

    @Test
    void stateLetterAfterTheNameEvenWhenTheNameHoldsAParenthesis() {
        byte[] line = "4242 (a) b(c)) R 1 4242 4242 0 -1 4194368 71 0 0 0".getBytes(StandardCharsets.US_ASCII);
        assertThat(LoadThreads.state(line, line.length)).isEqualTo('R');
        byte[] sleeping = "17 (C2 CompilerThre) S 1 17".getBytes(StandardCharsets.US_ASCII);
        assertThat(LoadThreads.state(sleeping, sleeping.length)).isEqualTo('S');
        assertThat(LoadThreads.state(sleeping, 5)).isEqualTo((char) 0);
    }

    @Test
    void theLoadAverageIsProcLoadavgsFirstField() {
        assertThat(LoadThreads.loadAverage("0.52 0.38 0.30 3/871 12345\n")).isEqualTo(0.52);
        assertThat(LoadThreads.loadAverage("  17.25\t9.01 3.00 22/1290 4411")).isEqualTo(17.25);
        assertThat(LoadThreads.runnableElsewhere("0.52 0.38 0.30 3/871 12345\n", 1)).isEqualTo(2);
        assertThat(LoadThreads.runnableElsewhere("0.52 0.38 0.30", 1)).isEqualTo(-1); // no fourth field
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
