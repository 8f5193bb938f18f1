package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.report.ResponseText;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.SystemTraces.stretches;
import static dev.ura.app.analysis.system.SystemTraces.thread;
import static dev.ura.trace.testing.SystemScenarios.APP;
import static dev.ura.trace.testing.SystemScenarios.RENDER;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SystemScenarios#tap()} worked out by hand from docs/system-responses.md.
 *
 * <p>Start: eventTimeNano 7 999 900 000 is before the only snapshot (MONOTONIC 8 000 000 000 =
 * BOOTTIME base), so that snapshot converts it: base + (7 999 900 000 − 8 000 000 000) = base −
 * 100 µs, 200 µs before the slice (100 µs): plausible. Stretches: the trigger (main 100–400); main
 * wakes the worker at 300, which runs until its sleep at 1610 that nobody ends (its sleep 420–710
 * is ended by the binder thread, tracked since the worker woke it at 400; its D sleep never ends a
 * stretch); the binder thread 400–720 (then sleeps for good); the worker wakes main at 1600 (main
 * until its untracked sleep at 2000); main wakes RenderThread at 1800 (until 2600) and the Jit
 * thread at 1950 (until 2100). Both main stretches request doFrame 42 (1700), drawn by DrawFrames
 * 42 until 2500 and presented at 3000.
 */
class TapResponseTest {

    @Test
    void protobufTapKnownAnswers() throws Exception {
        Trace trace = SystemTraces.perfetto(SystemScenarios.tap());
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.trigger()).isEqualTo("deliverInputEvent src=0x1002 eventTimeNano=7999900000 id=0x1");
        assertThat(r.thread()).isEqualTo(thread(trace, APP));
        assertThat(r.startNs()).isEqualTo(t(-100));
        assertThat(r.endNs()).isEqualTo(t(2500));
        assertThat(r.durationNs()).isEqualTo(2_600_000);
        assertThat(r.finished()).isTrue();
        assertThat(r.end().thread()).isEqualTo(thread(trace, RENDER));
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW_FRAME);
        assertThat(r.end().name()).isEqualTo("DrawFrames 42");
        assertThat(r.end().atNs()).isEqualTo(t(2500));

        SystemWork w = SystemTraces.work(a, 0);
        assertThat(w.inputTimeConverted()).isTrue();
        assertThat(w.vsyncId()).isEqualTo(42);
        assertThat(w.drawThread()).isEqualTo(thread(trace, RENDER));
        assertThat(w.drawnAtNs()).isEqualTo(t(2500));
        assertThat(w.onScreenAtNs()).isEqualTo(t(3000));
        assertThat(stretches(trace, w)).containsExactly(
                "1000 100-400 TRIGGER", "1020 300-1610 WAKEUP", "610 400-720 WAKEUP", "1000 1600-2000 WAKEUP",
                "1010 1800-2600 WAKEUP", "1040 1950-2100 WAKEUP");
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void theEventTableShowsTheTriggerTheHandOffsAndTheDraw() throws Exception {
        Trace trace = SystemTraces.perfetto(SystemScenarios.tap());
        Analysis a = Analysis.of(trace);
        var work = a.work(0);
        var ev = a.events();
        assertThat(ev.kind(work.triggerEvent())).isEqualTo(EventKind.USER_INPUT);
        assertThat(ev.start(work.triggerEvent())).isEqualTo(t(100));
        assertThat(ev.end(work.triggerEvent())).isEqualTo(t(400));
        assertThat(ev.kind(work.endEvent())).isEqualTo(EventKind.DRAW_FRAME);
        assertThat(ev.thread(work.endEvent())).isEqualTo(thread(trace, RENDER));
        assertThat(ev.start(work.endEvent())).isEqualTo(t(1830));
        assertThat(ev.end(work.endEvent())).isEqualTo(t(2500));
        // Five wakeups opened stretches: main→worker, worker→binder, worker→main, main→RenderThread, main→Jit.
        assertThat(a.links()).hasSize(5).allSatisfy(l -> assertThat(l.via()).isEqualTo(LinkKind.WAKEUP));
        assertThat(a.links().stream().map(l -> SystemTraces.us(ev.start(l.sendEvent())) + "->"
                + trace.system().threads().get(ev.thread(l.dispatchEvent())).tid()).toList())
                .containsExactly("300->1020", "400->610", "1600->1000", "1800->1010", "1950->1040");
        for (Link l : a.links()) {
            assertThat(ev.kind(l.sendEvent())).isEqualTo(EventKind.SEND_MSG);
            assertThat(ev.kind(l.dispatchEvent())).isEqualTo(EventKind.DISPATCH_MSG);
            assertThat(work.tracked().get(l.sendEvent())).isTrue();
        }
        assertThat(ev.size()).isEqualTo(12);
        for (int i = 1; i < ev.size(); i++) {
            assertThat(ev.start(i)).isGreaterThanOrEqualTo(ev.start(i - 1));
        }
    }

    /** The response panel's tooltip, export headers and reports say when the frame was drawn and shown. */
    @Test
    void theEndingTextGivesDrawnAtAndOnScreenAt() throws Exception {
        Trace trace = SystemTraces.perfetto(SystemScenarios.tap());
        Analysis a = Analysis.of(trace);
        // from the trace's start at 10000.0 ms (the scenario's time 0), as the timeline's axis reads
        assertThat(ResponseText.ending(a, a.responses().get(0))).isEqualTo("drawn at 2.5 ms (DrawFrames 42 on "
                + "RenderThread), on screen at 3.0 ms: frame 42, the last one its tracked work requested");
    }

    @Test
    void textTapHasNoSnapshotSoTheInputStartsAtTheSliceAndNothingIsOnScreen() throws Exception {
        Trace trace = SystemTraces.text(SystemScenarios.tap());
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.startNs()).isEqualTo(t(100));
        assertThat(r.endNs()).isEqualTo(t(2500));
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(w.inputTimeConverted()).isFalse();
        assertThat(w.onScreenAtNs()).isEqualTo(-1);
        assertThat(w.vsyncId()).isEqualTo(42);
        assertThat(stretches(trace, w)).containsExactly(
                "1000 100-400 TRIGGER", "1020 300-1610 WAKEUP", "610 400-720 WAKEUP", "1000 1600-2000 WAKEUP",
                "1010 1800-2600 WAKEUP", "1040 1950-2100 WAKEUP");
    }
}
