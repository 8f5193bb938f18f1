package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers on the real captures in {@code ../shared/traces/system-real} and
 * {@code ../shared/traces/systrace} (docs/system-responses.md §1–§3), every one worked out by hand
 * from the raw lines of the file (line numbers and timestamps beside each answer). Skipped when
 * the shared folder is absent.
 */
class RealSystemResponsesTest {
    private static final String REAL = "traces/system-real/";

    static Analysis analyse(String relative) throws Exception {
        Trace trace = TraceFiles.read(SharedFiles.require(relative));
        return Analysis.of(trace);
    }

    /** The response whose start is {@code startNs}. */
    static Response at(Analysis a, long startNs) {
        List<Response> found = a.responses().stream().filter(r -> r.startNs() == startNs).toList();
        assertThat(found).as("one response starting at %d", startNs).hasSize(1);
        return found.get(0);
    }

    private static long tid(Analysis a, int thread) {
        return a.trace().system().threads().get(thread).tid();
    }

    /**
     * Android 4.x (catapult tracing/test_data/android_systrace.html): no RenderThread and no
     * {@code Choreographer#doFrame} slices; the launcher's UI thread (655) draws each frame itself,
     * {@code performTraversals} → {@code draw} → {@code eglSwapBuffers}. 115 {@code deliverInputEvent}
     * (grep -c "B|655|deliverInputEvent"). 110 end at the end of the swap of the first
     * {@code performTraversals} after them; the first five of the first scroll asked for no frame.
     */
    @Test
    void catapultAndroid4LauncherScrollEndsAtTheFirstSwapAfterEachInput() throws Exception {
        Analysis a = analyse(REAL + "catapult__tracing_test_data_android_systrace.html");
        assertThat(a.responses()).hasSize(115);
        assertThat(a.responses()).filteredOn(Response::finished).hasSize(110);

        // The first scroll's first six inputs. The untraced doFrame of Android 4.1–4.3 shows in the
        // sched lines: EventThread (SurfaceFlinger's vsync thread) wakes the launcher, which runs the
        // batched touches in deliverInputEvent, then — if anything invalidated — performTraversals at
        // once (a traversal posted during input is due in the same doFrame), then sleeps until the next
        // touch (InputDispatcher's wakeup) or vsync.
        //  #0 line 1736 B .539039, E 1757 .539915: delivered straight from the looper (InputDispatcher
        //     woke the launcher, line 1731 .538752: the down). It sleeps (1759 .540064); the next vsync's
        //     doFrame (EventThread's wakeup 1776 .546746) runs #1 and goes idle: a traversal #0 had
        //     posted would have run there.
        //  #1 line 1778 .546892–1783 .547155, after EventThread's wakeup 1776; sleeps 1784 .547221
        //     until InputDispatcher's wakeup 1809 .558511: no traversal.
        //  #2 line 1827 .563531–1832 .563800 (EventThread 1825); sleeps 1833 .563863 → InputDispatcher
        //     1873 .567721: no traversal.
        //  #3 line 1920 .580232–1925 .580548 (EventThread 1918); sleeps 1927 .580670 → InputDispatcher
        //     1949 .595847: no traversal.
        //  #4 line 1963 .596842–1968 .597140 (EventThread 1961); sleeps 1970 .597244 → InputDispatcher
        //     1998 .605162: no traversal.
        //  #5 line 2018 .613570–2046 .614766 (EventThread 2016 .613407), performTraversals line 2047
        //     (.614878) with no sleep between: its frame. draw 2048, eglSwapBuffers B line 2070
        //     (.616924) whose E is line 2095 (.617678: queueBuffer 2071/2088 and three query pairs
        //     2089–2094 close before it).
        // Corroboration: asking for a frame asks SurfaceFlinger for the next vsync (a one-way binder
        // call: an SF binder thread then wakes EventThread). Inside #5's slice the launcher wakes SF's
        // Binder_1 (line 2019 .613826, which wakes EventThread at 2027); inside #0–#4's slices it wakes
        // none — its requests at 1758, 1926 and 1969 come after their E, for touches still batched.
        long[] asked = {50_262_539_039_000L, 50_262_546_892_000L, 50_262_563_531_000L, 50_262_580_232_000L,
                50_262_596_842_000L};
        long[] handled = {50_262_539_915_000L, 50_262_547_155_000L, 50_262_563_800_000L, 50_262_580_548_000L,
                50_262_597_140_000L};
        for (int i = 0; i < asked.length; i++) {
            Response r = at(a, asked[i]);
            assertThat(r.finished()).as("input %d", i).isFalse();
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).as("input %d", i)
                    .isEqualTo("its handling requested no frame: the UI thread drew nothing within a frame of it");
            assertThat(r.endNs()).as("input %d ends where its handling ends", i).isEqualTo(handled[i]);
        }
        Response sixth = at(a, 50_262_613_570_000L);
        assertThat(tid(a, sixth.thread())).isEqualTo(655);
        assertThat(sixth.endNs()).isEqualTo(50_262_617_678_000L);
        assertThat(sixth.end().name()).isEqualTo("eglSwapBuffers");
        assertThat(tid(a, sixth.end().thread())).isEqualTo(655);

