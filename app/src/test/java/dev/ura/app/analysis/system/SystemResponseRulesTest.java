package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.report.ResponseText;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.BINDER;
import static dev.ura.app.analysis.system.Machine.HOLDER;
import static dev.ura.app.analysis.system.Machine.OTHER;
import static dev.ura.app.analysis.system.Machine.POOL;
import static dev.ura.app.analysis.system.Machine.RENDER;
import static dev.ura.app.analysis.system.Machine.SERVER;
import static dev.ura.app.analysis.system.Machine.SF_APP;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.app.analysis.system.SystemTraces.stretches;
import static dev.ura.app.analysis.system.SystemTraces.thread;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** The rules of docs/system-responses.md §1–§3 one at a time, on small machines timed by hand (µs). */
class SystemResponseRulesTest {
    private static final long OFFSET_NS = 5_000_000_000L;

    /** The MONOTONIC time of {@code us} µs on the trace clock, with the machine's snapshot. */
    private static long mono(long us) {
        return t(us) - OFFSET_NS;
    }

    /**
     * Input 1 (150–300) is handled inside doFrame 10 (100–600), which has no traversal slice: its
     * input stage runs to its end, so frame 10 draws it (DrawFrames 10 until 800, on screen at 850;
     * Choreographer runs input, animation and traversal in one doFrame). Input 2 starts with doFrame
     * 12 (2100), in its input stage too: frame 12 draws it (until 2700, on screen at 2800). The
     * animation's frames 11 and 13 are requested by neither and extend neither.
     */
    @Test
    void inputInsideAFramesInputStageIsDrawnByThatFrameAndAnimationFramesExtendNothing() throws Exception {
        Machine m = new Machine().clock(0, OFFSET_NS).run(APP, 0, 4000, "S")
                .frame(10, 100, 600, 600, 800, 850).frame(11, 1100, 1500, 1500, 1900, 2000)
                .frame(12, 2100, 2400, 2400, 2700, 2800).frame(13, 3100, 3300, 3300, 3500, 3600)
                .slice(APP, 150, 300, "deliverInputEvent src=0x1002 eventTimeNano=" + mono(120) + " id=0x2")
                .slice(APP, 2100, 2200, "deliverInputEvent src=0x1002 id=0x3");
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        Response first = a.responses().get(0);
        assertThat(first.startNs()).isEqualTo(t(120));
        assertThat(first.endNs()).isEqualTo(t(800));
        assertThat(first.end().name()).isEqualTo("DrawFrames 10");
        SystemWork w0 = SystemTraces.work(a, 0);
        assertThat(w0.inputTimeConverted()).isTrue();
        assertThat(w0.vsyncId()).isEqualTo(10);
        assertThat(w0.onScreenAtNs()).isEqualTo(t(850));
        assertThat(stretches(trace, w0)).containsExactly("1000 150-300 TRIGGER");

        Response second = a.responses().get(1);
        assertThat(second.startNs()).isEqualTo(t(2100));
        assertThat(second.endNs()).isEqualTo(t(2700));
        SystemWork w1 = SystemTraces.work(a, 1);
        assertThat(w1.inputTimeConverted()).isFalse();
        assertThat(w1.vsyncId()).isEqualTo(12);
        assertThat(w1.drawThread()).isEqualTo(thread(trace, RENDER));
        assertThat(w1.onScreenAtNs()).isEqualTo(t(2800));
        assertThat(a.warnings()).isEmpty();
    }

