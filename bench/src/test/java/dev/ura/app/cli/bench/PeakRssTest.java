package dev.ura.app.cli.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The peak RSS the CLI bench reports comes from the kernel's VmHWM line of /proc/PID/status. */
class PeakRssTest {
    @Test
    void vmHwmIsReadFromItsLineInKibibytes() {
        String status = "Name:\tjava\nVmPeak:\t 3891200 kB\nVmHWM:\t   66048 kB\nVmRSS:\t   65000 kB\n";
        assertThat(BenchCliCommand.parseVmHwm(status)).isEqualTo(66048L * 1024);
        assertThat(BenchCliCommand.parseVmHwm("VmHWM:\t12 kB\n")).isEqualTo(12L * 1024);
        assertThat(BenchCliCommand.parseVmHwm("Name:\tjava\nVmRSS:\t 1 kB\n")).isZero(); // a kernel thread, or gone
    }

    @Test
    void thisProcesssOwnPeakIsAtLeastItsHeapInUse() {
        long used = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        long hwm = BenchCliCommand.vmHwm(ProcessHandle.current().pid());
        if (hwm > 0) { // only where there is /proc
            assertThat(hwm).isGreaterThan(used);
        }
    }
}
