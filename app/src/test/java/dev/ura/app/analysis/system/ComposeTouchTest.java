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
 * response ends at the first FrameTimeline frame that shows the UI thread's work, timed by hand (µs).
 */
class ComposeTouchTest {

    /**
     * An app surface frame {@code token} made for the vsync at {@code expected}, actually over
     * [{@code from}, {@code to}] (µs), shown by display frame 10000+token at {@code to} + 5 ms.
     */
    private static void timelineFrame(Machine m, long token, long expected, long from, long to) {
        m.s.frame(new SystemTraceScript.Timeline(false, token, 10_000 + token, (int) APP, t(from), t(to), 1,
                        t(expected)))
                .frame(new SystemTraceScript.Timeline(true, 10_000 + token, 10_000 + token, (int) SF, t(to),
                        t(to + 5_000), 1));
    }

    /** A frame RenderThread drew on its own vsync {@code v} (actual start = expected start), 6 ms long. */
    private static void renderThreadFrame(Machine m, long token, long v) {
        timelineFrame(m, token, v, v, v + 6_000);
    }

    /**
     * Four touches on a 8 ms vsync (µs; the interval is the median step between expected starts:
     * 96, 104, 208, 216, 224, 232, 304, 312, 320, 352, 404 ms → 8 ms). By hand:
     * <ul>
     * <li>A, onTouch 100.0–102.0 ms (Compose's measureAndLayout 99.90–99.98 before it): frame 2,
     *     made for the vsync at 104 and stamped by its doFrame at 104.3 (later: the UI thread's),
     *     the first after the touch: drawn at 110.0. (Frame 1 is RenderThread's, 96–102.)</li>
     * <li>B, onTouch 200.0–202.0: the UI thread runs nothing until the measureAndLayout right before
     *     the next touch (229.90, not frame work); RenderThread draws 208, 216, 224 alone; the first
     *     frame a doFrame stamped was made for the vsync at 232, later than the first vsync the
     *     thread was free for after the touch (≤ 210): B asked for no frame, unfinished.</li>
     * <li>B2, onTouch 230.0–231.0: that frame (232, stamped 232.4–238.0) is its first: drawn at 238.</li>
     * <li>C, onTouch 300.0–302.0: a doFrame that left no frame of its own runs Recomposer:recompose
     *     305.0–313.0 and measureAndLayout 313.2–314.0 (one doFrame: 0.2 ms apart); RenderThread's
     *     frames at 304 and 312 start before that work ends, the one at 320 after: drawn at 326.</li>
     * <li>D, onTouch 400.0–415.0 with a nested section 400.5–401.0 and measureAndLayout
     *     404.5–404.6: the frame made for 404 is stamped at 404.3 while only onTouch is open — a
     *     doFrame starts only on an idle looper, so the handling had ended: drawn at 410.0, before
     *     the onTouch's recorded end.</li>
     * </ul>
     */
    @Test
    void composeTouchEndsAtTheFirstFrameThatShowsIt() throws Exception {
        Machine m = new Machine();
        m.run(APP, 90_000, 500_000, "S");
        m.slice(APP, 99_900, 99_980, "AndroidOwner:measureAndLayout")
                .slice(APP, 100_000, 102_000, "AndroidOwner:onTouch")
                .slice(APP, 104_500, 105_000, "Recomposer:animation")
                .slice(APP, 200_000, 202_000, "AndroidOwner:onTouch")
                .slice(APP, 229_900, 229_980, "AndroidOwner:measureAndLayout")
                .slice(APP, 230_000, 231_000, "AndroidOwner:onTouch")
                .slice(APP, 232_500, 233_000, "Recomposer:recompose")
                .slice(APP, 300_000, 302_000, "AndroidOwner:onTouch")
                .slice(APP, 305_000, 313_000, "Recomposer:recompose")
                .slice(APP, 313_200, 314_000, "AndroidOwner:measureAndLayout")
                .slice(APP, 400_000, 415_000, "AndroidOwner:onTouch")
                .slice(APP, 400_500, 401_000, "toggle")
                .slice(APP, 404_500, 404_600, "AndroidOwner:measureAndLayout");
        renderThreadFrame(m, 1, 96_000);
        timelineFrame(m, 2, 104_000, 104_300, 110_000);
        renderThreadFrame(m, 3, 208_000);
        renderThreadFrame(m, 4, 216_000);
        renderThreadFrame(m, 5, 224_000);
        timelineFrame(m, 6, 232_000, 232_400, 238_000);
        renderThreadFrame(m, 7, 304_000);
        renderThreadFrame(m, 8, 312_000);
        renderThreadFrame(m, 9, 320_000);
        timelineFrame(m, 10, 352_000, 352_300, 358_000);
        timelineFrame(m, 11, 404_000, 404_300, 410_000);
        Trace trace = SystemTraces.perfetto(m.s);
        assertThat(trace.system().frames()).hasSize(11).allMatch(f -> f.fromTimeline());
        assertThat(trace.system().frames().get(1).expectedStartNs()).isEqualTo(t(104_000));
        Analysis a = Analysis.of(trace);

        assertThat(a.responses()).hasSize(5).allMatch(r -> r.trigger().equals("AndroidOwner:onTouch"));
        Response touchA = a.responses().get(0);
        assertThat(touchA.thread()).isEqualTo(thread(trace, APP));
        assertThat(touchA.startNs()).isEqualTo(t(100_000));
        assertThat(touchA.endNs()).isEqualTo(t(110_000));
        assertThat(touchA.end().name()).isEqualTo("FrameTimeline frame 2");
        assertThat(SystemTraces.work(a, 0).onScreenAtNs()).isEqualTo(t(115_000));

        Response touchB = a.responses().get(1);
        assertThat(touchB.finished()).isFalse();
        assertThat(SystemTraces.work(a, 1).unfinishedReason())
                .isEqualTo("its handling requested no frame: the UI thread drew nothing within a frame of it");
        assertThat(a.responses().get(2).endNs()).isEqualTo(t(238_000));
        assertThat(SystemTraces.work(a, 3).vsyncId()).isEqualTo(9);
        assertThat(a.responses().get(3).endNs()).isEqualTo(t(326_000));
        assertThat(SystemTraces.work(a, 4).vsyncId()).isEqualTo(11);
        assertThat(a.responses().get(4).endNs()).isEqualTo(t(410_000));
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