    /**
     * Main (input 100–300) wakes the worker at 200. The worker's sleep 400–900 ends by an
     * interrupt (I/O): same work. At 950 it wakes SurfaceFlinger's {@code app} thread (tracked
     * 950–990), whose wakeup of a pool thread at 970 is a vsync wakeup: not followed. The worker's
     * sleep from 1000 is ended by an untracked thread (1500): its stretch ends at 1000, so its
     * wakeup of main at 1550 is not tracked work.
     */
    @Test
    void interruptsContinueUntrackedWakersEndAndVsyncWakeupsAreNotFollowed() throws Exception {
        Machine m = new Machine().run(APP, 0, 300, "S").slice(APP, 100, 300, "deliverInputEvent src=0x1002 id=0x4")
                .wake(APP, WORKER, 200).run(WORKER, 210, 400, "S").irqWake(WORKER, 900).run(WORKER, 910, 1000, "S")
                .wake(WORKER, SF_APP, 950).run(SF_APP, 960, 990, "S").wake(SF_APP, POOL, 970).run(POOL, 980, 1100, "S")
                .run(OTHER, 1400, 1520, "S").wake(OTHER, WORKER, 1500).run(WORKER, 1510, 1600, "S")
                .wake(WORKER, APP, 1550).run(APP, 1560, 1700, "S")
                .frame(20, 1600, 1700, 1700, 1800, -1);
        for (Trace trace : new Trace[] {SystemTraces.perfetto(m.s), SystemTraces.text(m.s)}) {
            Analysis a = Analysis.of(trace);
            assertThat(a.responses()).hasSize(1);
            SystemWork w = SystemTraces.work(a, 0);
            assertThat(stretches(trace, w)).as(trace.source())
                    .containsExactly("1000 100-300 TRIGGER", "1020 200-1000 WAKEUP", "501 950-990 WAKEUP");
            assertThat(a.links()).extracting(l -> l.via()).containsExactly(LinkKind.WAKEUP, LinkKind.WAKEUP);
            Response r = a.responses().get(0);
            assertThat(r.startNs()).isEqualTo(t(100));
            assertThat(r.endNs()).isEqualTo(t(1800));
            assertThat(w.onScreenAtNs()).isEqualTo(-1);
        }
    }

    /** No frame is ever drawn: the response is unfinished and ends where its last stretch ends (700). */
    @Test
    void workThatRequestsNoFrameIsUnfinished() throws Exception {
        Machine m = new Machine().run(APP, 0, 300, "S").slice(APP, 100, 300, "deliverInputEvent id=0x5")
                .wake(APP, WORKER, 200).run(WORKER, 210, 700, "S");
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        Response r = a.responses().get(0);
        assertThat(r.finished()).isFalse();
        assertThat(r.end()).isNull();
        assertThat(r.endNs()).isEqualTo(t(700));
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(stretches(trace, w)).containsExactly("1000 100-300 TRIGGER", "1020 200-700 WAKEUP");
        assertThat(w.vsyncId()).isEqualTo(-1);
        assertThat(w.drawnAtNs()).isEqualTo(-1);
        assertThat(w.onScreenAtNs()).isEqualTo(-1);
        assertThat(w.drawThread()).isEqualTo(thread(trace, WORKER));
        assertThat(a.events().kind(a.work(0).triggerEvent())).isEqualTo(EventKind.USER_INPUT);
        assertThat(a.work(0).endEvent()).isEqualTo(-1);
        // times from the trace's start (APP's first state at 0 µs = 10000.0 ms), as the axis reads: 700 µs
        assertThat(ResponseText.ending(a, r)).isEqualTo(
                "UNFINISHED: its tracked work requested no frame; ends where that work ends at 0.7 ms");
    }

    private static Machine launch(boolean launching) {
        Machine m = new Machine().run(APP, 200, 1500, "S").slice(APP, 200, 250, "PostFork")
                .slice(APP, 250, 290, "ActivityThreadMain").slice(APP, 300, 800, "bindApplication")
                .slice(APP, 850, 900, "activityStart").slice(APP, 900, 1000, "activityResume")
                .frame(1, 1100, 1300, 1300, 1600, 1700).slice(APP, 1400, 1450, "activityResume");
        if (launching) {
            m.async(SERVER, 50, 3000, "launchingActivity#1", 1);
        }
        return m;
    }