        // Line 17073: input at 50264.102284 (E line 17078 .102955) runs right after the previous
        // frame's traversal (its E lines 17070–17072), outside the input stage of a doFrame; it sleeps
        // (17079) and the next vsync's doFrame (EventThread's wakeup 17127 .113660) runs
        // performTraversals (line 17181 .114756) before sleeping: the traversal it asked for. Its
        // eglSwapBuffers (B line 17357 .140960) ends at line 17382 (.141714), after queueBuffer
        // (17361/17375) and three query pairs (17376–17381).
        assertThat(at(a, 50_264_102_284_000L).endNs()).isEqualTo(50_264_141_714_000L);

        // Line 2149: input at 50262.630292 (E line 2220, .632749); performTraversals line 2221
        // (.633123), eglSwapBuffers B line 2308 (.641289), its E line 2336 (.642044): queueBuffer
        // 2312/2326 and query pairs 2327–2335 close first.
        assertThat(at(a, 50_262_630_292_000L).endNs()).isEqualTo(50_262_642_044_000L);

        // Line 2434: input at 50262.648100 (E line 2439); performTraversals line 2448 (.649221),
        // eglSwapBuffers B line 2481 (.652799), E line 2503 (.653413) after queueBuffer 2482/2496
        // and the query pairs 2497–2502.
        assertThat(at(a, 50_262_648_100_000L).endNs()).isEqualTo(50_262_653_413_000L);

