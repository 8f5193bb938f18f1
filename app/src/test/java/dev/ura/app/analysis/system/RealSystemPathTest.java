package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The critical path on the real captures (docs/system-responses.md §4): where a response's path
 * starts, which waits on it are real, and that no what-if moves the framework's own drawing. Every
 * known answer is worked out by hand from the raw lines (line numbers and times beside it). Skipped
 * when the shared folder is absent.
 */
class RealSystemPathTest {
    private static final String CATAPULT_4 = "traces/system-real/catapult__tracing_test_data_android_systrace.html";

    /** The framework's drawing and frame slices of the shared captures (grep of their B| names). */
    private static final Set<String> FRAMEWORK = Set.of("deliverInputEvent", "performTraversals", "draw",
            "getDisplayList", "drawDisplayList", "eglBeginFrame", "eglSwapBuffers", "queueBuffer", "dequeueBuffer",
            "query", "Choreographer#doFrame", "DrawFrame", "syncFrameState", "prepareTree", "flush drawing commands",
            "Record View#draw()", "input", "animation", "traversal",
            // Jetpack Compose's own sections in the nowinandroid capture (its profile's names)
            "AndroidOwner:onTouch", "AndroidOwner:measureAndLayout", "AndroidOwner:onMeasure", "Compose:recompose",
            "Compose:applyChanges", "Compose:onRemembered", "Compose:onForgotten", "Recomposer:recompose",
            "Recomposer:animation", "compose:lazylist:prefetch:compose", "compose:lazylist:prefetch:measure",
            "TextLayout:initLayout");

    private static Analysis analyse(String relative) throws Exception {
        return RealSystemResponsesTest.analyse(relative);
    }

    private static Response at(Analysis a, long startNs) {
        return RealSystemResponsesTest.at(a, startNs);
    }

    /** The path's wait segments as "thread start-end name", times in µs of the file's clock. */
    private static List<String> waits(Analysis a, Response r) {
        return a.criticalPath(r.index()).segments().stream().filter(s -> s.category() == Category.WAIT)
                .map(s -> s.threadName() + " " + s.startNs() / 1000 + "-" + s.endNs() / 1000 + " " + s.name())
                .toList();
    }

    /**
     * The invariant of §4 on every response of every shared system capture: the path tiles
     * {@code [start, end]} — its first segment starts at the response start (never before: what
     * happened before the input is not its work), each segment starts where the one before ended,
     * and the last ends at the response end.
     */
    @ParameterizedTest
    @ValueSource(strings = {CATAPULT_4,
            "traces/system-real/catapult__systrace_systrace_test_data_compressed_atrace_data.txt",
            "traces/system-real/catapult__systrace_systrace_test_data_decompressed_atrace_data.txt",
            "traces/system-real/catapult__systrace_systrace_test_data_atrace_data",
            "traces/system-real/catapult__tracing_test_data_android_systrace.txt",
            "traces/system-real/nowinandroid__trace.perfetto-trace",
            "traces/system-real/trappy__trace_systrace.html",
            "traces/system-real/trappy__trace_surfaceflinger.html",
            "traces/system-real/trappy__trace_legacy_systrace.html",
            "traces/systrace/jvm-app-kernel.systrace.txt"})
    void everyPathTilesItsResponseAndNeverStartsBeforeIt(String file) throws Exception {
        Analysis a = analyse(file);
        for (Response r : a.responses()) {
            List<Segment> path = a.criticalPath(r.index()).segments();
            assertThat(path).as("response %d", r.index()).isNotEmpty();
            assertThat(path).as("response %d: no segment before its start", r.index())
                    .allMatch(s -> s.startNs() >= r.startNs() && s.endNs() <= r.endNs());
            assertThat(path.get(0).startNs()).as("response %d starts its path", r.index()).isEqualTo(r.startNs());
            assertThat(path.get(path.size() - 1).endNs()).as("response %d ends its path", r.index())
                    .isEqualTo(r.endNs());
            for (int i = 1; i < path.size(); i++) {
                assertThat(path.get(i).startNs()).as("response %d segment %d", r.index(), i)
                        .isEqualTo(path.get(i - 1).endNs());
            }
        }
    }