    /**
     * A cold launch: bindApplication (300–800) then activityStart and activityResume (until 1000)
     * before the first doFrame (1100; the resume at 1400 comes after it). It starts when
     * system_server's launchingActivity#1 starts (50), else at the process's first slice (PostFork,
     * 200), and ends when frame 1 is drawn (1600).
     */
    @Test
    void launchStartsAtLaunchingActivityElseAtTheProcessFirstSlice() throws Exception {
        Trace trace = SystemTraces.perfetto(launch(true).s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.trigger()).isEqualTo("bindApplication com.example.feed");
        assertThat(r.startNs()).isEqualTo(t(50));
        assertThat(r.endNs()).isEqualTo(t(1600));
        assertThat(a.events().kind(a.work(0).triggerEvent())).isEqualTo(EventKind.START_ACTIVITY);
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(stretches(trace, w)).containsExactly("1000 300-1000 TRIGGER");
        assertThat(w.onScreenAtNs()).isEqualTo(t(1700));
        assertThat(w.inputTimeConverted()).isFalse();

        Analysis without = Analysis.of(SystemTraces.text(launch(false).s));
        assertThat(without.responses().get(0).startNs()).isEqualTo(t(200));
        assertThat(without.responses().get(0).endNs()).isEqualTo(t(1600));
    }

    /**
     * An eventTimeNano after its slice's start (input at 100, event time 500) or more than 1 s
     * before it is not the input's time: the slice's start is, with a warning naming the slice.
     */
    @Test
    void implausibleEventTimesFallBackToTheSliceWithAWarning() throws Exception {
        String late = "deliverInputEvent eventTimeNano=" + mono(500) + " id=0x6";
        String early = "deliverInputEvent eventTimeNano=" + (mono(2000) - 1_000_000_001L) + " id=0x7";
        String justInTime = "deliverInputEvent eventTimeNano=" + (mono(4000) - 1_000_000_000L) + " id=0x8";
        Machine m = new Machine().clock(0, OFFSET_NS).run(APP, 0, 5000, "S").slice(APP, 100, 300, late)
                .slice(APP, 2000, 2300, early).slice(APP, 4000, 4300, justInTime);
        Analysis a = Analysis.of(SystemTraces.perfetto(m.s));
        assertThat(a.responses()).extracting(Response::startNs)
                .containsExactly(t(4000) - 1_000_000_000L, t(100), t(2000));
        assertThat(a.responses()).extracting(Response::trigger).containsExactly(justInTime, late, early);
        assertThat(a.warnings()).hasSize(2);
        assertThat(a.warnings().get(0)).contains(late).contains("after the slice starts");
        assertThat(a.warnings().get(1)).contains(early).contains("more than 1 s before");
    }

