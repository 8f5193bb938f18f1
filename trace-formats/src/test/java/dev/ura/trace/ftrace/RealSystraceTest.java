package dev.ura.trace.ftrace;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real kernel ftrace text in {@code shared/traces/systrace}. Expected counts were taken
 * with grep from the file: 126 {@code Choreographer#doFrame} and 126 {@code DrawFrames} begins,
 * 885 begins on the UI thread (tid 27413), 2304 {@code sched_waking} + 42
 * {@code sched_wakeup_new}, the worker renamed to {@code FeedWorker} at 2911.327452.
 */
class RealSystraceTest {
    private static Trace trace;

    @BeforeAll
    static void read() throws Exception {
        trace = TraceFiles.read(SharedFiles.require("traces/systrace/jvm-app-kernel.systrace.txt"));
    }

    @Test
    void threadsSlicesAndFramesMatchTheFile() {
        assertThat(trace.metadata().format()).isEqualTo("systrace");
        assertThat(trace.warnings()).isEmpty();
        ThreadTrack ui = trace.mainThread().orElseThrow();
        assertThat(ui.id()).isEqualTo(27413);
        assertThat(ui.name()).isEqualTo("AWT-EventQueue-");
        assertThat(ui.calls().size()).isEqualTo(885);
        SystemTrace s = trace.system();
        assertThat(s.threads().get(trace.threads().indexOf(ui)).tgid()).isEqualTo(27391);
        ThreadTrack render = trace.threads().stream().filter(t -> t.name().equals("RenderThread")).findFirst().orElseThrow();
        assertThat(render.calls().size()).isEqualTo(126 * 3);
        assertThat(s.frames()).hasSize(126);
        for (Frame f : s.frames()) {
            assertThat(f.renderThread()).isEqualTo(trace.threads().indexOf(render));
            assertThat(f.drawEndNs()).isGreaterThan(f.drawStartNs());
            assertThat(f.vsyncId()).isBetween(1L, 100_000L);
        }
        ThreadTrack worker = trace.threads().stream().filter(t -> t.id() == 27416).findFirst().orElseThrow();
        assertThat(worker.name()).isEqualTo("FeedWorker");
        assertThat(s.threads().get(trace.threads().indexOf(worker)).nameAt(2_911_327_452_000L)).isEqualTo("FeedWorker");
        assertThat(s.threads().get(trace.threads().indexOf(worker)).nameAt(2_911_327_451_000L)).isEqualTo("AWT-EventQueue-");
    }

    @Test
    void wakeupsNameWakerAndWakee() {
        WakeupTable w = trace.system().wakeups();
        assertThat(w.size()).isEqualTo(2304 + 42);
        int ui = trace.system().threadIndex(27413);
        int worker = trace.system().threadIndex(27416);
        // "FeedWorker-27416 [000] d..2. 2911.326901: sched_waking: comm=AWT-EventQueue- pid=27413"
        int i = w.firstAtOrAfter(2_911_326_901_000L);
        assertThat(w.time(i)).isEqualTo(2_911_326_901_000L);
        assertThat(w.waker(i)).isEqualTo(worker);
        assertThat(w.wakee(i)).isEqualTo(ui);
        assertThat(w.fromInterrupt(i)).isFalse();
    }

    @Test
    void statesNeverOverlapAndOneThreadRunsPerCpuAtATime() {
        SystemTrace s = trace.system();
        List<long[]> running = new ArrayList<>();
        for (ThreadStateTable st : s.states()) {
            for (int i = 0; i < st.size(); i++) {
                assertThat(st.end(i)).isGreaterThan(st.start(i));
                if (i > 0) {
                    assertThat(st.start(i)).isGreaterThanOrEqualTo(st.end(i - 1));
                }
                if (st.state(i) == ThreadState.RUNNING) {
                    running.add(new long[] {st.cpu(i), st.start(i), st.end(i)});
                }
            }
        }
        running.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (int i = 1; i < running.size(); i++) {
            if (running.get(i)[0] == running.get(i - 1)[0]) {
                assertThat(running.get(i)[1]).as("run %d on cpu %d", i, running.get(i)[0])
                        .isGreaterThanOrEqualTo(running.get(i - 1)[2]);
            }
        }
        assertThat(running).hasSizeGreaterThan(1000);
    }
}
