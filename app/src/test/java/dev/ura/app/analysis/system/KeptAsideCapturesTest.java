package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
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
     * The same capture's first touch (lines of the trace text). The down: B|3553|deliverInputEvent … line
     * 7126 (41288.643500, E line 7306 .649689, inside S line 7125), outside any doFrame; the next doFrame
     * (line 7311, .649810) traverses (7313) and draws (7319); RenderThread 3690's DrawFrame (line 7338,
     * .650766) ends at line 8108, .669795: 26.3 ms. The move at .724015 (line 9169) is in the input stage
     * (9138) of the doFrame of line 9133, which ends (9284) with no traversal, and RenderThread writes no
     * DrawFrame between .650766's and .758940: asked for no frame. The move at .756720 (line 11175) is in
     * the input stage (11169) of the doFrame of line 11168, which traverses (11208) and draws (11226): its
     * DrawFrame (line 11242, .758940) ends at line 12757, .774393 (17.7 ms). The next move, .768057 (line
     * 11914), is in the input stage (11900) of the doFrame of line 11897 (traversal 12088, draw 12102);
     * RenderThread is still drawing the previous frame, and its next DrawFrame (line 12762, .774409,
     * before the next doFrame at .778997) ends at line 13584, .779253 (11.2 ms).
     */
    @Test
    void xiaomiLauncherScrollsFirstTouch() throws Exception {
        Analysis a = analyse(KEPT + "xiaomi_launcher_scroll_all_the_time.html.gz");
        assertThat(at(a, 41_288_643_500_000L).endNs()).isEqualTo(41_288_669_795_000L);
        Response still = at(a, 41_288_724_015_000L);
        assertThat(still.finished()).isFalse();
        assertThat(SystemTraces.work(a, still.index()).unfinishedReason()).isEqualTo(NONE);
        assertThat(at(a, 41_288_756_720_000L).endNs()).isEqualTo(41_288_774_393_000L);
        assertThat(at(a, 41_288_768_057_000L).endNs()).isEqualTo(41_288_779_253_000L);
    }

    /**
     * Flyme launcher scrolled (com.meizu.flyme.launcher, pid 27619, RenderThread 27872; async
     * {@code deliverInputEvent} only, Android 9/10): 8 inputs of 27619. The down, S|27619|deliverInputEvent|728
     * line 13356 (958957.011264, F line 13424 .012948), is outside any doFrame; the next doFrame (line
     * 15082, .056154, ends line 15236) runs only its input stage, and RenderThread's first DrawFrame after
     * it starts at .074125: it drew nothing, so the down asked for no frame. Input 730 (line 15814, .067077)
     * is in the input stage (15801) of the doFrame of line 15790, which traverses (15904) and draws (15907);
     * DrawFrame line 16121 (.074125) ends at line 16611, .077911: 10.8 ms. Input 734 (line 21254, .134651),
     * input stage (21244) of the doFrame of line 21237 (traversal 21324, draw 21336): DrawFrame line 21429
     * (.135709) ends at line 22026, .138150. Inputs 735 (line 21754, .136794) and 736 (line 21851, .137097)
     * come after that doFrame ended (line 21728, .136696), from the looper: the next doFrame (line 22688,
     * .151357; traversal 22719, draw 22727) draws them, DrawFrame line 22810 (.152497) to line 23117,
     * .154852.
     */
    @Test
    void flymeLauncherScroll() throws Exception {
        Analysis a = analyse(KEPT + "trace_input_blog_launcher_scroll.html.gz");
        assertThat(a.responses()).filteredOn(r -> a.trace().threads().get(r.thread()).id() == 27619).hasSize(8);
        Response down = at(a, 958_957_011_264_000L);
        assertThat(down.finished()).isFalse();
        assertThat(SystemTraces.work(a, down.index()).unfinishedReason()).isEqualTo(NONE);
        assertThat(at(a, 958_957_067_077_000L).endNs()).isEqualTo(958_957_077_911_000L);
        assertThat(at(a, 958_957_134_651_000L).endNs()).isEqualTo(958_957_138_150_000L);
        assertThat(at(a, 958_957_136_794_000L).endNs()).isEqualTo(958_957_154_852_000L);
        assertThat(at(a, 958_957_137_097_000L).endNs()).isEqualTo(958_957_154_852_000L);
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
     * Flutter app (com.thl.fluwanandroid, pid 1259; Android 10: async {@code deliverInputEvent}
     * only). No RenderThread: the engine's threads are {@code 1.ui} (1307, Dart) and {@code 1.gpu}
     * (1308, raster), which writes each frame's {@code dequeueBuffer} and
     * {@code eglSwapBuffersWithDamageKHR} (248 of each). Its vsync is a Choreographer frame callback:
     * 248 doFrames on main, each with only an {@code animation} stage. Each input's handling wakes
     * 1.ui from a timer (flags d.h: no waker), the next doFrame wakes 1.ui again (Animator::BeginFrame,
     * not traced) and 1.ui wakes 1.gpu the same way: no recorded wakeup links the buffer to the input,
     * so the end is inferred from the first buffer 1.gpu begins after that doFrame. 14 inputs of 1259,
     * all unfinished before ("requested no frame", the down "posts back after the last frame").
     */
    @Test
    void flutterAppInputsAreDrawnByTheNextBufferOfItsRasterThread() throws Exception {
        Analysis a = analyse(KEPT + "flutter-wanandroid.html.gz");
        List<Response> app = a.responses().stream().filter(r -> a.trace().threads().get(r.thread()).id() == 1259)
                .toList();
        assertThat(app).hasSize(14);
        assertThat(app).allSatisfy(r -> assertThat(r.finished()).isTrue());
        // The down: S|1259|deliverInputEvent|521 line 32644 (.301141), F line 32678 (.302140); it wakes
        // 1.ui (line 32676, d.h3) and ContentCapture (line 32647). The next doFrame (line 32834,
        // .306216; animation line 32836) is the first after it. 1.gpu's swap at .301758 (line 32669)
        // was begun by the dequeueBuffer of .299201 (line 32547), before: the frame before's. 1.ui wakes
        // 1.gpu at .310163 (line 33145); 1.gpu dequeues at .312115 (line 33238) and swaps at .313972
        // (line 33266) until .315266 (line 33312): 14.1 ms. ContentCapture sleeps at .305414 (line
        // 32798) without waking the UI thread; its flush timer wakes it at .701779 (line 45389): not a
        // post-back (taken for one, the down ended at .713435).
        Response down = at(a, 1_646_951_301_141_000L);
        assertThat(down.endNs()).isEqualTo(1_646_951_315_266_000L);
        assertThat(down.end().name()).isEqualTo("eglSwapBuffersWithDamageKHR");
        assertThat(a.trace().threads().get(SystemTraces.work(a, down.index()).drawThread()).id()).isEqualTo(1308);
        assertThat(SystemTraces.work(a, down.index()).endReason()).isEqualTo(SystemWork.FROM_NEXT_BUFFER);
        // Input 525: S line 34023 (.329649), F line 34030 (.329884). Next doFrame line 34247 (.339292,
        // animation 34248); 1.ui, woken at .340217 (line 34317), builds until it wakes 1.gpu at .348830
        // (line 34646); dequeueBuffer .349973 (line 34672), swap .350953 (line 34726) to .351879
        // (line 34752): 22.2 ms.
        assertThat(at(a, 1_646_951_329_649_000L).endNs()).isEqualTo(1_646_951_351_879_000L);
        // Input 532: S line 35487 (.373098), F line 35500 (.373291). Next doFrame line 35510
        // (.373361). 1.gpu's swap of .375651 (line 35712) was begun at .360091, by the doFrame of
        // .356191 (its raster took 15.5 ms): not this one. The first buffer begun after .373361:
        // dequeueBuffer .377442 (line 35857), swap .378020 (line 35904) to .378458 (line 35975).
        assertThat(at(a, 1_646_951_373_098_000L).endNs()).isEqualTo(1_646_951_378_458_000L);
        // Input 534: S line 36183 (.384002), F line 36189 (.384129). No doFrame until line 36433
        // (.390182); 1.ui woken .391168 (line 36478) wakes 1.gpu at .392643 (line 36627);
        // dequeueBuffer .394103 (line 36674), swap .395090 (line 36696) to .395779 (line 36734).
        assertThat(at(a, 1_646_951_384_002_000L).endNs()).isEqualTo(1_646_951_395_779_000L);
    }

    /**
     * The same Flutter capture: systemui (pid 9492) takes two touches from its looper, S|9492|deliverInputEvent|4033
     * line 32628 (.300587, F line 32642 .301133) and 4034 (line 32655 .301454, F line 32661 .301559), outside
     * any doFrame. Its main thread then falls asleep at .301820 (line 32670) and sleeps 1.719 s, until its own
     * binder thread Binder:9492_B (20247) wakes it at 1646953.020472 (line 82166); it schedules a traversal
     * there (scheduleTraversals line 82241, .024582) and the status bar's doFrame of .026650 (line 82323)
     * draws. Nothing was pending while it slept (a vsync asked for would have woken it within a display
     * period): both touches asked for no frame. Before, both were "drawn" at 1646953.034478, 1.73 s later.
     */
    @Test
    void systemUiTouchesThatAskedForNoFrameAreNotDrawnByTheStatusBarsNextUpdate() throws Exception {
        Analysis a = analyse(KEPT + "flutter-wanandroid.html.gz");
        for (long start : List.of(1_646_951_300_587_000L, 1_646_951_301_454_000L)) {
            Response r = at(a, start);
            assertThat(a.trace().threads().get(r.thread()).id()).isEqualTo(9492);
            assertThat(r.finished()).as("input at %d", start).isFalse();
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).isEqualTo(NONE);
        }
    }

    /**
     * Honor of Kings (com.tencent.tmgp.sgame, pid 19805, a Unity game; Android 10). Its main thread
     * writes 109 {@code Choreographer#doFrame}, each with an {@code input} stage and nothing else
     * (no animation, traversal, draw; no DrawFrame of 19805 anywhere): 108 async inputs, each in such
     * an input stage. The game draws on UnityMain (19845: eglSwapBuffersWithDamageKHR, queueBuffer),
     * which no recorded wakeup links to the inputs. Every input: unfinished (before: "posts back after the
     * last frame", though 109 frames follow); the main thread draws no frame in the whole capture and
     * UnityMain queues 77 buffers, so the reason names the game's own thread (before: "requested no
     * frame", though each touch is read by one of UnityMain's frames, which the trace does not say). The display
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
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).startsWith("its app draws on a thread of its own");
        });
        // Its doFrames run only an input stage (no animation callback starts the game's frame), so
        // UnityMain's buffers are not taken as their frames (docs/system-responses.md §3).
        assertThat(t.warnings()).contains("252 atrace payloads written in hard-interrupt context on a running task's"
                + " line (kept on per-CPU 'CPU n irq' lanes)");
    }
}
