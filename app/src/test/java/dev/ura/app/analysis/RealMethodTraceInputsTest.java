package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Response;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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

        // two input deliveries on main (21491), both touches (processPointerEvent)
        assertThat(inputResponses(a)).hasSize(2);
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

    /**
     * Files with no input delivery at all: no {@code InputEventReceiver.dispatchInputEvent},
     * {@code ViewRootImpl.deliver*Event}, {@code ViewRoot.deliver*Event} in any thread (checked by
     * listing every call name): app starts (amp-legacy, the sentry fixtures), a Dalvik game loop
     * (jag-dmtrace), an AsyncTask thread alone (perflib-basic*), a 2015 app start (burroak), an
     * instrumented recording without touches (perflib-char_2_bytes).
     */
    @ParameterizedTest
    @ValueSource(strings = {"amp-legacy.trace", "burroak-dmtrace.trace", "jag-dmtrace.trace", "perflib-basic.trace",
            "perflib-basic-api10.trace", "perflib-exception.trace", "perflib-mismatched.trace",
            "perflib-basic-special_char.trace", "perflib-char_2_bytes.trace", "sentry/api_21_missing_threads.trace",
            "sentry/blank_method_name.trace", "sentry/clock_dual.trace", "sentry/data_file_overflow.trace",
            "sentry/method_id_max.trace", "sentry/methods.trace", "sentry/minified.trace",
            "sentry/missing_internal_specto_thread.trace", "sentry/no_methods_no_records.trace",
            "sentry/non_ascii_characters_in_method_name.trace", "sentry/thread_id_max.trace"})
    void filesWithoutInputDeliveriesHaveNoInputResponses(String rel) throws Exception {
        assertThat(inputResponses(analyse(rel))).isEmpty();
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
