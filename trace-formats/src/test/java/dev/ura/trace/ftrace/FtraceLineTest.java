package dev.ura.trace.ftrace;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class FtraceLineTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "     RenderThread-4368  ( 4321) [007] ...1  3641.318920: tracing_mark_write: B|4321|DrawFrames 41057;RenderThread;4368;4321;7;3641318920000;tracing_mark_write",
        "  pool-3-thread-1-4450  ( 4321) [004] d..2  3641.245001: sched_switch: prev_comm=x;pool-3-thread-1;4450;4321;4;3641245001000;sched_switch",
        "  Jit thread pool-4330  ( 4321) [001] ...1  3641.218438: tracing_mark_write: B|4321|JIT;Jit thread pool;4330;4321;1;3641218438000;tracing_mark_write",
        "           <idle>-0     (-----) [003] d.s4  3641.295021: sched_waking: comm=FeedWorker pid=4390;<idle>;0;-1;3;3641295021000;sched_waking",
        "           <...>-1234   (-----) [002] ....   316.196720: 0: B|1234|slice;<...>;1234;-1;2;316196720000;0",
        " AWT-EventQueue--27413   (  27391) [001] ...1.  2911.324773: tracing_mark_write: E|27391;AWT-EventQueue-;27413;27391;1;2911324773000;tracing_mark_write",
        "   binder:1402_7-1500  [000] d..2 123.000000001: sched_waking: comm=a pid=1;binder:1402_7;1500;-1;0;123000000001;sched_waking",
        "  kworker/u16:3-77    [001]  99.500000: cpu_idle: state=1 cpu_id=1;kworker/u16:3;77;-1;1;99500000000;cpu_idle",
        "   Binder [1]-88   ( 88) [002] d..2  5.000001: sched_waking: comm=a pid=1;Binder [1];88;88;2;5000001000;sched_waking",
    })
    void splitsTaskTgidCpuTimeAndEvent(String line, String comm, long tid, long tgid, int cpu, long ts, String event) {
        FtraceLine l = new FtraceLine();
        assertThat(l.parse(line)).isTrue();
        assertThat(l.comm()).isEqualTo(comm);
        assertThat(l.tid).isEqualTo(tid);
        assertThat(l.tgid).isEqualTo(tgid);
        assertThat(l.cpu).isEqualTo(cpu);
        assertThat(l.tsNs).isEqualTo(ts);
        assertThat(l.event()).isEqualTo(event);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"# tracer: nop", "hello world", "x-1 [abc] 1.0: e: a", "   foo-12 [001] 12: sched: x"})
    void rejectsWhatIsNotAnEventLine(String line) {
        assertThat(new FtraceLine().parse(line)).isFalse();
    }
}