    /**
     * Android 4.x, the input of line 1736 (B|655|deliverInputEvent at 50262.539039, E line 1757
     * .539915). Its path used to run to the frame drawn 78 ms later (eglSwapBuffers' E, line 2095
     * .617678), through ten sleeps of the launcher while five more touches of the gesture arrived, and
     * it was the walk's job to book those sleeps as the user's next touch and vsync rather than as
     * InputReader's and hwc_eventmon's waits. That frame is not this input's: the vsync doFrame after
     * it (EventThread's wakeup, line 1776 .546746) ran the next touch and went idle with no traversal
     * (sleep at line 1784 .547221), so nothing had asked for one (RealSystemResponsesTest). The response
     * is unfinished and its path is its own handling, deliverInputEvent from .539039 to .539915, with
     * no sleep in it (the launcher is switched out only as runnable, prev_state=R, lines 1738 and 1754).
     */
    @Test
    void catapultAndroid4FirstTouchOfTheGestureIsItsOwnHandlingNotTheNextTouches() throws Exception {
        Analysis a = analyse(CATAPULT_4);
        Response r = at(a, 50_262_539_039_000L);
        assertThat(r.finished()).isFalse();
        assertThat(r.endNs()).isEqualTo(50_262_539_915_000L);
        assertThat(waits(a, r)).isEmpty();
    }

    /**
     * The same capture, the fifth event of that gesture: B|655|deliverInputEvent line 1963
     * (.596842, E line 1968 .597140), run in the doFrame of EventThread's wakeup (line 1961), which
     * sleeps at line 1970 (.597244) with no traversal: unfinished at .597140, with no wait on its path.
     *
     * <p>And input line 22443 (B|655|deliverInputEvent .651008, E line 22448 .651517): the launcher
     * sleeps at line 22449 (.651563) until EventThread wakes it at line 22501 (.663688) — the display
     * tick of irq/218-host_sp → hwc_eventmon (lines 22490, 22499) — then draws (performTraversals line
     * 22545). Its one wait is that vsync, 12.125 ms; before, hwc_eventmon's 11.948 ms sleep until the
     * interrupt stood in its place.
     */
    @Test
    void catapultAndroid4VsyncWaitIsTheLaunchersSleepNotHwcEventmon() throws Exception {
        Analysis a = analyse(CATAPULT_4);
        Response fifth = at(a, 50_262_596_842_000L);
        assertThat(fifth.finished()).isFalse();
        assertThat(fifth.endNs()).isEqualTo(50_262_597_140_000L);
        assertThat(waits(a, fifth)).isEmpty();

        Response r = at(a, 50_264_651_008_000L);
        assertThat(waits(a, r)).containsExactly("ndroid.launcher 50264651563-50264663688 vsync");

        // On the whole capture, no path waits on a thread of the input system or of the display.
        for (Response any : a.responses()) {
            assertThat(a.criticalPath(any.index()).segments()).as("response %d", any.index())
                    .filteredOn(s -> s.category() == Category.WAIT)
                    .extracting(Segment::threadName)
                    .noneMatch(n -> Set.of("InputReader", "InputDispatcher", "hwc_eventmon", "EventThread").contains(n));
        }
    }

    /**
     * The input of line 4176 (B|655|deliverInputEvent .814095): its longest wait is the launcher's
     * 5.584 ms sleep inside drawDisplayList (lines 4230–4263) until hardware interrupt 214 — the
     * framework drawing the frame. The finding used to suggest "Starting drawDisplayList with the
     * response would make it about 8.0 ms faster"; inputs 50264.142004 and .149168 likewise
     * suggested starting eglSwapBuffers. No what-if on any shared capture moves or defers a framework
     * drawing or frame slice, and thread-dominates no longer proposes moving one to another thread
     * (it did for getDisplayList, drawDisplayList, deliverInputEvent and DrawFrame, 100 findings; on
     * nowinandroid for Compose's AndroidOwner:onTouch, AndroidOwner:measureAndLayout, Recomposer:recompose…).
     */
    @ParameterizedTest
    @ValueSource(strings = {CATAPULT_4,
            "traces/system-real/catapult__systrace_systrace_test_data_decompressed_atrace_data.txt",
            "traces/system-real/nowinandroid__trace.perfetto-trace",
            "traces/systrace/jvm-app-kernel.systrace.txt"})
    void noWhatIfMovesTheFrameworksDrawing(String file) throws Exception {
        Analysis a = analyse(file);
        for (Response r : a.responses()) {
            for (Finding f : a.findings(r.index())) {
                String moved = f.suggestion() instanceof Change.RunInParallel p ? p.target().describe()
                        : f.suggestion() instanceof Change.Defer d ? d.target().describe()
                        : f.suggestion() instanceof Change.SideBySide b ? b.target().describe() : null;
                assertThat(moved).as("%s: %s", f.rule(), f.message()).isNotIn(FRAMEWORK);
                // Speeding the framework's slice up is an estimate of a frame with less to do; moving
                // it to another thread is not something a developer can do.
                if (f.rule().equals("thread-dominates")
                        && FRAMEWORK.stream().anyMatch(n -> f.message().contains("its heaviest work is " + n + " ("))) {
                    assertThat(f.message()).doesNotContain("moving part of it to another thread");
                }
            }
        }
        if (file.equals(CATAPULT_4)) {
            Response r = at(a, 50_262_814_095_000L);
            Finding waits = a.findings(r.index()).stream().filter(f -> f.rule().equals("waits-on-path"))
                    .findFirst().orElseThrow();
            assertThat(waits.suggestion()).isNull();
            assertThat(waits.message()).contains("The wait in drawDisplayList is the framework drawing the frame")
                    .doesNotContain("Starting drawDisplayList");
        }
    }

