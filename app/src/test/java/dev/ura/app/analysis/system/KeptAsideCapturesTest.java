package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.system.RealSystemResponsesTest.analyse;
import static dev.ura.app.analysis.system.RealSystemResponsesTest.at;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers on real phone captures that may not be committed (their publisher states no licence
 * for them): systrace HTML from the Android Performance blog's case files (github.com/Gracker/
 * SystraceForBlog, 2019–2021, Android 10 and 11 phones), kept in {@code ../shared/traces/kept-aside/}
 * gzipped, as {@code gracker__<name>.html.gz}. Skipped when that folder is absent. Every answer is
 * worked out by hand from the trace text (the {@code # tracer} part of the HTML; the line numbers
 * below count from its first line), never taken from ura's output.
 */
class KeptAsideCapturesTest {
    private static final String KEPT = "traces/kept-aside/gracker__";
    private static final String NONE = "its handling requested no frame: the UI thread drew nothing within a frame of it";

    /**
     * Xiaomi launcher (com.miui.home, pid 3553; Android 11: {@code deliverInputEvent src=0x1002
     * eventTimeNano=… id=…} inside the async form), RenderThread 3690. 10 inputs of the launcher.
     */
    @Test
    void xiaomiLauncherAndroid11() throws Exception {
        Analysis a = analyse(KEPT + "xiaomi_launcher.html.gz");
        assertThat(a.responses()).filteredOn(r -> a.trace().threads().get(r.thread()).id() == 3553).hasSize(10);
        // Line 24805: B|3553|deliverInputEvent … at 28306.000976 (inside S line 24802, F line 25126,
        // .006072), outside any doFrame (a text trace has no clock snapshot: the slice's start).
        // The next doFrame (line 25158, .006234) traverses (25161) and draws (25175); RenderThread
        // 3690's DrawFrame (line 25195, .006613) ends at line 25861, .026942.
        Response down = at(a, 28_306_000_976_000L);
        assertThat(down.finished()).isTrue();
        assertThat(down.endNs()).isEqualTo(28_306_026_942_000L);
        // Line 26573: .041589, in the input stage (line 26534) of the doFrame of line 26528; that
        // doFrame writes no animation, traversal or draw before the next doFrame (line 27214) and no
        // DrawFrame follows it: it drew nothing, so the move asked for no frame. Unfinished, ending with
        // its own slice's E (its F is line 26666, .043202).
        Response still = at(a, 28_306_041_589_000L);
        assertThat(still.finished()).isFalse();
        assertThat(SystemTraces.work(a, still.index()).unfinishedReason()).isEqualTo(NONE);
        // Line 27863: .062124, input stage (27828) of the doFrame of line 27826, which then animates
        // (28058), traverses (28073) and draws (28080); DrawFrame line 28136 (.064598) ends at line
        // 29208, .071470: that frame, 9.3 ms.
        assertThat(at(a, 28_306_062_124_000L).endNs()).isEqualTo(28_306_071_470_000L);
    }

    /**
     * The same launcher scrolled throughout (85 inputs of 3553). The move at 41289.012837 (line 45948,
     * in the input stage of the doFrame of line 45913) wakes HeapTaskDaemon (3605) at .013203; the
     * doFrame's traversal (line 46154) draws (46176), and main falls asleep inside that draw at
     * .014264 (line 46240) until HeapTaskDaemon wakes it at .014487 (line 46342): the draw waited for
     * the GC. Main wakes RenderThread at .015233 (line 46439), whose DrawFrame (line 46443, .015260)
     * ends at .020950. The move is drawn there, not by the next frame (.029217), where the woken draw
     * used to send it.
     */
    @Test
    void xiaomiLauncherADrawThatWaitedForTheGcIsStillItsFramesDraw() throws Exception {
        Analysis a = analyse(KEPT + "xiaomi_launcher_scroll_all_the_time.html.gz");
        assertThat(at(a, 41_289_012_837_000L).endNs()).isEqualTo(41_289_020_950_000L);
    }

    /**
     * Tencent Matrix sample app (sample.tencent.matrix, pid 24874, RenderThread 24912; Android 10:
     * async {@code deliverInputEvent} only): 102 inputs. The touch that starts the scroll.
     */
    @Test
    void matrixListDownAndMovesInsideTheTouchSlopAskForNoFrame() throws Exception {
        Analysis a = analyse(KEPT + "trace_input_blog_list_jank.html.gz");
        assertThat(a.responses()).filteredOn(r -> a.trace().threads().get(r.thread()).id() == 24874).hasSize(102);
        // Line 39972: S|24874|deliverInputEvent|635 at 1229151.497464 (F line 40194, .500976), from
        // the looper, outside any doFrame. The next doFrame (line 40821, .505306) runs input 637
        // (S line 40850, .505571) in its input stage and an empty traversal (.506538–.506550), and
        // RenderThread writes no DrawFrame between .48 and .557091: it drew nothing, as did the
        // doFrames of .520945 (input 639, S .521283) and .537377 (input 641, S .537632). The down and
        // the three moves asked for no frame.
        for (long start : List.of(1_229_151_497_464_000L, 1_229_151_505_571_000L, 1_229_151_521_283_000L,
                1_229_151_537_632_000L)) {
            Response r = at(a, start);
            assertThat(r.finished()).as("input at %d", start).isFalse();
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).isEqualTo(NONE);
        }
        // Line 43825: input 643 at .555441 in the input stage of the doFrame of line 43777
        // (.555225); scheduleTraversals runs inside it (line 43859), the same doFrame traverses
        // (43908) and draws (43924), and RenderThread's DrawFrame (line 43936, .557091) ends at
        // .564113: 8.7 ms. Before, the down and the three moves ended there too (the down 66.6 ms).
        Response scroll = at(a, 1_229_151_555_441_000L);
        assertThat(scroll.endNs()).isEqualTo(1_229_151_564_113_000L);
        // Input 657 (S at .671615, F .672993) in the input stage of the doFrame of .671417, which
        // traverses (.673199) and draws (.673263); RenderThread's DrawFrame (line 54634, .673901) ends
        // at .676352. Inside the input the app wakes its JIT compiler ("Jit thread pool", 24881), which
        // compiles until .674692 while the UI thread is still running: not a post-back (before, taken
        // for one, the move ended one frame later, .692075).
        assertThat(at(a, 1_229_151_671_615_000L).endNs()).isEqualTo(1_229_151_676_352_000L);
    }

    /**
     * Honor of Kings (com.tencent.tmgp.sgame, pid 19805, a Unity game; Android 10). Its main thread
     * writes 109 {@code Choreographer#doFrame}, each with an {@code input} stage and nothing else
     * (no animation, traversal, draw; no DrawFrame of 19805 anywhere): 108 async inputs, each in such
     * an input stage. The game draws on UnityMain (19845: eglSwapBuffersWithDamageKHR, queueBuffer),
     * which no recorded wakeup links to the inputs. Every input: unfinished, asked for no frame of the
     * UI thread (before: "posts back after the last frame", though 109 frames follow). The display
     * driver's interrupt markers booked on running tasks (flag 'h', e.g. line 7828
     * NativeThread-20140 d.h4 B|19805|rd_ptr_irq): 252 lines (grep), on the CPUs' irq lanes.
     */
    @Test
    void unityGameInputsAskTheUiThreadForNoFrame() throws Exception {
        Analysis a = analyse(KEPT + "wangzherongyao.html.gz");
        Trace t = a.trace();
        List<Response> game = a.responses().stream().filter(r -> t.threads().get(r.thread()).id() == 19805).toList();
        assertThat(game).hasSize(108);
        assertThat(game).allSatisfy(r -> {
            assertThat(r.finished()).isFalse();
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).isEqualTo(NONE);
        });
        assertThat(t.warnings()).contains("252 atrace payloads written in hard-interrupt context on a running task's"
                + " line (kept on per-CPU 'CPU n irq' lanes)");
    }
}
