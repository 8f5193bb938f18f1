package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.BINDER;
import static dev.ura.app.analysis.system.Machine.RENDER;
import static dev.ura.app.analysis.system.Machine.SF_APP;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/system-responses.md §3, "No vsync came": a doFrame that starts after the UI thread's looper went
 * idle for longer than a display period after an input is not that input's frame (the shape of
 * systemui's two touches on the 2019 Android 10 Flutter capture, drawn "1.7 s later" by the status
 * bar's next update). Times in µs, worked out by hand.
 */
class IdleLooperFrameTest {
    private static final String NONE = "its handling requested no frame: the UI thread drew nothing within a frame of it";

    /**
     * Input 1 (100–200, outside any doFrame): main falls asleep at 300 and stays asleep until FeedWorker
     * (its own process) posts to it at 100000, 99.7 ms later — past 300 + 50 ms, so no vsync was pending;
     * the traversal it then schedules runs in doFrame 1 (116010–116500, DrawFrames until 117000): a later
     * cause's. Unfinished, ending with its trigger (200).
     *
     * <p>Input 2 (200050–200150): main sleeps from 200300 until the vsync thread wakes it at 209990, 9.8
     * ms later, and doFrame 2 (210010) draws (DrawFrames until 211000): drawn at 211000.
     *
     * <p>Input 3 (300050–300150): main then calls system_server (binder 300200) and sleeps 300300–380000
     * until the reply; a sleep another process ends is a call waiting for its reply, not an idle looper (a
     * vsync asked for meanwhile waits for it), so doFrame 3 (380010, DrawFrames until 381000), 79.9 ms
     * later, is still the input's: drawn at 381000.
     */
    /**
     * Input 4 (400050–400150): main stays busy (running) until 470000, 69.9 ms, then sleeps 470000–480000
     * without a doFrame, until FeedWorker posts to it; a vsync then wakes it (495990) for doFrame 4
     * (496010, DrawFrames until 497000). A vsync the input asked for would have reached the looper by
     * 450150 and its doFrame would have run at 470000, before the looper slept: nothing was pending, so
     * unfinished, ending with its trigger (400150). Input 5 (600050–600150), the same busy stretch until
     * 670000 but then the doFrame (670010, DrawFrames until 671000) before any sleep: a busy looper shows
     * nothing, drawn at 671000, 70.9 ms after it.
     */
    @Test
    void aLooperThatSleepsAfterBeingBusyHadNoVsyncPending() throws Exception {
        Machine m = new Machine()
                .run(APP, 400000, 470000, "S").slice(APP, 400050, 400150, "deliverInputEvent id=0x4")
                .run(WORKER, 479000, 480000, "S").wake(WORKER, APP, 479990)
                .run(APP, 480000, 480300, "S")
                .run(SF_APP, 495900, 496000, "S").wake(SF_APP, APP, 495990)
                .run(APP, 496000, 496600, "S").wake(APP, RENDER, 496490).run(RENDER, 496500, 497100, "S")
                .frame(4, 496010, 496500, 496510, 497000, -1)
                .run(APP, 600000, 670600, "S").slice(APP, 600050, 600150, "deliverInputEvent id=0x5")
                .wake(APP, RENDER, 670490).run(RENDER, 670500, 671100, "S")
                .frame(5, 670010, 670500, 670510, 671000, -1);
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(2);
        Response slept = a.responses().get(0);
        assertThat(slept.finished()).isFalse();
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(NONE);
        assertThat(slept.endNs()).isEqualTo(t(400150));
        Response busy = a.responses().get(1);
        assertThat(busy.finished()).isTrue();
        assertThat(busy.endNs()).isEqualTo(t(671000));
    }

