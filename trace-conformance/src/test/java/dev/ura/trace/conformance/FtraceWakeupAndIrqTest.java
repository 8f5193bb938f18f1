package dev.ura.trace.conformance;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;
import dev.ura.trace.testing.PerfettoTraceWriter;
import org.junit.jupiter.api.Test;
import perfetto.protos.PerfettoTrace.FtraceEvent;
import perfetto.protos.PerfettoTrace.FtraceEventBundle;
import perfetto.protos.PerfettoTrace.PrintFtraceEvent;
import perfetto.protos.PerfettoTrace.SchedSwitchFtraceEvent;
import perfetto.protos.PerfettoTrace.SchedWakeupFtraceEvent;
import perfetto.protos.PerfettoTrace.SchedWakingFtraceEvent;
import perfetto.protos.PerfettoTrace.TracePacket;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 19's reader rules in the protobuf form, on traces built with the official generated classes
 * (the bytes a real {@code traced_probes} writes): {@code sched_wakeup} (FtraceEvent field 17) is a
 * wakeup like {@code sched_waking} (field 20), one wake when a trace has both; an atrace payload
 * written while pid 0 is current is kept on its CPU's interrupt lane. The text reader's rules
 * (docs/system-traces.md) apply unchanged. Times are ns; every answer is read off the events below.
 */
class FtraceWakeupAndIrqTest {

    private static FtraceEvent.Builder at(long ts, int pid) {
        return FtraceEvent.newBuilder().setTimestamp(ts).setPid(pid);
    }

    private static FtraceEvent sw(long ts, int prev, String prevComm, String prevState, int next, String nextComm) {
        return at(ts, prev).setSchedSwitch(SchedSwitchFtraceEvent.newBuilder().setPrevComm(prevComm).setPrevPid(prev)
                .setPrevPrio(120).setPrevState(PerfettoTraceWriter.prevState(prevState)).setNextComm(nextComm)
                .setNextPid(next).setNextPrio(120)).build();
    }

    private static FtraceEvent wakeup(long ts, int waker, int wakee, String comm, int target) {
        return at(ts, waker).setSchedWakeup(SchedWakeupFtraceEvent.newBuilder().setComm(comm).setPid(wakee)
                .setPrio(120).setSuccess(1).setTargetCpu(target)).build();
    }

    private static FtraceEvent waking(long ts, int waker, int wakee, String comm, int target) {
        return at(ts, waker).setSchedWaking(SchedWakingFtraceEvent.newBuilder().setComm(comm).setPid(wakee)
                .setPrio(120).setSuccess(1).setTargetCpu(target)).build();
    }

    private static FtraceEvent print(long ts, int pid, String buf) {
        return at(ts, pid).setPrint(PrintFtraceEvent.newBuilder().setIp(0xffffffc012345678L).setBuf(buf)).build();
    }

    private static TracePacket bundle(int cpu, FtraceEvent... events) {
        FtraceEventBundle.Builder b = FtraceEventBundle.newBuilder().setCpu(cpu);
        for (FtraceEvent e : events) {
            b.addEvent(e);
        }
        return TracePacket.newBuilder().setTrustedPacketSequenceId(1).setFtraceEvents(b).build();
    }

    private static Trace read(String name, TracePacket... packets) throws Exception {
        perfetto.protos.PerfettoTrace.Trace.Builder t = perfetto.protos.PerfettoTrace.Trace.newBuilder();
        for (TracePacket p : packets) {
            t.addPacket(p);
        }
        return TraceFiles.read(name, ByteBuffer.wrap(t.build().toByteArray()), null);
    }

