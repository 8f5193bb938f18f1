package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.SF;
import static dev.ura.app.analysis.system.SystemTraces.thread;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * App-only tracing of a Compose app (docs/system-responses.md §1 and §3, Android 12+): no
 * {@code deliverInputEvent}, no doFrame slice; each {@code AndroidOwner:onTouch} is an input, and the
 * response ends at the first FrameTimeline frame that can hold the UI thread's work, timed by hand (µs).
 */
class ComposeTouchTest {

    /** An app surface frame {@code token} over [from, to] µs shown by display frame 10000+token at {@code present}. */
    private static void timelineFrame(Machine m, long token, long from, long to, long present) {
        m.s.frame(new SystemTraceScript.Timeline(false, token, 10_000 + token, (int) APP, t(from), t(to), 1))
                .frame(new SystemTraceScript.Timeline(true, 10_000 + token, 10_000 + token, (int) SF, t(to),
                        t(present), 1));
    }

    /**
     * onTouch runs 100–104. Frame 1 (102–109) starts before the touch's end: not its frame. Frame 2
     * (110–118) starts with the UI thread idle but the UI thread runs nothing in it (RenderThread
     * animated alone: a ripple). Frame 3 (120–128): the UI thread's recompose 121–130 outlives it, so
     * frame 3 is not the UI thread's. Frame 4 (132–140): idle at 132, recompose 133–135 and layout
     * 136–137 end inside it: the UI thread's frame, the end: drawn at 140, on screen at 150.
     */
    @Test
    void composeTouchEndsAtTheFirstTimelineFrameThatCarriesTheUiThreadsWork() throws Exception {
        Machine m = new Machine();
        m.run(APP, 90, 200, "S");
        m.slice(APP, 100, 104, "AndroidOwner:onTouch")
                .slice(APP, 121, 130, "Recomposer:recompose")
                .slice(APP, 133, 135, "Recomposer:recompose")
                .slice(APP, 136, 137, "AndroidOwner:measureAndLayout");
        timelineFrame(m, 1, 102, 109, 115);
        timelineFrame(m, 2, 110, 118, 125);
        timelineFrame(m, 3, 120, 128, 133);
        timelineFrame(m, 4, 132, 140, 150);
        Trace trace = SystemTraces.perfetto(m.s);
        assertThat(trace.system().frames()).hasSize(4).allMatch(f -> f.fromTimeline());
        Analysis a = Analysis.of(trace);

        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.trigger()).isEqualTo("AndroidOwner:onTouch");
        assertThat(r.thread()).isEqualTo(thread(trace, APP));
        assertThat(r.startNs()).isEqualTo(t(100));
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(t(140));
        assertThat(r.end().name()).isEqualTo("FrameTimeline frame 4");
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(4);
        assertThat(SystemTraces.work(a, 0).onScreenAtNs()).isEqualTo(t(150));
    }

    /** Where the process writes {@code deliverInputEvent}, that is the input: onTouch inside it adds none. */
    @Test
    void composeTouchIsNoInputWhereTheProcessWritesDeliverInputEvent() throws Exception {
        Machine m = new Machine();
        m.run(APP, 90, 200, "S");
        m.slice(APP, 100, 110, "deliverInputEvent src=0x1002 id=0x7")
                .slice(APP, 101, 104, "AndroidOwner:onTouch")
                .slice(APP, 300, 304, "AndroidOwner:onTouch")
                .frame(5, 120, 130, 130, 140, -1);
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).extracting(Response::trigger).containsExactly("deliverInputEvent src=0x1002 id=0x7");
    }
}
