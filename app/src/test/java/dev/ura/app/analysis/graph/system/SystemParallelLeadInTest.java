package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import static dev.ura.app.analysis.graph.system.SystemFixtures.stretch;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run in parallel on a system trace (docs/what-if.md, "Run in parallel" and "The bound"), on ftrace
 * text written here line by line. Times are µs after 10 s; the response starts at 0.
 * m.example.app's main thread (1000, CPU 0) has no state before its first line, a switch onto CPU 0
 * at 500: the trace shows nothing of it over 0–500 ("unknown"). It runs unnamed 500–1000, then
 * {@code deliverInputEvent} 1000–2000, wakes Worker (1001, CPU 1) at 1500 and sleeps at 2000.
 * Worker runs {@code load} 1500–9500, wakes main at 9500 and sleeps at 9600. Main runs {@code bind}
 * 9500–12500, the response's end (drawn at 12500 on main), and sleeps.
 *
 * <p>The recorded path, back from main at 12500: bind 9500–12500; main slept 2000–9500, woken by
 * Worker → Worker's load over that window; at 2000 (main's window start) Worker is in tracked work
 * (1500–9600), so the window extends down to 1500, where main's wakeup began it → main 1000–1500
 * (deliverInputEvent), 500–1000 (running), 0–500 unknown (docs/system-responses.md §4).
 */
class SystemParallelLeadInTest {
    private static final long MAIN = 1000;
    private static final long WORKER = 1001;
    private static ResponseGraph graph;
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        StringBuilder sb = new StringBuilder("# tracer: nop\n#\n#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
                + "#              | |        |      |   ||||       |         |\n");
        sb.append(row("<idle>", 0, 0, 500, "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R"
                + " ==> next_comm=m.example.app next_pid=1000 next_prio=120"));
        sb.append(row("m.example.app", MAIN, 0, 1000, "tracing_mark_write: B|1000|deliverInputEvent"));
        sb.append(row("m.example.app", MAIN, 0, 1500, "sched_waking: comm=Worker pid=1001 prio=120 target_cpu=001"));
        sb.append(row("<idle>", 0, 1, 1500, "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R"
                + " ==> next_comm=Worker next_pid=1001 next_prio=120"));
        sb.append(row("Worker", WORKER, 1, 1500, "tracing_mark_write: B|1000|load"));
        sb.append(row("m.example.app", MAIN, 0, 2000, "tracing_mark_write: E|1000"));
        sb.append(row("m.example.app", MAIN, 0, 2000, "sched_switch: prev_comm=m.example.app prev_pid=1000 prev_prio=120"
                + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"));
        sb.append(row("Worker", WORKER, 1, 9500, "tracing_mark_write: E|1000"));
        sb.append(row("Worker", WORKER, 1, 9500, "sched_waking: comm=m.example.app pid=1000 prio=120 target_cpu=000"));
        sb.append(row("<idle>", 0, 0, 9500, "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R"
                + " ==> next_comm=m.example.app next_pid=1000 next_prio=120"));
        sb.append(row("m.example.app", MAIN, 0, 9500, "tracing_mark_write: B|1000|bind"));
        sb.append(row("Worker", WORKER, 1, 9600, "sched_switch: prev_comm=Worker prev_pid=1001 prev_prio=120"
                + " prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120"));
        sb.append(row("m.example.app", MAIN, 0, 12500, "tracing_mark_write: E|1000"));
        sb.append(row("m.example.app", MAIN, 0, 12500, "sched_switch: prev_comm=m.example.app prev_pid=1000 prev_prio=120"
                + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"));
        trace = TraceFiles.read("lead-in.txt", ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8)), Progress.NONE);
        // tracked (docs/system-responses.md §2): the tap on main; Worker from main's wakeup; main from Worker's
        graph = SystemFixtures.graph(trace, MAIN, 0, MAIN, 12500, List.of(
                stretch(trace, MAIN, 0, 2000, Cause.TRIGGER, -1),
                stretch(trace, WORKER, 1500, 9600, Cause.WAKEUP, MAIN),
                stretch(trace, MAIN, 9500, 12500, Cause.WAKEUP, WORKER)));
        SystemFixtures.assertRecorded(graph);
    }

    private static String row(String comm, long tid, int cpu, long us, String body) {
        String group = tid == 0 ? "(-----)" : String.format(Locale.ROOT, "(%5d)", 1000);
        return String.format(Locale.ROOT, "%16s-%-5d %s [%03d] d..2 %5d.%06d: %s%n", comm, tid, group, cpu,
                10 + us / 1_000_000, us % 1_000_000, body);
    }

    private static Estimate parallel(String name) {
        return new WhatIfEstimator(graph).estimate(Scenario.BASELINE.with(new Change.RunInParallel(new SliceSelector.ByName(name))));
    }

    @Test
    void theRecordedPathRunsThroughTheUnknownStartTheTapTheWorkerAndBind() {
        assertThat(SystemFixtures.describe(trace, graph.criticalPath().segments())).containsExactly(
                "1000 0..500 other unknown", "1000 500..1000 cpu running <program-order",
                "1000 1000..1500 cpu deliverInputEvent <program-order", "1001 1500..9500 cpu load <wakeup",
                "1000 9500..12500 cpu bind <wakeup");
    }

    @Test
    void bindStartedWithTheResponseStillWaitsForTheUnknownStartAndSkipsTheRest() {
        // bind keeps its 3000 µs and no longer waits for main's sleep 2000–9500 (Worker's load, the
        // wakeup chain), the tap's code 500–2000 before it; it still waits for 0–500, main's state
        // unknown there (main may have been busy): 500–3500, the response's end. Saves 12500 − 3500 = 9000.
        Estimate e = parallel("bind");
        assertThat(e.durationNs()).isEqualTo(3_500_000L);
        assertThat(e.savedNs()).isEqualTo(9_000_000L);
        // path time: bind's own 3000 on the path plus its lead-in on main back to the unknown stretch,
        // 500–9500 (9000), capped at how much earlier it starts, 9500 − 0: 9500 ≥ 9000 saved
        assertThat(e.pathTimeNs()).isEqualTo(9_500_000L);
        assertThat(e.savedNs()).isLessThanOrEqualTo(e.pathTimeNs());
        // its estimated path: the unknown start, then bind at once
        assertThat(SystemFixtures.describe(trace, e.path().segments())).containsExactly(
                "1000 0..500 other unknown", "1000 500..3500 cpu bind <program-order");
    }
}