    /**
     * cpu 0: app 100 runs throughout; at 1,000 it writes sched_wakeup of worker 200 (target cpu 1) —
     * a capture that enabled only sched_wakeup. At 4,000 it writes sched_waking of 200, and the
     * kernel's second half, sched_wakeup, comes at 4,100 on cpu 1 from the idle task.
     * cpu 1: 200 runs 1,500–3,000 and sleeps (S); runs again 4,500–6,000 and sleeps on the trace's
     * last event. Wakes: 1,000 (by 100) and 4,000 (by 100); the 4,100 wakeup is the same wake.
     * States of 200: runnable 1,000–1,500 (woken by 100), running to 3,000, asleep 3,000–4,000
     * (ended by 100), runnable to 4,500, running to 6,000, then asleep from 6,000 where the trace
     * ends: an empty last state, not dropped.
     */
    @Test
    void schedWakeupIsAWakeAndTheSecondHalfOfAWakingIsNotASecondOne() throws Exception {
        Trace t = read("wakeup.pftrace",
                bundle(0, sw(500, 0, "swapper/0", "R", 100, "app"), wakeup(1_000, 100, 200, "worker", 1),
                        waking(4_000, 100, 200, "worker", 1)),
                bundle(1, sw(1_500, 0, "swapper/1", "R", 200, "worker"), sw(3_000, 200, "worker", "S", 0, "swapper/1"),
                        wakeup(4_100, 0, 200, "worker", 1), sw(4_500, 0, "swapper/1", "R", 200, "worker"),
                        sw(6_000, 200, "worker", "S", 0, "swapper/1")));
        SystemTrace s = t.system();
        int app = s.threadIndex(100);
        int worker = s.threadIndex(200);
        WakeupTable w = s.wakeups();
        assertThat(w.size()).isEqualTo(2);
        assertThat(w.time(0)).isEqualTo(1_000);
        assertThat(w.time(1)).isEqualTo(4_000);
        for (int i = 0; i < 2; i++) {
            assertThat(w.waker(i)).isEqualTo(app);
            assertThat(w.wakee(i)).isEqualTo(worker);
            assertThat(w.fromInterrupt(i)).isFalse();
        }
        assertThat(t.metadata().properties()).containsEntry("sched_wakeup after sched_waking (one wake)", "1");

        ThreadStateTable st = s.states().get(worker);
        assertThat(st.size()).isEqualTo(6);
        long[][] expected = {{1_000, 1_500}, {1_500, 3_000}, {3_000, 4_000}, {4_000, 4_500}, {4_500, 6_000},
                {6_000, 6_000}};
        ThreadState[] states = {ThreadState.RUNNABLE, ThreadState.RUNNING, ThreadState.SLEEPING, ThreadState.RUNNABLE,
                ThreadState.RUNNING, ThreadState.SLEEPING};
        // 200 is first seen in the wakeup at 1,000: its states begin with the runnable that follows it.
        for (int i = 0; i < expected.length; i++) {
            assertThat(st.start(i)).as("start %d", i).isEqualTo(expected[i][0]);
            assertThat(st.end(i)).as("end %d", i).isEqualTo(expected[i][1]);
            assertThat(st.state(i)).as("state %d", i).isEqualTo(states[i]);
        }
        assertThat(st.waker(0)).isEqualTo(app);
        assertThat(st.waker(2)).isEqualTo(app);
        assertThat(st.endsOpen()).isTrue();
        // 100 was never switched out: running from 500 until the trace ends, not an empty last state.
        ThreadStateTable a = s.states().get(app);
        assertThat(a.state(a.size() - 1)).isEqualTo(ThreadState.RUNNING);
        assertThat(a.start(a.size() - 1)).isEqualTo(500);
        assertThat(a.end(a.size() - 1)).isEqualTo(6_000);
        assertThat(a.endsOpen()).isFalse();
    }

    /**
     * A display driver tracing from an interrupt on idle cpu 2 (pid 0 current): B at 1,000 and E at
     * 2,500 are one slice of "CPU 2 irq", counted; the app's own slice (pid 100, 1,200–3,000) is
     * untouched. Before, both payloads went to pid 0 and were lost without a word.
     */
    @Test
    void anAtracePayloadOfPidZeroGoesToItsCpusInterruptLane() throws Exception {
        Trace t = read("irq.pftrace",
                bundle(2, print(1_000, 0, "B|0|pp_done_irq\n"), print(2_500, 0, "E|0\n")),
                bundle(0, print(1_200, 100, "B|100|work\n"), print(3_000, 100, "E|100\n")));
        ThreadTrack lane = t.threads().stream().filter(x -> x.name().equals("CPU 2 irq")).findFirst().orElseThrow();
        assertThat(lane.calls().size()).isEqualTo(1);
        assertThat(t.methods().get(lane.calls().method(0)).name()).isEqualTo("pp_done_irq");
        assertThat(lane.calls().start(0)).isEqualTo(1_000);
        assertThat(lane.calls().end(0)).isEqualTo(2_500);
        assertThat(t.system().threads().get(t.threads().indexOf(lane)).irqCpu()).isEqualTo(2);
        ThreadTrack app = t.threads().stream().filter(x -> x.id() == 100).findFirst().orElseThrow();
        assertThat(app.calls().size()).isEqualTo(1);
        assertThat(app.calls().start(0)).isEqualTo(1_200);
        assertThat(app.calls().end(0)).isEqualTo(3_000);
        assertThat(t.warnings())
                .contains("2 atrace payloads written by pid 0 in interrupt context (kept on per-CPU 'CPU n irq' lanes)");
    }
}
