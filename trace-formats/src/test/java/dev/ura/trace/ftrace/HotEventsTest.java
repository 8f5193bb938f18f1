package dev.ura.trace.ftrace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadInfo;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The byte path of the frequent events ({@link HotEvents}) gives what the text path gave: every
 * answer here is read off the lines by hand.
 */
class HotEventsTest {
    private static final String HEAD = "# tracer: nop\n#\n";

    private static Trace read(String lines) throws Exception {
        byte[] b = (HEAD + lines).getBytes(StandardCharsets.UTF_8);
        return TraceFiles.read("hot.txt", ByteBuffer.wrap(b), null);
    }

    private static ThreadInfo thread(Trace t, long tid) {
        return t.system().threads().get(t.system().threadIndex(tid));
    }

    @Test
    void switchNamesAndStatesComeFromTheirKeysEvenWithSpacesInComms() throws Exception {
        Trace t = read(""
                + "  my app-100  (  100) [000] d..2  1.000000: sched_switch: prev_comm=my app prev_pid=100 prev_prio=120"
                + " prev_state=D ==> next_comm=Jit thread pool next_pid=101 next_prio=120\n"
                + "  Jit thread pool-101  (  100) [000] d..2  1.000100: sched_switch: prev_comm=Jit thread pool"
                + " prev_pid=101 prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120\n");
        assertThat(thread(t, 100).lastName()).isEqualTo("my app");
        assertThat(thread(t, 101).lastName()).isEqualTo("Jit thread pool");
        // 100 went out at 1.000000 in state D (uninterruptible), 101 ran 1.000000 .. 1.000100, then was preempted (R+).
        var states = t.system().states().get(t.system().threadIndex(101));
        assertThat(states.size()).isGreaterThanOrEqualTo(1);
        assertThat(states.start(0)).isEqualTo(1_000_000_000L);
        assertThat(states.end(0)).isEqualTo(1_000_100_000L);
        assertThat(t.warnings()).noneMatch(w -> w.contains("do not parse"));
    }

    @Test
    void wakeupsWithAndWithoutTargetCpuAndWakingFromAnInterrupt() throws Exception {
        Trace t = read(""
                + "  <idle>-0     (-----) [003] d.h4  2.000000: sched_waking: comm=Feed Worker pid=200 prio=120 target_cpu=001\n"
                + "  app-100      (  100) [001] d..3  2.000500: sched_wakeup: comm=app pid=300 prio=120\n");
        assertThat(t.system().wakeups().size()).isEqualTo(2);
        assertThat(t.system().wakeups().time(0)).isEqualTo(2_000_000_000L);
        assertThat(t.system().wakeups().fromInterrupt(0)).isTrue(); // flags "d.h4": hard irq
        assertThat(t.system().wakeups().fromInterrupt(1)).isFalse();
        assertThat(thread(t, 200).lastName()).isEqualTo("Feed Worker");
        assertThat(thread(t, 300).lastName()).isEqualTo("app");
    }

    @Test
    void atraceBeginEndOnBytesAndEveryOtherFormThroughText() throws Exception {
        Trace t = read(""
                + "  app-100  (  100) [000] ...1  3.000000: tracing_mark_write: B|100|Choreographer#doFrame 12\n"
                + "  app-100  (  100) [000] ...1  3.000100: tracing_mark_write: B|100|\n" // empty name
                + "  app-100  (  100) [000] ...1  3.000200: tracing_mark_write: E|100\n"
                + "  app-100  (  100) [000] ...1  3.000300: tracing_mark_write: B|100|café\r\n" // a CRLF line end
                + "  app-100  (  100) [000] ...1  3.000400: tracing_mark_write: E\n"
                + "  app-100  (  100) [000] ...1  3.000500: tracing_mark_write: B|x|bad tgid\n" // does not parse
                + "  app-100  (  100) [000] ...1  3.000600: tracing_mark_write: C|100|queue|7\n" // counter: text path
                + "  app-100  (  100) [000] ...1  3.000700: tracing_mark_write: E|100\n");
        CallTable c = t.threads().get(t.system().threadIndex(100)).calls();
        // doFrame 3.000000-3.000700 holding [empty] 3.000100-3.000200 and café 3.000300-3.000400.
        assertThat(c.size()).isEqualTo(3);
        assertThat(t.methods().get(c.method(0)).name()).isEqualTo("Choreographer#doFrame 12");
        assertThat(c.end(0)).isEqualTo(3_000_700_000L);
        assertThat(t.methods().get(c.method(1)).name()).isEqualTo("[empty slice name]");
        assertThat(c.start(1)).isEqualTo(3_000_100_000L);
        assertThat(c.end(1)).isEqualTo(3_000_200_000L);
        assertThat(t.methods().get(c.method(2)).name()).isEqualTo("café");
        assertThat(c.depth(2)).isEqualTo(1);
        assertThat(t.warnings()).contains("1 atrace payloads that do not parse (skipped)");
        assertThat(t.system().counters()).isNotEmpty();
        assertThat(thread(t, 100).tgid()).isEqualTo(100);
    }
}