    /**
     * A post-back without a wakeup (§3): the input (100–200) wakes FeedWorker at 150, which works until
     * 20000 and sleeps for good; main, woken by a timer at 18990, is running then (19000–20500), so the
     * worker's result is taken to be posted to it. Main then sleeps 20500–89990 until the vsync, 69.5 ms
     * (the trigger's own sleep 300–18990 ends within 50 ms of it: no sign there): a vsync asked for by
     * what was posted would have woken it by 70000, so the doFrame at 90010 (DrawFrames until 91000) is a
     * later cause's — unfinished, ending with the worker (20000). With the vsync at 29990 instead, the
     * doFrame at 30010 (DrawFrames until 31000) draws it.
     */
    @Test
    void aPostBackAfterWhichTheLooperIdledAskedForNoFrame() throws Exception {
        for (long vsync : new long[] {89990, 29990}) {
            Machine m = new Machine()
                    .run(APP, 50, 300, "S").slice(APP, 100, 200, "deliverInputEvent id=0x6")
                    .wake(APP, WORKER, 150).run(WORKER, 160, 20000, "S")
                    .irqWake(APP, 18990).run(APP, 19000, 20500, "S")
                    .run(SF_APP, vsync - 100, vsync + 10, "S").wake(SF_APP, APP, vsync)
                    .run(APP, vsync + 10, vsync + 700, "S").wake(APP, RENDER, vsync + 500)
                    .run(RENDER, vsync + 510, vsync + 1100, "S")
                    .frame(6, vsync + 20, vsync + 500, vsync + 520, vsync + 1010, -1);
            Analysis a = Analysis.of(SystemTraces.text(m.s));
            assertThat(a.responses()).hasSize(1);
            Response r = a.responses().get(0);
            if (vsync == 89990) {
                assertThat(r.finished()).isFalse();
                assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(NONE);
                assertThat(r.endNs()).isEqualTo(t(20000));
            } else {
                assertThat(r.finished()).isTrue();
                assertThat(r.endNs()).isEqualTo(t(31000));
            }
        }
    }

    @Test
    void aFrameAfterTheLooperIdledPastADisplayPeriodIsALaterCauses() throws Exception {
        Machine m = new Machine()
                .run(APP, 50, 300, "S").slice(APP, 100, 200, "deliverInputEvent id=0x1")
                .run(WORKER, 99000, 100000, "S").wake(WORKER, APP, 99990)
                .run(APP, 100000, 100300, "S")
                .run(SF_APP, 115900, 116000, "S").wake(SF_APP, APP, 115990)
                .run(APP, 116000, 116600, "S").wake(APP, RENDER, 116490).run(RENDER, 116500, 117100, "S")
                .frame(1, 116010, 116500, 116510, 117000, -1)
                .run(APP, 200000, 200300, "S").slice(APP, 200050, 200150, "deliverInputEvent id=0x2")
                .run(SF_APP, 209900, 210000, "S").wake(SF_APP, APP, 209990)
                .run(APP, 210000, 210600, "S").wake(APP, RENDER, 210490).run(RENDER, 210500, 211100, "S")
                .frame(2, 210010, 210500, 210510, 211000, -1)
                .run(APP, 300000, 300300, "S").slice(APP, 300050, 300150, "deliverInputEvent id=0x3")
                .binderCall(APP, BINDER, 7, 300200, 300250).run(BINDER, 300250, 380000, "S")
                .binderReply(BINDER, APP, 8, 379900, 380000).wake(BINDER, APP, 379950)
                .run(APP, 380000, 380600, "S").wake(APP, RENDER, 380490).run(RENDER, 380500, 381100, "S")
                .frame(3, 380010, 380500, 380510, 381000, -1);
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(3);
        Response idle = a.responses().get(0);
        assertThat(idle.startNs()).isEqualTo(t(100));
        assertThat(idle.finished()).isFalse();
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(NONE);
        assertThat(idle.endNs()).isEqualTo(t(200));
        Response vsync = a.responses().get(1);
        assertThat(vsync.finished()).isTrue();
        assertThat(vsync.endNs()).isEqualTo(t(211000));
        Response call = a.responses().get(2);
        assertThat(call.finished()).isTrue();
        assertThat(call.endNs()).isEqualTo(t(381000));
    }
}
