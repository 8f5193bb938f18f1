package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Response;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Known answers on the real method traces of {@code ../shared/traces/android} (skipped when that
 * folder is absent). Every expected value was worked out by hand from the raw call times (listed
 * with {@code ura convert} and read call by call; times below are ms from the file's start, as
 * the calls' µs stamps divided by 1000), following docs/android-method-rules.md — never copied
 * from {@code ura analyze}. Each input: start = its outermost {@code dispatchInputEvent} /
 * {@code deliverInputEvent}; frame = the {@code performDraw} that shows it; end = that draw's end.
 */
class RealMethodTraceInputsTest {

    private static Analysis analyse(String rel) throws TraceFormatException {
        Path p = SharedFiles.require("traces/android/" + rel);
        return Analysis.of(TraceFiles.read(p));
    }

    private static long ms(double v) {
        return Math.round(v * 1_000_000);
    }

    private static Response startingAt(Analysis a, double startMs) {
        return a.responses().stream().filter(r -> r.startNs() == ms(startMs)).findFirst()
                .orElseThrow(() -> new AssertionError("no response starts at " + startMs + " ms: " + a.responses()));
    }

    private static List<Response> inputResponses(Analysis a) {
        return a.responses().stream().filter(r -> r.gesture() != Response.NO_GESTURE).toList();
    }

    @Test
    void perflibStreamingEveryDeliveredTouchHasAResponseEndingAtTheFirstDrawThatShowsIt() throws Exception {
        Analysis a = analyse("perflib-streaming.trace");

        // 34 outermost input deliveries on main (15362): 33 InputEventReceiver.dispatchInputEvent and one
        // deliverInputEvent-only stack; each is one response (the nested deliverInputEvent is the same event)
        assertThat(inputResponses(a)).hasSize(34);

        // (a) dispatchInputEvent 4646.716 .. 4649.030, from the looper (not in a frame). The next doFrame
        // (4709.872) only consumed batched input; the first performDraw after it: 4740.850 .. 4768.663
        Response down = startingAt(a, 4646.716);
        assertThat(down.endNs()).isEqualTo(ms(4768.663));
        // (b) dispatchInputEvent 4730.859 .. 4740.850 inside doFrame 4730.859 (consumeBatchedInputEvents):
        // the same frame's performDraw 4740.850 .. 4768.663 draws it
        assertThat(startingAt(a, 4730.859).endNs()).isEqualTo(ms(4768.663));
        // (c) dispatchInputEvent 4825.876 .. 4829.653 from the looper; performTraversals 4841.297 runs
        // performDraw 4843.469 .. 4910.873
        assertThat(startingAt(a, 4825.876).endNs()).isEqualTo(ms(4910.873));
        // (d) dispatchInputEvent 15341.422 .. 15343.518; first performDraw after it 15369.492 .. 15371.201
        assertThat(startingAt(a, 15341.422).endNs()).isEqualTo(ms(15371.201));

        // gestures (docs "Gestures": next input within 300 ms of the previous one's end): inputs at
        // 4646.7, 4709.9 (gap 60.8), 4730.9 (18.9), 4768.7 (27.8), 4825.9 (55.7) → one gesture of 5;
        // 15341.4 comes 10.5 s later → the next; 15469.9 (126.4), 15517.8 (46.0), 15576.6 (56.6),
        // 15624.3 (45.8) → 5; 16932.9 alone (1306 ms after); 17773.5, 17872.4 (96.5), 17901.9 (27.5),
        // 17941.1 (36.0) → 4; 18409.9 alone (466 ms); 19077.6, 19169.2 (88.9) → 2; 19769.2, 19786.5 (14.9),
        // 19835.3 (46.1) → 3; 21045.6 alone; 23158.2, 23213.6 (53.3), 23255.5 (39.6), 23320.5 (61.9) → 4;
        // 24463.7, 24506.1 (40.3), 24544.1 (35.6), 24629.4 (79.0) → 4; 25902.2 alone; 26701.5, 26797.3
        // (93.0) → 2; 27662.7 alone
        List<Integer> sizes = new java.util.ArrayList<>();
        int last = Response.NO_GESTURE;
        for (Response r : inputResponses(a)) {
            if (r.gesture() != last) {
                sizes.add(0);
                last = r.gesture();
            }
            sizes.set(sizes.size() - 1, sizes.get(sizes.size() - 1) + 1);
        }
        assertThat(sizes).containsExactly(5, 5, 1, 4, 1, 2, 3, 1, 4, 4, 1, 2, 1);
        assertThat(down.gesture()).isZero();
        assertThat(startingAt(a, 4825.876).gesture()).isZero();
        assertThat(startingAt(a, 15341.422).gesture()).isEqualTo(1);
    }

    @Test
    void firefoxRegularTheMenuTapEndsWhenThePopupIsFirstDrawnAndLaunchesAtTheirFirstPerformDraw() throws Exception {
        Analysis a = analyse("ff-art-trace-regular.trace");

        // Fewer than three inputs: the file holds exactly two input deliveries, both on main (21491), both
        // touches (processPointerEvent): outermost dispatchInputEvent at 4735.505 and 6118.005 (listed with
        // an independent decoder: no other thread enters an input-delivery method). The launches below
        // are its other answers.
        assertThat(inputResponses(a)).extracting(Response::startNs).containsExactly(ms(4735.505), ms(6118.005));
        // (a) deliverInputEvent 4735.505 .. 4745.801 (the up); View$PerformClick runs 8.7 ms later at 4754.514
        // (MenuButton.onClick) and joins it; the click calls PopupWindow.showAsDropDown at 5045.164. The next
        // traversal 5068.551 .. 5133.515 only measured and relaid out (relayoutWindow, no performDraw); the
        // popup's first performDraw is 5153.215 .. 5204.762
        Response menu = startingAt(a, 4735.505);
        assertThat(menu.trigger()).isEqualTo("MenuButton.onClick");
        assertThat(menu.endNs()).isEqualTo(ms(5204.762));
        // (b) deliverInputEvent 6118.005 .. 6124.389, click 6143.830 .. 6170.059 (19.4 ms later) joins it;
        // no request was sampled and no frame follows (the last doFrame starts 5419.026), so it ends
        // with the click at 6170.059
        Response item = startingAt(a, 6118.005);
        assertThat(item.endNs()).isEqualTo(ms(6170.059));
        assertThat(item.finished()).isTrue();
        // 1372 ms apart: two gestures
        assertThat(menu.gesture()).isNotEqualTo(item.gesture());

        // launches. handleLaunchActivity 113.741 .. 153.192: the traversal 246.627 .. 264.582 ran only
        // relayoutWindow; the first performDraw is 392.398 .. 398.136
        assertThat(startingAt(a, 113.741).endNs()).isEqualTo(ms(398.136));
        // HomeActivity, handleLaunchActivity 434.701: View.requestLayout at 762.870; traversal 995.877 ..
        // 1152.808 measured (measureHierarchy) and relaid out, no performDraw; first performDraw
        // 1171.119 .. 1218.733 (65.9 ms after that traversal)
        Response home = startingAt(a, 434.701);
        assertThat(home.trigger()).isEqualTo("org.mozilla.fenix.HomeActivity");
        assertThat(home.endNs()).isEqualTo(ms(1218.733));
    }

    @Test
    void firefoxStreamingTwoTouchesAndAKey() throws Exception {
        Analysis a = analyse("ff-art-trace-streaming.trace");

        // three input deliveries on main (15983): touches at 825.473 and 863.777 (dispatchInputEvent,
        // processPointerEvent), a key at 4795.702 (deliverInputEvent, processKeyEvent)
        assertThat(inputResponses(a)).extracting(Response::startNs)
                .containsExactly(ms(825.473), ms(863.777), ms(4795.702));
        // (a) 825.473 .. 828.017: no request sampled; the first frame after it is doFrame 884.609, whose
        // performTraversals 886.830 .. 891.610 has no sampled performDraw (it stands in for the draw)
        assertThat(startingAt(a, 825.473).endNs()).isEqualTo(ms(891.610));
        // (b) 863.777 .. 865.984 (the up); View$PerformClick at 865.984 (OriginView...onClick) joins it;
        // the same frame (traversal 886.830 .. 891.610) follows → 891.610
        Response up = startingAt(a, 863.777);
        assertThat(up.trigger()).endsWith(".onClick");
        assertThat(up.endNs()).isEqualTo(ms(891.610));
        // both touches 35.8 ms apart: one gesture
        assertThat(up.gesture()).isEqualTo(startingAt(a, 825.473).gesture());
        // (c) the key, deliverInputEvent 4795.702 .. 4811.698 (onKey 4795.702 .. 4809.162): the next doFrame
        // starts 5391.907, more than 500 ms later, so no frame shows it: it ends with its handler
        Response key = startingAt(a, 4795.702);
        assertThat(key.endNs()).isEqualTo(ms(4811.698));
        assertThat(key.end()).isNull();
    }

    /** The view system's input-delivery methods (docs/android-method-rules.md, USER_INPUT of an input event). */
    private static final java.util.regex.Pattern INPUT_DELIVERY = java.util.regex.Pattern.compile(
            "android[./]view[./](InputEventReceiver[./]dispatchInputEvent"
                    + "|ViewRootImpl[./]deliver(Input|Pointer|Key|Trackball|GenericMotion)Event"
                    + "|ViewRoot[./]deliver(Pointer|Key|Trackball)Event)");

    /**
     * Files with fewer than three inputs: none at all. Each reason was read off the raw records with
     * an independent decoder (a plain Python reader of the format written from
     * ../shared/formats/android-trace.md, and dmtracedump for the legacy files): no record of any
     * thread enters an input-delivery method. The test checks the same in the file's own method
     * table (no such method is even defined), then that ura finds no input response.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "amp-legacy.trace | an app start, 287 methods: main (3142) runs handleLaunchActivity 8.741-3058.617 ms and its first frames; no touch",
            "burroak-dmtrace.trace | Dalvik 2015, 3 threads (VM ids 1, 9, 10): main resumes MainActivity (handleResumeActivity 30.002-58.081 ms); no touch",
            "jag-dmtrace.trace | Dalvik 2014, one thread (Thread-106, id 12): a game loop drawing on a Canvas (com.jag.framework AndroidGraphics, Paint, Bitmap, positron Particle); no view system at all",
            "perflib-basic.trace | Dalvik test fixture, one thread (AsyncTask #1): Basic.foo/bar only, 9 records",
            "perflib-basic-api10.trace | Dalvik API 10 fixture, one thread (id 8): startMethodTracing and Basic calls, 10 records",
            "perflib-exception.trace | Dalvik test fixture, one thread (AsyncTask #1): Exceptions.foo/bar/baz with 3 unwinds, 23 records",
            "perflib-mismatched.trace | Dalvik test fixture, one thread (AsyncTask #1): MisMatched calls entered before tracing began, 9 records",
            "perflib-basic-special_char.trace | header-only fixture: its binary part was re-encoded, 0 records",
            "perflib-char_2_bytes.trace | ART, instrumented, 17 threads with records: string and collection work (java.lang.String is the most entered class), conscrypt sockets; no activity launch, no frame, no touch",
            "sentry/api_21_missing_threads.trace | Android 5.0 app start: main (4589) runs handleLaunchActivity 308.804-344.302 ms and two frames; no touch",
            "sentry/blank_method_name.trace | app start of Fenix: main (9866) enters handleLaunchActivity at 118.874 ms; no touch",
            "sentry/clock_dual.trace | Android 10 app start (API 29): handleLaunchActivity 351.124 ms, first performDraw 464.783-524.109 ms; no touch",
            "sentry/data_file_overflow.trace | the buffer filled during the app start: 70 records, all enters (handleLaunchActivity at 414.753 ms); no touch",
            "sentry/method_id_max.trace | clock_dual's calls with one extra method line (id 0xFFFFFFFC); no touch",
            "sentry/methods.trace | clock_dual's calls, two thread names edited; no touch",
            "sentry/minified.trace | an R8-minified app start: handleLaunchActivity 850.050-891.572 ms; no touch",
            "sentry/missing_internal_specto_thread.trace | clock_dual's calls, thread names edited; no touch",
            "sentry/no_methods_no_records.trace | empty *methods and 0 records",
            "sentry/non_ascii_characters_in_method_name.trace | clock_dual's calls, non-ASCII method names; no touch",
            "sentry/thread_id_max.trace | clock_dual's calls plus a thread line '65535 Max id thread'; no touch"})
    void filesWithoutInputDeliveriesHaveNoInputResponses(String rel, String reason) throws Exception {
        Analysis a = analyse(rel);
        for (int m = 0; m < a.trace().methods().size(); m++) {
            var method = a.trace().methods().get(m);
            assertThat(method == null ? "" : method.fullName()).as(reason).doesNotContainPattern(INPUT_DELIVERY);
        }
        assertThat(inputResponses(a)).as(reason).isEmpty();
    }

    /**
     * burroak-dmtrace (Dalvik 2015, instrumented): MainActivity.onCreate starts the tracing, so main's
     * first records are exits of calls entered before it — onCreate (31 µs), performLaunchActivity
     * (29.941 ms), handleLaunchActivity (58.081 ms): the launch runs from main's first record (0.031 ms,
     * where the reader puts the synthetic entry) and handleResumeActivity 30.002 .. 58.081 joins it. Inside onCreate,
     * View.requestLayout at 5.189 ms (under RelativeLayout.requestLayout 5.158) asks for a frame. The
     * only frame, doFrame 68.946 ms, runs performTraversals from 69.312 ms with no performDraw before
     * tracing stops (Debug.stopMethodTracing at 199.939 ms): the trace has no frame (an instrumented
     * trace's traversal without a draw draws nothing), so the launch is unfinished with that reason
     * and ends with its work at 58.081 ms (docs/android-method-rules.md, "Frames, launches and popups").
     */
    @Test
    void burroakTheLaunchRequestedAFrameTheTraceNeverDrew() throws Exception {
        Analysis a = analyse("burroak-dmtrace.trace");
        assertThat(a.responses()).singleElement().satisfies(launch -> {
            assertThat(launch.startNs()).isEqualTo(ms(0.031));
            assertThat(launch.finished()).isFalse();
            assertThat(launch.endNs()).isEqualTo(ms(58.081));
            assertThat(a.describe(launch.index()).unfinishedReason())
                    .isEqualTo("its work requested an update at 5.2 ms, after the trace's last frame (the trace has none)");
        });
    }

    /**
     * sentry api_21_missing_threads (Android 5.0): main (4589) runs handleLaunchActivity 308.804 ..
     * 344.302, its handleResumeActivity adding the window (WindowManagerGlobal.addView 322.726);
     * the next doFrame's performTraversals 344.302 .. 414.841 only gets the surface (relayoutWindow
     * 356.612 .. 391.271, no performDraw); the next, 426.171 .. 484.802, draws (performDraw 426.171 ..
     * 484.802): the launch ends there. amp-legacy: handleLaunchActivity 8.741 .. 3058.617 adds the window
     * (addView 3055.504); doFrame 3076.382's performTraversals relays out the window (relayoutWindow
     * 3076.382 .. 3094.643) and then draws (performDraw 3104.356 .. 3141.624): the launch ends at 3141.624.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"sentry/api_21_missing_threads.trace, 308.804, 484.802", "amp-legacy.trace, 8.741, 3141.624"})
    void launchesWithoutInputsEndAtTheirWindowsFirstPerformDraw(String rel, double startMs, double endMs)
            throws Exception {
        Analysis a = analyse(rel);
        Response launch = startingAt(a, startMs);
        assertThat(launch.endNs()).isEqualTo(ms(endMs));
        assertThat(launch.end().name()).isEqualTo("android.view.ViewRootImpl.performDraw");
    }

    @ParameterizedTest
    @ValueSource(strings = {"perflib-header.trace", "sentry/malformed.trace", "sentry/version_2.trace"})
    void headerOnlyFilesAreErrorsNotEmptyAnswers(String rel) {
        Path p = SharedFiles.require("traces/android/" + rel);
        assertThatThrownBy(() -> TraceFiles.read(p)).isInstanceOf(TraceFormatException.class);
    }

    /** The Sentry API 29 fixture and its variants (same calls; names edited): an app start, no input. */
    @ParameterizedTest
    @ValueSource(strings = {"sentry/clock_dual.trace", "sentry/methods.trace", "sentry/method_id_max.trace",
            "sentry/thread_id_max.trace", "sentry/missing_internal_specto_thread.trace",
            "sentry/non_ascii_characters_in_method_name.trace"})
    void sentryApi29TheLaunchEndsAtItsFirstPerformDraw(String rel) throws Exception {
        Analysis a = analyse(rel);
        // main (29376): LaunchActivityItem → handleLaunchActivity 351.124 .. 428.787; ResumeActivityItem →
        // handleResumeActivity 428.787 .. 440.254 adds the window (WindowManagerGlobal.addView at 428.787)
        // and joins the launch; doFrame 453.670: performTraversals → relayoutWindow 453.670 .. 464.783, then
        // performDraw 464.783 .. 524.109 (the window's first draw)
        assertThat(a.responses()).singleElement().satisfies(launch -> {
            assertThat(launch.startNs()).isEqualTo(ms(351.124));
            assertThat(launch.endNs()).isEqualTo(ms(524.109));
            assertThat(launch.end().name()).isEqualTo("android.view.ViewRootImpl.performDraw");
        });
    }
}
