package dev.ura.trace.ftrace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reader counts on every text and HTML capture in {@code shared/traces/system-real}, against two
 * references: the table of the folder's README (an independent decoder's counts) and
 * {@link PlainFtraceCounter}, a regex line parser that shares no code with the reader. Threads are
 * kernel threads (the reader's interrupt lanes, tid &lt; 0, are not threads of the file); every
 * {@code sched_wakeup} is a wake (none of these files records {@code sched_waking}); every atrace
 * {@code B} is a call of its thread, and the README's "B slices" are those an {@code E} closes.
 */
class RealSystemCountsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // file, event lines, threads, sched_wakeup lines, B slices, threads with slices (README). The
            // README's "B slices" are all B markers: in the catapult HTML 2 of its 5,984 are never
            // ended (the plain parser pairs 5,982), as the reader's warning says.
            "catapult__tracing_test_data_android_systrace.html, 31479, 63, 6827, 5984, 9",
            "catapult__tracing_test_data_android_systrace.txt, 91, 12, 33, 0, 0",
            "catapult__systrace_systrace_test_data_atrace_data, 116, 22, 44, 0, 0",
            "catapult__systrace_systrace_test_data_compressed_atrace_data.txt, 1042, 6, 0, 463, 4",
            "catapult__systrace_systrace_test_data_decompressed_atrace_data.txt, 1042, 6, 0, 463, 4",
            "trappy__trace_surfaceflinger.html, 2506, 82, 421, 70, 8",
            "trappy__trace_systrace.html, 10, 7, 4, 0, 0",
            "trappy__trace_legacy_systrace.html, 15, 4, 2, 0, 0",
    })
    void readerCountsEqualTheIndependentOnes(String name, int lines, int threads, int wakeups, int slices,
                                             int sliceThreads) throws Exception {
        Path file = SharedFiles.require("traces/system-real/" + name);
        PlainFtraceCounter plain = PlainFtraceCounter.of(file);
        // The plain parser agrees with the README's decoder...
        assertThat(plain.eventLines).as("plain event lines").isEqualTo(lines);
        assertThat(plain.threads).as("plain threads").hasSize(threads);
        assertThat(plain.wakeupLines).as("plain sched_wakeup").isEqualTo(wakeups);
        assertThat(plain.bMarkers).as("plain B markers").isEqualTo(slices);
        assertThat(plain.bPerThread).as("plain threads with B").hasSize(sliceThreads);

        // ...and the reader agrees with the plain parser.
        Trace t = TraceFiles.read(file);
        assertThat(t.metadata().properties().get("ftrace.events")).isEqualTo(Integer.toString(plain.eventLines));
        // The trace spans every event line, first to last (issue 19: "duration covers every event line").
        assertThat(t.firstTimeNs()).as("first event time").isEqualTo(plain.firstNs);
        assertThat(t.lastTimeNs()).as("last event time").isEqualTo(plain.lastNs);
        // A clock going back is warned about exactly when the plain parser sees a line earlier than the one before.
        assertThat(t.warnings().stream().anyMatch(w -> w.contains("the clock goes back"))).as("clock-back warning")
                .isEqualTo(plain.stepsBack > 0);
        assertThat(t.threads().stream().filter(x -> x.id() > 0).map(ThreadTrack::id))
                .containsExactlyInAnyOrderElementsOf(plain.threads);
        assertThat(t.system().wakeups().size()).isEqualTo(plain.wakeupLines);
        Map<Long, Integer> calls = new TreeMap<>();
        for (ThreadTrack th : t.threads()) {
            if (th.calls().size() > 0) {
                calls.put(th.id(), th.calls().size());
            }
        }
        assertThat(calls).isEqualTo(plain.bPerThread);
        // Every shared capture is whole: its trace text ends with its </script> or closing quote.
        assertThat(t.warnings()).noneMatch(w -> w.contains("ends inside its trace text"));
        int unclosed = plain.bMarkers - plain.bPaired;
        if (unclosed > 0) {
            assertThat(t.warnings()).contains(unclosed + " slices never ended (closed at the end of the trace)");
        } else {
            assertThat(t.warnings()).noneMatch(w -> w.contains("never ended"));
        }
    }

    /**
     * The same comparison on real phone captures that may not be committed (systrace HTML written by
     * the 2019–2021 trace viewer, which quotes the part markers in its own script; Android 10 and 11;
     * kept in {@code shared/traces/kept-aside}, skipped when absent): every event line read, the span,
     * one wake per {@code sched_waking} + {@code sched_wakeup} pair (or per lone {@code sched_wakeup}),
     * and one call per atrace {@code B}, whichever lane the interrupt markers went to.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // file, event lines (grep of the plain parser, checked against a second script by hand)
            "gracker__xiaomi_launcher.html.gz, 190668",
            "gracker__trace_input_blog_list_jank.html.gz, 280526",
            "gracker__wangzherongyao.html.gz, 116070",
            "gracker__flutter-wanandroid.html.gz, 141632",
            "gracker__trace_input_blog_launcher_scroll.html.gz, 99975",
            "gracker__xiaomi_launcher_scroll_all_the_time.html.gz, 225940",
    })
    void keptAsidePhoneCapturesReadEveryEventLine(String name, int lines) throws Exception {
        Path file = SharedFiles.require("traces/kept-aside/" + name);
        Path plainFile = java.nio.file.Files.createTempFile("kept", ".html");
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(file))) {
            java.nio.file.Files.copy(in, plainFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        PlainFtraceCounter plain;
        try {
            plain = PlainFtraceCounter.of(plainFile);
        } finally {
            java.nio.file.Files.delete(plainFile);
        }
        assertThat(plain.eventLines).isEqualTo(lines);
        Trace t = TraceFiles.read(file);
        assertThat(t.metadata().properties().get("ftrace.events")).isEqualTo(Integer.toString(lines));
        assertThat(t.firstTimeNs()).isEqualTo(plain.firstNs);
        assertThat(t.lastTimeNs()).isEqualTo(plain.lastNs);
        assertThat(t.system().wakeups().size()).isEqualTo(Math.max(plain.wakeupLines, plain.wakingLines));
        long calls = t.threads().stream().mapToLong(th -> th.calls().size()).sum();
        assertThat(calls).isEqualTo(plain.bMarkers);
    }

    /**
     * catapult android_systrace.txt ends (line 95, its last event) with
     * {@code irq/409-inv_irq-99 [000] 50260.767491: sched_switch: prev_comm=irq/409-inv_irq prev_pid=99
     * prev_prio=49 prev_state=S ==> next_comm=SensorService}: the interrupt thread falls asleep on the
     * last line. Its last state is that sleep, open to the trace's end (empty: the file ends there),
     * after the run that began at line 93 (50260.767410, switched in by WebViewCoreThre-11043);
     * SensorService (373), switched in on that line, has nothing after it.
     */
    @org.junit.jupiter.api.Test
    void aSleepBegunOnTheLastLineOfARealCaptureIsKept() throws Exception {
        Trace t = TraceFiles.read(SharedFiles.require("traces/system-real/catapult__tracing_test_data_android_systrace.txt"));
        assertThat(t.lastTimeNs()).isEqualTo(50_260_767_491_000L);
        var irq = t.system().states().get(t.system().threadIndex(99));
        int last = irq.size() - 1;
        assertThat(irq.endsOpen()).isTrue();
        assertThat(irq.state(last)).isEqualTo(dev.ura.trace.model.system.ThreadState.SLEEPING);
        assertThat(irq.start(last)).isEqualTo(50_260_767_491_000L);
        assertThat(irq.state(last - 1)).isEqualTo(dev.ura.trace.model.system.ThreadState.RUNNING);
        assertThat(irq.start(last - 1)).isEqualTo(50_260_767_410_000L);
        assertThat(irq.end(last - 1)).isEqualTo(50_260_767_491_000L);
    }
}