        // The last input, line 30098 at 50265.453647 (E line 30106): performTraversals line 30144
        // (.463924), eglSwapBuffers B line 30204 (.465183), E line 30232 (.465713).
        Response last = at(a, 50_265_453_647_000L);
        assertThat(last.endNs()).isEqualTo(50_265_465_713_000L);
        assertThat(SystemTraces.work(a, last.index()).vsyncId()).isEqualTo(-1);
    }

    /**
     * The same Android 4.x capture, input line 3770: B|655|deliverInputEvent at 50262.780364 (its E
     * line 3796, .781066). Inside it the launcher wakes Binder_2 (line 3771, .780624), InputDispatcher
     * (3772) and irq/409-inv_irq (3773, .780698) — the InvenSense sensor's threaded interrupt handler:
     * its hard interrupt fired while the launcher ran, and the kernel names the running task as the
     * waker (SurfaceFlinger "wakes" it at line 3789 and Binder_2 at 3803 the same way). Followed, that
     * wakeup carried the response through SensorService to the launcher 337 ms later; it is no
     * hand-off. Tracked work: the trigger and Binder_2 (.780624 until it sleeps at .781687). The next
     * performTraversals (line 3797, .781116) draws: eglSwapBuffers B line 3875 (.783760), its E line
     * 3897 (.784236) after queueBuffer 3876/3890 and the query pairs 3891–3896.
     */
    @Test
    void catapultAndroid4InterruptThreadWakeupIsNoHandoff() throws Exception {
        Analysis a = analyse(REAL + "catapult__tracing_test_data_android_systrace.html");
        Response r = at(a, 50_262_780_364_000L);
        assertThat(r.endNs()).isEqualTo(50_262_784_236_000L);
        assertThat(r.end().name()).isEqualTo("eglSwapBuffers");
        assertThat(SystemTraces.work(a, r.index()).stretches())
                .extracting(s -> a.trace().threads().get(s.thread()).name())
                .containsExactly("ndroid.launcher", "Binder_2");
        // No response's tracked work runs on a kernel interrupt or deferred-work thread.
        for (Response any : a.responses()) {
            assertThat(SystemTraces.work(a, any.index()).stretches())
                    .extracting(s -> a.trace().threads().get(s.thread()).name())
                    .noneMatch(n -> n.startsWith("irq/") || n.startsWith("kworker/") || n.startsWith("ksoftirqd/"));
        }
    }

    /**
     * The same capture, input line 4176: B|655|deliverInputEvent at 50262.814095 (E line 4192). The
     * launcher's performTraversals (line 4193) draws; inside draw, drawDisplayList runs from line 4230
     * (.823093) to its E at line 4263 (.831085), and in it the launcher falls asleep at line 4231
     * (.825306, sched_switch prev_state=S). Line 4259: WebViewCoreThre "wakes" irq/214-host_sp at
     * .830859 — the hard interrupt arrived while WebViewCore ran, and the kernel books the task it
     * interrupted as the waker; line 4261: the handler thread irq/214-host_sp-14188 wakes the launcher
     * at .830890. That sleep, .825306–.830890 = 5.584 ms, is on the critical path (the launcher is the
     * only thread of this response's path) and was ended by hardware interrupt 214 (device host_sp),
     * not by another thread of the system: waits-on-path names the interrupt (docs/system-responses.md
     * §2, §7). The response ends at eglSwapBuffers' E, line 4288 (.831981).
     */
    @Test
    void aSleepEndedByAnInterruptThreadIsWordedAsThatInterrupt() throws Exception {
        Analysis a = analyse(REAL + "catapult__tracing_test_data_android_systrace.html");
        Response r = at(a, 50_262_814_095_000L);
        assertThat(r.endNs()).isEqualTo(50_262_831_981_000L);
        assertThat(a.findings(r.index())).filteredOn(f -> f.rule().equals("waits-on-path")).singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains("5.6 ms on ndroid.launcher in drawDisplayList for an interrupt: hardware interrupt 214"
                                + " (host_sp), delivered by its handler thread irq/214-host_sp")
                        .doesNotContain("a wakeup by irq/"));
        // No finding on the capture words an interrupt thread as a thread that woke someone.
        for (Response any : a.responses()) {
            assertThat(a.findings(any.index())).extracting(f -> f.message())
                    .noneMatch(m -> m.contains("wakeup by irq/") || m.contains("wakeup by kworker/")
                            || m.contains("wakeup by ksoftirqd/"));
        }
    }

    /**
     * An Android 7 capture (catapult systrace/test_data, the same bytes as text and as
     * {@code atrace -z}): only the async form {@code S|pid|deliverInputEvent|seq} … {@code F}.
     * Six inputs: two of systemui (13580), four of process 18926, whose UI thread 18926 runs
     * {@code Choreographer#doFrame} and whose RenderThread (18964) writes {@code DrawFrame}.
     */
    @ParameterizedTest
    @ValueSource(strings = {"catapult__systrace_systrace_test_data_decompressed_atrace_data.txt",
            "catapult__systrace_systrace_test_data_compressed_atrace_data.txt"})
    void catapultAndroid7AsyncInputsAreDrawnByTheFirstFrameThatDraws(String file) throws Exception {
        Analysis a = analyse(REAL + file);
        assertThat(a.responses()).hasSize(6);
        // The doFrame of line 20 (.115809) runs only its input stage (line 21, input 1041 inside,
        // lines 22–23) and ends at line 25 (.116883) with no traversal and no DrawFrame before the
        // next doFrame (line 26): it drew nothing. The doFrame of line 26 (.131660) runs its input
        // stage (line 27, .131710, with inputs 1056 and 1071 at lines 28 and 30) and then its
        // traversal (line 38, .134018) with draw (line 39); RenderThread 18964's DrawFrame starts at
        // line 42 (.134734) and ends at line 87 (.139771): syncFrameState 43/46, computeOrdering
        // 47/48, flush drawing commands 49/80 close before, lines 81–86 are counters.
        long drawn = 683_202_139_771_000L;
        // Line 15: S|18926|deliverInputEvent|1024 at .104223 (F line 19, .107286), delivered from the
        // looper before any frame. A traversal it asked for would run in the next doFrame, line 20's,
        // which drew nothing: it asked for no frame (a down in a scrolling view delays its pressed
        // state), so it is unfinished, ending with its F — not "drawn" 35 ms later at .139771.
        String none = "its handling requested no frame: the UI thread drew nothing within a frame of it";
        Response down = a.responses().stream().filter(r -> r.startNs() == 683_202_104_223_000L
                && tid(a, r.thread()) == 18926).findFirst().orElseThrow();
        assertThat(down.finished()).isFalse();
        assertThat(down.endNs()).isEqualTo(683_202_107_286_000L);
        assertThat(SystemTraces.work(a, down.index()).unfinishedReason()).isEqualTo(none);
        // Line 22: input 1041 at .115972 (F line 23, .116506), inside the input stage of line 20's
        // doFrame: a traversal asked for there would have run in that doFrame, which drew nothing.
        Response move = at(a, 683_202_115_972_000L);
        assertThat(move.finished()).isFalse();
        assertThat(move.endNs()).isEqualTo(683_202_116_506_000L);
        assertThat(SystemTraces.work(a, move.index()).unfinishedReason()).isEqualTo(none);
        // Line 28: input 1056 at .131833, in the input stage of the doFrame of line 26: that frame.
        assertThat(at(a, 683_202_131_833_000L).endNs()).isEqualTo(drawn);
        // Line 30: input 1071 at .132442, the same frame.
        assertThat(at(a, 683_202_132_442_000L).endNs()).isEqualTo(drawn);
        // Lines 14/16 and 17/18: systemui's inputs 263 (.104223–.104606) and 267 (.104846–.105046).
        // Process 13580 writes nothing else in the capture (no doFrame, no draw): no frame of the
        // trace can show them.
        List<Response> systemui = a.responses().stream().filter(r -> tid(a, r.thread()) == 13580).toList();
        assertThat(systemui).extracting(Response::startNs)
                .containsExactly(683_202_104_223_000L, 683_202_104_846_000L);
        for (Response r : systemui) {
            assertThat(r.finished()).isFalse();
            assertThat(SystemTraces.work(a, r.index()).unfinishedReason()).isEqualTo(SystemWork.NO_FRAME);
        }
    }

    /**
     * Captures with no input to answer: none writes a {@code deliverInputEvent} (sync or async) or a
     * {@code bindApplication} (grep -c gives 0 for each). catapult android_systrace.txt (91 event
     * lines) and atrace_data (116) and trappy trace_legacy_systrace.html hold only scheduler
     * events, no atrace marker; trappy trace_systrace.html has one marker, an {@code E} (line 26)
     * and the clock sync (line 29); trappy trace_surfaceflinger.html has 70 slices of SurfaceFlinger
     * (594), the composer (596) and YouTube (7459: {@code Choreographer#doFrame} with an {@code input}
     * stage, but no {@code deliverInputEvent} written in it). No response, and no failure.
     */
    @ParameterizedTest
    @ValueSource(strings = {"catapult__tracing_test_data_android_systrace.txt",
            "catapult__systrace_systrace_test_data_atrace_data", "trappy__trace_legacy_systrace.html",
            "trappy__trace_systrace.html", "trappy__trace_surfaceflinger.html"})
    void capturesWithoutInputsHaveNoResponse(String file) throws Exception {
        // The raw reason, checked on the bytes (all five are plain text or HTML): no input or launch marker.
        String raw = java.nio.file.Files.readString(SharedFiles.require(REAL + file), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(raw).doesNotContain("deliverInputEvent").doesNotContain("bindApplication")
                .doesNotContain("AndroidOwner:onTouch");
        Analysis a = analyse(REAL + file);
        assertThat(a.responses()).isEmpty();
    }

    /**
     * The real kernel capture of a JVM app (traces/systrace): its UI thread is
     * {@code AWT-EventQueue-} (tid 27413, process 27391), not the process's first thread, and runs
     * {@code Choreographer#doFrame}. One input: line 7045, {@code deliverInputEvent … id=0x1} at
     * 2911.324773 (no clock snapshot in text: the response starts at the slice). It starts
     * {@code FeedWorker} (27416, created at line 7059, woken by {@code sched_wakeup_new} line 7060), which loads
     * (line 7076) and writes the cache (lines 7348–7395), and sleeps for good at line 7401
     * (.456909) — while the UI thread is running doFrame 1101 (line 7388, .456130): the post-back
     * needs no wakeup, and the UI thread runs {@code FeedFragment.onFeedLoaded} right after that
     * frame (line 7415, .457809). The next frame, doFrame 1102 (line 7453, .472236), draws it:
     * {@code DrawFrames 1102} (line 7469, .475574) ends at line 7477 (.477392, queueBuffer's E is
     * line 7476 at the same instant).
     */
    @Test
    void jvmAppKernelCaptureEndsAtTheFrameThatDrawsThePostBack() throws Exception {
        // Fewer than three inputs: the file holds one input marker only (one "deliverInputEvent" in its bytes).
        String raw = java.nio.file.Files.readString(SharedFiles.require("traces/systrace/jvm-app-kernel.systrace.txt"),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(raw.split("deliverInputEvent", -1)).hasSize(2);
        Analysis a = analyse("traces/systrace/jvm-app-kernel.systrace.txt");
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(tid(a, r.thread())).isEqualTo(27413);
        assertThat(r.startNs()).isEqualTo(2_911_324_773_000L);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(2_911_477_392_000L);
        assertThat(r.end().name()).isEqualTo("DrawFrames 1102");
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(1102);
    }

    /**
     * nowinandroid (Android 13, Compose, app-only atrace: no doFrame, no scheduler): 36
     * {@code AndroidOwner:onTouch} slices on the main thread 9305 (the B/E prints of the ftrace
     * print events, listed with the official protos and paired per thread in time order), each an
     * input; frames are FrameTimeline's actual surface frames of pid 9305 (packet 76: the start
     * packet, its FrameEnd by cookie, and the ExpectedSurfaceFrameStart of the same token). A frame
     * whose actual start is later than its expected start was stamped by a doFrame (406 of 739; 398
     * of them start while the main thread is in no slice); one whose actual start equals the expected
     * start was drawn by RenderThread on its own vsync (333). The vsync interval is 8.332 ms (the
     * median step between expected starts). Times are raw packet timestamps in ns.
     * <ul>
     * <li>Touch 578091095272202 (a down; measureAndLayout 578091095243027–.264430 right before it is
     *     Compose's, before every touch). onTouch ends at 578091097754827. Frame 154409736: expected
     *     578091100018537, actual 578091100445135 (later: a doFrame), the first vsync after the
     *     touch; Recomposer:animation starts 0.15 ms into it (578091100599838). Drawn at its end,
     *     578091107396470.</li>
     * <li>Touch 578091188184840 (the up that follows a topic): onTouch B, toggleFollwedTopicIds B at
     *     578091189988470, an E at 578091190450424, then measureAndLayout 578091192418971–.439967
     *     and 578091200820949–.851995, and the last E at 578091204111923. Frame 154409894 (expected
     *     578091191625502, actual 578091192336655: a doFrame) starts with only the onTouch slice
     *     open; a doFrame starts only on an idle looper, so the handling had ended — the coroutine
     *     the click launched left its section open across a suspension, and the E at .204111923 is
     *     its own. Frame 154409894 draws the up: drawn at 578091201044948 (the old rule waited for
     *     frame 154409932, 59.2 ms after the touch).</li>
     * <li>Touch 578094638099189 (an up, {@code Navigation: INTERESTS} inside, ends 578094643829373).
     *     The next frame a doFrame stamped comes 100 ms later, but the main thread runs frame work
     *     from 578094645002469 (Recomposer:animation, within a frame of the touch), then
     *     Recomposer:recompose to 578094655327623 and measureAndLayout 578094655414009–
     *     578094657057116: a doFrame that left no frame of its own. RenderThread's next frame after
     *     that work, 154413905 (expected = actual = 578094658103348; 154413897 at 578094649774536
     *     started during the recompose), shows it: drawn at 578094664925116.</li>
     * <li>Touch 578091590045762 (a down, ends 578091593403631): the main thread runs nothing until
     *     the measureAndLayout before the next touch (578091634298813), and the first frame a doFrame
     *     stamped, 154410529, was made for the vsync at 578091641596211, 48 ms after the touch: the
     *     down asked for no frame (in a scrolling list Compose delays the press indication), so
     *     no frame shows it: unfinished, not drawn after the next touch.</li>
     * </ul>
     */
    @Test
    void nowinandroidComposeTouchesEndAtTheFirstFrameThatShowsTheMainThreadsWork() throws Exception {
        Analysis a = analyse(REAL + "nowinandroid__trace.perfetto-trace");
        assertThat(a.responses()).hasSize(36).allMatch(r -> r.trigger().equals("AndroidOwner:onTouch"));

        Response down = at(a, 578_091_095_272_202L);
        assertThat(tid(a, down.thread())).isEqualTo(9305);
        assertThat(down.endNs()).isEqualTo(578_091_107_396_470L);
        assertThat(SystemTraces.work(a, down.index()).vsyncId()).isEqualTo(154_409_736L);

        Response toggle = at(a, 578_091_188_184_840L);
        assertThat(toggle.endNs()).isEqualTo(578_091_201_044_948L);
        assertThat(SystemTraces.work(a, toggle.index()).vsyncId()).isEqualTo(154_409_894L);

        Response navigate = at(a, 578_094_638_099_189L);
        assertThat(navigate.endNs()).isEqualTo(578_094_664_925_116L);
        assertThat(SystemTraces.work(a, navigate.index()).vsyncId()).isEqualTo(154_413_905L);

        Response idle = at(a, 578_091_590_045_762L);
        assertThat(idle.finished()).isFalse();
        assertThat(SystemTraces.work(a, idle.index()).unfinishedReason())
                .isEqualTo("its handling requested no frame: the UI thread drew nothing within a frame of it");
    }
}