    /**
     * Windows extend (§4) on a real kernel trace: {@code jvm-app-kernel.systrace.txt}, the click
     * whose {@code deliverInputEvent} starts at 2911.324773 on AWT-EventQueue- (27413), in
     * {@code FeedFragment.onClick}. Line 7047: AWT wakes VM Thread (27398) at .326329 and runs on
     * until it sleeps at .326373 (line 7048); VM Thread waits for CPU 0 (idle until line 7049,
     * .326399), runs, and wakes AWT at .326478 (line 7051). At .326373, AWT's window start, VM
     * Thread is in tracked work (woken by AWT's tracked work at .326329), so the window extends: VM
     * Thread was runnable from .326329, and AWT's .326329–.326373 ran beside it (before, that was on
     * the path and VM Thread's runnable started at .326373). Lines 7059–7066: AWT creates FeedWorker
     * (27416; sched_wakeup_new .326889, line 7060) and sleeps at .326891; FeedWorker runs, wakes AWT
     * at .326901, is switched out runnable at .326902 (line 7063) while AWT runs until it sleeps again
     * at .326903 (line 7064); FeedWorker runs and wakes AWT at .326904 (line 7065). Back from .326904:
     * FeedWorker .326903–.326904; at .326903, AWT's window start, FeedWorker is in tracked work
     * (since .326889), so the window extends: FeedWorker runnable .326902–.326903 (CPU 0 held by AWT),
     * running .326891–.326902, runnable .326889–.326891 (its first state, held by AWT), made runnable
     * by AWT's wakeup_new → AWT's onClick to .326889 (between, lines 7053–7058: VM Thread preempts AWT
     * twice, unchanged). Before, AWT's .326889–.326891 and .326901–.326903
     * were on the path. Per thread: AWT cpu 18.300 → 18.253 ms, runnable 0.288 → 0.287; VM Thread
     * runnable 0.026 → 0.070; FeedWorker cpu 0.011 → 0.012, runnable 0 → 0.003.
     */
    @Test
    void jvmAppKernelWakersWorkBeforeTheSleepIsOnThePath() throws Exception {
        Analysis a = analyse("traces/systrace/jvm-app-kernel.systrace.txt");
        Response r = at(a, 2_911_324_773_000L);
        List<String> around = a.criticalPath(r.index()).segments().stream()
                .filter(s -> s.endNs() > 2_911_326_300_000L && s.startNs() < 2_911_326_910_000L)
                .map(s -> s.threadName() + " " + s.startNs() / 1000 + "-" + s.endNs() / 1000 + " "
                        + s.category().name().toLowerCase(java.util.Locale.ROOT))
                .toList();
        assertThat(around).containsExactly(
                "AWT-EventQueue- 2911324775-2911326329 cpu",
                "VM Thread 2911326329-2911326399 runnable",
                "VM Thread 2911326399-2911326478 cpu",
                "AWT-EventQueue- 2911326478-2911326484 runnable",
                "AWT-EventQueue- 2911326484-2911326613 cpu",
                "AWT-EventQueue- 2911326613-2911326615 runnable",
                "AWT-EventQueue- 2911326615-2911326617 cpu",
                "AWT-EventQueue- 2911326617-2911326624 runnable",
                "AWT-EventQueue- 2911326624-2911326889 cpu",
                "FeedWorker 2911326889-2911326891 runnable",
                "FeedWorker 2911326891-2911326902 cpu",
                "FeedWorker 2911326902-2911326903 runnable",
                "FeedWorker 2911326903-2911326904 cpu",
                "AWT-EventQueue- 2911326904-2911326905 runnable",
                "AWT-EventQueue- 2911326905-2911326924 cpu");
    }
}