    /**
     * Main's sync binder call (sent 200, received 250) tracks the binder thread until the reply
     * (700), through its sleep on a lock (300–590) that an untracked thread ends. The holder is
     * not tracked; the reply's wakeup of main (700) finds main already tracked (its trigger).
     */
    @Test
    void aSyncBinderCallIsTrackedUntilTheReplyWhateverTheReceiverWaitsFor() throws Exception {
        Machine m = new Machine().run(APP, 0, 200, "S").slice(APP, 100, 900, "deliverInputEvent id=0x9")
                .binderCall(APP, BINDER, 5, 200, 250).run(BINDER, 250, 300, "S")
                .run(HOLDER, 0, 600, "S").wake(HOLDER, BINDER, 590).run(BINDER, 600, 710, "S")
                .binderReply(BINDER, APP, 6, 700, 720).wake(BINDER, APP, 700).run(APP, 720, 900, "S")
                .frame(30, 1000, 1100, 1100, 1200, -1);
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(stretches(trace, w)).containsExactly("1000 100-900 TRIGGER", "610 250-700 BINDER");
        assertThat(a.links()).hasSize(1);
        assertThat(a.links().get(0).via()).isEqualTo(LinkKind.BINDER);
        assertThat(a.events().start(a.links().get(0).sendEvent())).isEqualTo(t(200));
        assertThat(a.events().thread(a.links().get(0).dispatchEvent())).isEqualTo(thread(trace, BINDER));
        assertThat(a.events().start(a.links().get(0).dispatchEvent())).isEqualTo(t(250));
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(1200));
    }

    /**
     * No RenderThread draw: doFrame 49 (150–180, inside the input's slice: a busy looper) only ran
     * its input stage and drew nothing, so it never ends a response; doFrame 50 (400–700) traverses
     * (420–690) and draws on the main thread ({@code draw} 450–650, as before RenderThread): drawn at
     * is the end of that {@code draw}.
     */
    @Test
    void aFrameWithoutRenderThreadEndsAtItsDrawAndOneThatDrewNothingNever() throws Exception {
        Machine m = new Machine().run(APP, 0, 800, "S").slice(APP, 100, 300, "deliverInputEvent id=0xb")
                .slice(APP, 150, 180, "Choreographer#doFrame 49").slice(APP, 155, 175, "input")
                .slice(APP, 400, 700, "Choreographer#doFrame 50").slice(APP, 420, 690, "traversal")
                .slice(APP, 450, 650, "draw");
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        Response r = a.responses().get(0);
        assertThat(r.endNs()).isEqualTo(t(650));
        assertThat(r.end().thread()).isEqualTo(thread(trace, APP));
        assertThat(r.end().name()).isEqualTo("draw");
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(w.drawThread()).isEqualTo(thread(trace, APP));
        assertThat(w.vsyncId()).isEqualTo(50);
        assertThat(a.warnings()).isEmpty();
    }

    /** A trace with slices but no scheduler data: the trigger alone requests the next doFrame. */
    @Test
    void slicesWithoutSchedulerDataStillGiveResponses() throws Exception {
        Machine m = new Machine().slice(APP, 100, 300, "deliverInputEvent id=0xc").frame(60, 500, 600, 600, 900, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).startNs()).isEqualTo(t(100));
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(900));
        assertThat(stretches(trace, SystemTraces.work(a, 0))).containsExactly("1000 100-300 TRIGGER");
    }

    /**
     * SurfaceFlinger's {@code app} thread is tracked (main woke it at 150, until it sleeps at 400),
     * but its wakeup of the worker at 350 is a vsync wakeup: it ends the worker's stretch at the
     * sleep (250) instead of continuing it, and opens nothing.
     */
    @Test
    void aVsyncWakeupNeverContinuesAStretch() throws Exception {
        Machine m = new Machine().run(APP, 0, 300, "S").slice(APP, 100, 300, "deliverInputEvent id=0xd")
                .wake(APP, SF_APP, 150).run(SF_APP, 160, 400, "S").wake(APP, WORKER, 200)
                .run(WORKER, 210, 250, "S").wake(SF_APP, WORKER, 350).run(WORKER, 360, 500, "S");
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(stretches(trace, SystemTraces.work(a, 0)))
                .containsExactly("1000 100-300 TRIGGER", "501 150-400 WAKEUP", "1020 200-250 WAKEUP");
    }

    /**
     * Found to a fixpoint: the worker's sleep (200–600) is ended by the pool thread, which is tracked
     * only through another branch found later (main wakes RenderThread at 250, which wakes the pool
     * thread at 270). So the worker's stretch goes on until its sleep at 700.
     */
    @Test
    void aSleepEndedByAThreadTrackedThroughAnotherBranchContinues() throws Exception {
        Machine m = new Machine().run(APP, 0, 300, "S").slice(APP, 100, 300, "deliverInputEvent id=0xe")
                .wake(APP, WORKER, 120).run(WORKER, 130, 200, "S")
                .wake(APP, RENDER, 250).run(RENDER, 260, 280, "S").wake(RENDER, POOL, 270)
                .run(POOL, 280, 650, "S").wake(POOL, WORKER, 600).run(WORKER, 610, 700, "S");
        Trace trace = SystemTraces.perfetto(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(stretches(trace, SystemTraces.work(a, 0))).containsExactly("1000 100-300 TRIGGER",
                "1020 120-700 WAKEUP", "1010 250-280 WAKEUP", "1030 270-650 WAKEUP");
    }
}
