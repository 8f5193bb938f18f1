package dev.ura.trace.ftrace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules real devices needed (issue 19), each on a tiny inline trace whose answer is read off
 * its lines. Times are seconds with 6 decimals, so 100.000010 is 100,000,010,000 ns.
 */
class FtraceRealRulesTest {
    private static final String HEADER = "# tracer: nop\n#\n#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION\n";

    private static Trace read(String name, String text) throws Exception {
        return TraceFiles.read(name, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), null);
    }

    private static ThreadTrack thread(Trace t, long tid) {
        return t.threads().stream().filter(x -> x.id() == tid).findFirst().orElseThrow();
    }

    @Test
    void schedWakeupAloneIsAWakeAndItsWakeeExists() throws Exception {
        // Thread 200 appears only in the wakeup (as trappy's EventThread does): it must exist,
        // and the one sched_wakeup is one wake from 100 (the running task of cpu 0).
        Trace t = read("wakeup.txt", HEADER
                + "          app-100   [000] d..4 100.000010: sched_wakeup: comm=worker pid=200 prio=120 success=1 target_cpu=001\n"
                + "          app-100   [000] ...1 100.000020: tracing_mark_write: B|100|work\n"
                + "          app-100   [000] ...1 100.000030: tracing_mark_write: E|100\n");
        SystemTrace s = t.system();
        int worker = s.threadIndex(200);
        assertThat(worker).isGreaterThanOrEqualTo(0);
        assertThat(s.threads().get(worker).lastName()).isEqualTo("worker");
        WakeupTable w = s.wakeups();
        assertThat(w.size()).isEqualTo(1);
        assertThat(w.time(0)).isEqualTo(100_000_010_000L);
        assertThat(w.waker(0)).isEqualTo(s.threadIndex(100));
        assertThat(w.wakee(0)).isEqualTo(worker);
        assertThat(w.targetCpu(0)).isEqualTo(1);
    }

    @Test
    void wakingThenWakeupOfTheSameWakeIsOneWakeButALaterWakeupIsAnother() throws Exception {
        // Wake 1: waking on cpu 0 at .000010, its wakeup (IPI on the target cpu 1) at .000015: one wake,
        // at the waking's time, waker 100. Thread 200 runs at .000020 and sleeps at .000030.
        // Wake 2 at .000040 is a sched_wakeup with no waking since 200 ran: a wake of its own.
        Trace t = read("both.txt", HEADER
                + "          app-100   [000] d..4 100.000010: sched_waking: comm=worker pid=200 prio=120 target_cpu=001\n"
                + "       <idle>-0     [001] d.h4 100.000015: sched_wakeup: comm=worker pid=200 prio=120 target_cpu=001\n"
                + "       <idle>-0     [001] d..3 100.000020: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=worker next_pid=200 next_prio=120\n"
                + "       worker-200   [001] d..3 100.000030: sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
                + "          app-100   [000] d..4 100.000040: sched_wakeup: comm=worker pid=200 prio=120 success=1 target_cpu=001\n");
        WakeupTable w = t.system().wakeups();
        assertThat(w.size()).isEqualTo(2);
        assertThat(w.time(0)).isEqualTo(100_000_010_000L);
        assertThat(w.waker(0)).isEqualTo(t.system().threadIndex(100));
        assertThat(w.fromInterrupt(0)).isFalse();
        assertThat(w.time(1)).isEqualTo(100_000_040_000L);
        assertThat(t.metadata().properties()).containsEntry("sched_wakeup after sched_waking (one wake)", "1");
    }

    @Test
    void aWakeupPrintedAfterTheTargetCpuAlreadyRanTheTaskIsStillTheWakingsSecondHalf() throws Exception {
        // A 2019 Android 10 capture (lines 73973-73975 of its trace text): UnityMain on cpu 4 writes
        // sched_waking of Thread-499 (target cpu 1) at .964461, cpu 1 switches Thread-499 in at
        // .964463, and UnityMain's sched_wakeup follows at .964466. One wake (at the waking): the task
        // running when the wakeup is printed is that wake's. Here: waking .000010, switched in on cpu 1
        // at .000012, wakeup .000015, then it sleeps at .000030; a wakeup at .000040 after that
        // sleep is a wake of its own: 2 wakes.
        Trace t = read("remote.txt", HEADER
                + "          app-100   [004] d..1 100.000010: sched_waking: comm=worker pid=200 prio=120 target_cpu=001\n"
                + "       <idle>-0     [001] d..2 100.000012: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=worker next_pid=200 next_prio=120\n"
                + "          app-100   [004] d..2 100.000015: sched_wakeup: comm=worker pid=200 prio=120 target_cpu=001\n"
                + "       worker-200   [001] d..3 100.000030: sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
                + "          app-100   [004] d..4 100.000040: sched_wakeup: comm=worker pid=200 prio=120 target_cpu=001\n");
        WakeupTable w = t.system().wakeups();
        assertThat(w.size()).isEqualTo(2);
        assertThat(w.time(0)).isEqualTo(100_000_010_000L);
        assertThat(w.time(1)).isEqualTo(100_000_040_000L);
        assertThat(t.metadata().properties()).containsEntry("sched_wakeup after sched_waking (one wake)", "1");
    }

    @Test
    void aStateBegunOnTheLastLineIsKeptOpenToTheTraceEnd() throws Exception {
        // The trace ends at 100.000050 (the last line). worker 200 runs from .000020 and is switched
        // out asleep (S) on that last line: its last state is that sleep, from .000050 to the trace
        // end (.000050), empty and open. io 300 is switched out in D on the same line on cpu 1, and
        // app 100 runs from .000030 on cpu 2 and is never switched out: still running at the end.
        // (The catapult android_systrace.txt ends this way: line 95, irq/409-inv_irq-99 switched out
        // with prev_state=S at 50260.767491, the file's last event.)
        Trace t = read("last.txt", HEADER
                + "       <idle>-0     [000] d..3 100.000020: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=worker next_pid=200 next_prio=120\n"
                + "       <idle>-0     [001] d..3 100.000025: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=io next_pid=300 next_prio=120\n"
                + "       <idle>-0     [002] d..3 100.000030: sched_switch: prev_comm=swapper/2 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=app next_pid=100 next_prio=120\n"
                + "           io-300   [001] d..3 100.000050: sched_switch: prev_comm=io prev_pid=300 prev_prio=120 prev_state=D ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
                + "       worker-200   [000] d..3 100.000050: sched_switch: prev_comm=worker prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n");
        SystemTrace s = t.system();
        assertThat(t.lastTimeNs()).isEqualTo(100_000_050_000L);
        ThreadStateTable worker = s.states().get(s.threadIndex(200));
        assertThat(worker.size()).isEqualTo(2);
        assertThat(worker.state(0)).isEqualTo(ThreadState.RUNNING);
        assertThat(worker.start(0)).isEqualTo(100_000_020_000L);
        assertThat(worker.end(0)).isEqualTo(100_000_050_000L);
        assertThat(worker.state(1)).isEqualTo(ThreadState.SLEEPING);
        assertThat(worker.start(1)).isEqualTo(100_000_050_000L);
        assertThat(worker.end(1)).isEqualTo(100_000_050_000L);
        assertThat(worker.waker(1)).isEqualTo(ThreadStateTable.WAKER_NONE);
        assertThat(worker.endsOpen()).isTrue();
        assertThat(worker.indexAt(100_000_050_000L)).isEqualTo(-1); // an empty state holds no instant

        ThreadStateTable io = s.states().get(s.threadIndex(300));
        assertThat(io.state(io.size() - 1)).isEqualTo(ThreadState.UNINTERRUPTIBLE);
        assertThat(io.start(io.size() - 1)).isEqualTo(100_000_050_000L);
        assertThat(io.endsOpen()).isTrue();

        ThreadStateTable app = s.states().get(s.threadIndex(100));
        assertThat(app.size()).isEqualTo(1);
        assertThat(app.state(0)).isEqualTo(ThreadState.RUNNING);
        assertThat(app.start(0)).isEqualTo(100_000_030_000L);
        assertThat(app.end(0)).isEqualTo(100_000_050_000L);
        assertThat(app.endsOpen()).isFalse();
    }

    @Test
    void theExtentCoversEveryEventLine() throws Exception {
        // The first and last lines make no slice or state (an event ura has no use for, and a wakeup
        // of a thread that never runs): the trace still spans 100.000000 .. 100.000500.
        Trace t = read("extent.txt", HEADER
                + "          app-100   [000] d..3 100.000000: cpu_idle: state=1 cpu_id=0\n"
                + "          app-100   [000] ...1 100.000100: tracing_mark_write: B|100|work\n"
                + "          app-100   [000] ...1 100.000200: tracing_mark_write: E|100\n"
                + "          app-100   [000] d..4 100.000500: sched_wakeup: comm=x pid=300 prio=120 success=1 target_cpu=000\n");
        assertThat(t.firstTimeNs()).isEqualTo(100_000_000_000L);
        assertThat(t.lastTimeNs()).isEqualTo(100_000_500_000L);
    }

    @Test
    void interruptSlicesOfPidZeroGoToTheirCpusIrqLane() throws Exception {
        // pp_done_irq written by <idle>-0 on cpu 2 (hard-irq flag 'h'): a slice of "CPU 2 irq",
        // 100.000010 .. 100.000025, and counted; the app's own slice is untouched.
        Trace t = read("irq.txt", HEADER
                + "       <idle>-0     [002] d.h2 100.000010: tracing_mark_write: B|0|pp_done_irq\n"
                + "          app-100   [000] ...1 100.000012: tracing_mark_write: B|100|work\n"
                + "       <idle>-0     [002] d.h2 100.000025: tracing_mark_write: E|0\n"
                + "          app-100   [000] ...1 100.000030: tracing_mark_write: E|100\n");
        ThreadTrack lane = t.threads().stream().filter(x -> x.name().equals("CPU 2 irq")).findFirst().orElseThrow();
        assertThat(lane.id()).isEqualTo(-3);
        assertThat(lane.calls().size()).isEqualTo(1);
        assertThat(lane.calls().start(0)).isEqualTo(100_000_010_000L);
        assertThat(lane.calls().end(0)).isEqualTo(100_000_025_000L);
        int i = t.threads().indexOf(lane);
        assertThat(t.system().threads().get(i).isIrqLane()).isTrue();
        assertThat(t.system().threads().get(i).irqCpu()).isEqualTo(2);
        assertThat(thread(t, 100).calls().size()).isEqualTo(1);
        assertThat(t.warnings()).contains("2 atrace payloads written by pid 0 in interrupt context (kept on per-CPU 'CPU n irq' lanes)");
    }

    @Test
    void interruptSlicesOnARunningTasksLineGoToTheirCpusIrqLaneToo() throws Exception {
        // The shape of a 2019 Android 10 capture (Snapdragon display driver, a Unity game's
        // NativeThread-20140 interrupted on cpu 1: "d.h4 … B|19805|rd_ptr_irq", then
        // encoder_vblank_callback nested, both ended within 16 us). The kernel books a hard interrupt's
        // marker on the task it interrupted, with that task's tgid; the task ran none of it. Here
        // app-100 is in "work" (100.000000–100.000030) on cpu 1 when the interrupt arrives: its
        // two slices (10–16 and 12–14 us) go to "CPU 1 irq", and app-100 keeps one slice, "work".
        Trace t = read("irq-on-task.txt", HEADER
                + "          app-100   [001] ...1 100.000000: tracing_mark_write: B|100|work\n"
                + "          app-100   [001] d.h4 100.000010: tracing_mark_write: B|100|rd_ptr_irq\n"
                + "          app-100   [001] d.h4 100.000012: tracing_mark_write: B|100|encoder_vblank_callback\n"
                + "          app-100   [001] d.h4 100.000014: tracing_mark_write: E|100|encoder_vblank_callback\n"
                + "          app-100   [001] d.h4 100.000016: tracing_mark_write: E|100|rd_ptr_irq\n"
                + "          app-100   [001] ...1 100.000030: tracing_mark_write: E|100\n");
        ThreadTrack lane = t.threads().stream().filter(x -> x.name().equals("CPU 1 irq")).findFirst().orElseThrow();
        assertThat(lane.calls().size()).isEqualTo(2);
        assertThat(lane.calls().start(0)).isEqualTo(100_000_010_000L);
        assertThat(lane.calls().end(0)).isEqualTo(100_000_016_000L);
        assertThat(lane.calls().start(1)).isEqualTo(100_000_012_000L);
        assertThat(lane.calls().end(1)).isEqualTo(100_000_014_000L);
        ThreadTrack app = thread(t, 100);
        assertThat(app.calls().size()).isEqualTo(1);
        assertThat(app.calls().end(0)).isEqualTo(100_000_030_000L);
        assertThat(t.warnings()).contains("4 atrace payloads written in hard-interrupt context on a running task's line"
                + " (kept on per-CPU 'CPU n irq' lanes)");
    }

    @Test
    void aClockGoingBackIsWarnedAboutWithLineAndSize() throws Exception {
        // Line 5 (after the 3 header lines and one event) is 2.5 ms before line 4.
        Trace t = read("back.txt", HEADER
                + "          app-100   [000] ...1 100.005000: tracing_mark_write: B|100|a\n"
                + "          app-100   [000] ...1 100.002500: tracing_mark_write: E|100\n"
                + "          app-100   [000] ...1 100.006000: tracing_mark_write: B|100|b\n"
                + "          app-100   [000] ...1 100.007000: tracing_mark_write: E|100\n");
        assertThat(t.warnings()).contains("line 5: the clock goes back 2.500 ms (from 100.005000 s at line 4 to "
                + "100.002500 s); events are put in time order");
        assertThat(t.warnings()).filteredOn(w -> w.contains("clock goes back")).hasSize(1);
    }

    @Test
    void catapultsClosingClockSyncAtTimeZeroIsNeitherAnEventTimeNorAStepBack() throws Exception {
        Trace t = read("sync.txt", HEADER
                + "          app-100   [000] 100.000100: 0: B|100|a\n"
                + "          app-100   [000] 100.000200: 0: E|100\n"
                + "           dummy-0000  [000] 0.0: 0: trace_event_clock_sync: parent_ts=0.0\n");
        assertThat(t.firstTimeNs()).isEqualTo(100_000_100_000L);
        assertThat(t.warnings()).isEmpty();
        assertThat(t.metadata().properties()).containsEntry("ftrace.events", "3");
    }

    @Test
    void asyncSliceMarkersAreAsyncSlicesOfTheirProcess() throws Exception {
        // Android 9/10 deliverInputEvent: S|pid|name|cookie ... F|pid|name|cookie, written by the UI thread.
        Trace t = read("async.txt", HEADER
                + "          app-100   [000] ...1 100.000100: tracing_mark_write: S|100|deliverInputEvent|7\n"
                + "          app-100   [000] ...1 100.000150: tracing_mark_write: S|100|deliverInputEvent|8\n"
                + "          app-100   [000] ...1 100.000300: tracing_mark_write: F|100|deliverInputEvent|7\n");
        List<AsyncSlice> a = t.system().asyncSlices();
        assertThat(a).containsExactly(
                new AsyncSlice(100, "deliverInputEvent", "deliverInputEvent", 7, 100_000_100_000L, 100_000_300_000L, true),
                new AsyncSlice(100, "deliverInputEvent", "deliverInputEvent", 8, 100_000_150_000L, 100_000_300_000L, false));
    }

    @Test
    void theProcessDumpOfSystraceHtmlNamesProcessesAndMapsThreads() throws Exception {
        // Thread 101 of process 100 is named only by the dump; the ftrace comm of 100 is cut to 15
        // characters, the dump has the package.
        String html = "<!DOCTYPE html>\n<html><body>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n" + HEADER
                + " ndroid.launcher-100   [000] ...1 100.000100: tracing_mark_write: B|100|a\n"
                + "           <...>-101   [001] ...1 100.000150: tracing_mark_write: B|100|b\n"
                + " ndroid.launcher-100   [000] ...1 100.000200: tracing_mark_write: E|100\n"
                + "  </script>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n"
                + "PROCESS DUMP\n"
                + "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME                       COMMAND\n"
                + "u0_a42         100   50 1234567  89012 SyS_epoll_wait      0 S com.android.launcher3 ndroid.launcher\n"
                + "USER           PID   TID CMD\n"
                + "u0_a42         100   101 RenderThread\n"
                + "  </script>\n</body></html>\n";
        Trace t = read("dump.html", html);
        SystemTrace s = t.system();
        assertThat(s.process(100).orElseThrow().name()).isEqualTo("com.android.launcher3");
        assertThat(s.process(100).orElseThrow().ppid()).isEqualTo(50);
        ThreadTrack render = thread(t, 101);
        assertThat(render.name()).isEqualTo("RenderThread");
        assertThat(s.threads().get(t.threads().indexOf(render)).tgid()).isEqualTo(100);
        assertThat(t.metadata().properties()).containsEntry("process dump", "1 processes, 1 threads");
        assertThat(t.metadata().variant()).isEqualTo("html");
    }

    @Test
    void legacyHtmlIsUnescapedLineByLine() throws Exception {
        String html = "<!DOCTYPE HTML>\n<html><body><script>\n  var linuxPerfData = \"\\\n" + HEADER.replace("\n", "\\n\\\n")
                + "          app-100   [000] ...1 100.000100: tracing_mark_write: B|100|say \\\"hi\\\"\\n\\\n"
                + "          app-100   [000] ...1 100.000200: tracing_mark_write: E|100\\n\";\n  </script>\n</body></html>\n";
        Trace t = read("legacy.html", html);
        assertThat(t.metadata().variant()).isEqualTo("legacy-html");
        assertThat(t.methods().get(thread(t, 100).calls().method(0)).name()).isEqualTo("say \"hi\"");
        assertThat(t.warnings()).isEmpty();
    }
}
