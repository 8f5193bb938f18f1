package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.POOL;
import static dev.ura.app.analysis.system.Machine.RENDER;
import static dev.ura.app.analysis.system.Machine.SERVER;
import static dev.ura.app.analysis.system.Machine.SF;
import static dev.ura.app.analysis.system.Machine.SF_APP;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.app.analysis.system.SystemTraces.thread;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The input and frame rules of docs/system-responses.md §1 and §3 that real devices need (UI
 * thread, async inputs, input stage, frames that drew nothing, before RenderThread, post-backs), one
 * at a time on small machines timed by hand (µs).
 */
class SystemFrameRulesTest {

    /**
     * Android 10 and later write both forms: the async {@code deliverInputEvent} (S 100 – F 400)
     * contains the sync slice (150–300), one event: one response, named after the sync slice. Android
     * 9 writes only the async form (S 1000 – F 1100): an input of the process's UI thread (main),
     * starting at the S. Frame 10 (doFrame 500–600, DrawFrames 600–700) draws the first; frame 20
     * (1200–1300, 1300–1400) the second.
     */
    @Test
    void asyncDeliverInputEventIsAnInputOnceWhenBothFormsAreWritten() throws Exception {
        Machine m = new Machine().async(APP, 100, 400, "deliverInputEvent", 5)
                .slice(APP, 150, 300, "deliverInputEvent src=0x1002 id=0x5")
                .async(APP, 1000, 1100, "deliverInputEvent", 6)
                .frame(10, 500, 600, 600, 700, -1).frame(20, 1200, 1300, 1300, 1400, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        Response sync = a.responses().get(0);
        assertThat(sync.trigger()).isEqualTo("deliverInputEvent src=0x1002 id=0x5");
        assertThat(sync.startNs()).isEqualTo(t(150));
        assertThat(sync.endNs()).isEqualTo(t(700));
        Response async = a.responses().get(1);
        assertThat(async.trigger()).isEqualTo("deliverInputEvent");
        assertThat(async.thread()).isEqualTo(thread(trace, APP));
        assertThat(async.startNs()).isEqualTo(t(1000));
        assertThat(async.endNs()).isEqualTo(t(1400));
        assertThat(SystemTraces.work(a, 1).vsyncId()).isEqualTo(20);
    }

    /**
     * The UI thread is the thread that runs the frames, whatever its id: here {@code pool-1-thread-1}
     * (tid 1030 in process 1000) runs doFrame 7 (300–500) and the input (100–200), including the
     * async form it writes (S 900 – F 950, drawn by frame 8: 1000–1100, DrawFrames 1100–1250).
     */
    @Test
    void theUiThreadIsTheThreadThatRunsFramesNotTheProcessMainThread() throws Exception {
        Machine m = new Machine().slice(POOL, 100, 200, "deliverInputEvent id=0x1")
                .slice(POOL, 300, 500, "Choreographer#doFrame 7").slice(RENDER, 500, 600, "DrawFrames 7")
                .async(POOL, 900, 950, "deliverInputEvent", 9)
                .slice(POOL, 1000, 1100, "Choreographer#doFrame 8").slice(RENDER, 1100, 1250, "DrawFrames 8");
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(600));
        assertThat(SystemTraces.work(a, 0).drawThread()).isEqualTo(thread(trace, RENDER));
        assertThat(a.responses().get(1).thread()).isEqualTo(thread(trace, POOL));
        assertThat(a.responses().get(1).endNs()).isEqualTo(t(1250));
    }

    /**
     * doFrame 30 (100–600) runs its input stage (110–200, the input 120–180) and then its traversal
     * (300–550): the input is drawn by frame 30 itself (DrawFrames 30 until 700), not one frame late
     * by frame 31. doFrame 40 (2000–2100) handled an input (2010–2050) but drew nothing (no
     * traversal, no DrawFrame): a traversal asked for in its input stage would have run in its own
     * traversal stage, so the input asked for no frame — unfinished, not "drawn" by frame 41
     * (2500–2600, DrawFrames until 2750), which is a later cause's.
     */
    @Test
    void inputStageInputIsDrawnByItsOwnFrameAndAFrameThatDrewNothingNeverEndsOne() throws Exception {
        Machine m = new Machine().slice(APP, 100, 600, "Choreographer#doFrame 30").slice(APP, 110, 200, "input")
                .slice(APP, 120, 180, "deliverInputEvent id=0x30").slice(APP, 300, 550, "traversal")
                .slice(RENDER, 600, 700, "DrawFrames 30").frame(31, 1000, 1100, 1100, 1200, -1)
                .slice(APP, 2000, 2100, "Choreographer#doFrame 40").slice(APP, 2005, 2060, "input")
                .slice(APP, 2010, 2050, "deliverInputEvent id=0x40").frame(41, 2500, 2600, 2600, 2750, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(700));
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(30);
        assertThat(a.responses().get(1).finished()).isFalse();
        assertThat(SystemTraces.work(a, 1).unfinishedReason())
                .isEqualTo("its handling requested no frame: the UI thread drew nothing within a frame of it");
        assertThat(a.responses().get(1).endNs()).isEqualTo(t(2050)); // the end of its last tracked stretch
    }

    /**
     * Android 10 shape (a list touched and then scrolled; the Tencent Matrix sample on a 2019 phone):
     * the down (async S 100 – F 400) is delivered from the looper, outside any doFrame; the next
     * doFrame (1000–1200: input stage with the first move 1050–1100, an empty traversal 1150–1160)
     * draws nothing, so neither the down nor that move asked for a frame: both unfinished. The next
     * move (2050–2100, input stage of doFrame 2000–2400) asks for a traversal, which draws
     * (2200–2300, DrawFrames 2400–2600): drawn at 2600. A busy looper is the exception: work that
     * runs on while a doFrame starts (3000–3500, doFrame 3100–3200 inside it) is judged as before,
     * by the first drawing frame (doFrame 3600–3700, DrawFrames until 3800).
     */
    @Test
    void theDoFrameThatWouldDrawWhatWorkAskedForDrewNothingSoItAskedForNone() throws Exception {
        Machine m = new Machine().async(APP, 100, 400, "deliverInputEvent", 1)
                .slice(APP, 1000, 1200, "Choreographer#doFrame").slice(APP, 1010, 1120, "input")
                .async(APP, 1050, 1100, "deliverInputEvent", 2).slice(APP, 1150, 1160, "traversal")
                .slice(APP, 2000, 2400, "Choreographer#doFrame").slice(APP, 2010, 2120, "input")
                .async(APP, 2050, 2100, "deliverInputEvent", 3).slice(APP, 2150, 2350, "traversal")
                .slice(APP, 2200, 2300, "draw").slice(RENDER, 2400, 2600, "DrawFrame")
                .slice(APP, 3000, 3500, "deliverInputEvent id=0x4")
                .slice(APP, 3100, 3200, "Choreographer#doFrame").slice(APP, 3600, 3700, "Choreographer#doFrame")
                .slice(APP, 3610, 3690, "draw").slice(RENDER, 3700, 3800, "DrawFrame");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(4);
        String none = "its handling requested no frame: the UI thread drew nothing within a frame of it";
        assertThat(a.responses().get(0).finished()).isFalse();
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(none);
        assertThat(a.responses().get(1).finished()).isFalse();
        assertThat(SystemTraces.work(a, 1).unfinishedReason()).isEqualTo(none);
        assertThat(a.responses().get(2).endNs()).isEqualTo(t(2600));
        assertThat(a.responses().get(3).endNs()).isEqualTo(t(3800));
    }

    /**
     * Before RenderThread (Android ≤ 4.4, no doFrame traced) the UI thread draws: the first
     * {@code performTraversals} (300–400) only measured, so it drew nothing; the second (500–900)
     * draws, and its {@code eglSwapBuffers} (800–870) ends the response.
     */
    @Test
    void beforeRenderThreadTheUiThreadDrawsAndTheSwapEndsTheResponse() throws Exception {
        Machine m = new Machine().slice(APP, 100, 200, "deliverInputEvent")
                .slice(APP, 300, 400, "performTraversals").slice(APP, 310, 390, "measure")
                .slice(APP, 500, 900, "performTraversals").slice(APP, 520, 880, "draw")
                .slice(APP, 800, 870, "eglSwapBuffers");
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(t(870));
        assertThat(r.end().name()).isEqualTo("eglSwapBuffers");
        assertThat(r.end().thread()).isEqualTo(thread(trace, APP));
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(-1);
    }

    /**
     * Android 4.1–4.3: the doFrame is not traced, but EventThread's wakeup of the UI thread starts one
     * and the looper's next idle sleep ends it (§3). Input 1 (1010–1100) runs in the doFrame woken at
     * 990, which sleeps at 1300 with no traversal (until EventThread's next wakeup, 16990): it asked
     * for no frame, so the traversal of the next doFrame (17200–17900, swap 17700–17800) is input 2's
     * (17010–17100, same doFrame), not input 1's. Input 3 (20010–20100) runs outside a doFrame (the
     * input system woke the thread at 19990); the next vsync's doFrame (32990) runs the traversal it
     * asked for (33100–33900, swap 33500–33800) before sleeping.
     */
    @Test
    void android4DoFrameThatWentIdleWithoutATraversalShowsItsInputAskedForNone() throws Exception {
        long events = 502;
        long dispatcher = 605;
        Machine m = new Machine().thread(events, SF, "EventThread").thread(dispatcher, SERVER, "InputDispatcher")
                .run(APP, 500, 600, "S")
                .wake(events, APP, 990).run(APP, 1000, 1300, "S").slice(APP, 1010, 1100, "deliverInputEvent")
                .wake(events, APP, 16990).run(APP, 17000, 18000, "S").slice(APP, 17010, 17100, "deliverInputEvent")
                .slice(APP, 17200, 17900, "performTraversals").slice(APP, 17300, 17850, "draw")
                .slice(APP, 17700, 17800, "eglSwapBuffers")
                .wake(dispatcher, APP, 19990).run(APP, 20000, 20200, "S").slice(APP, 20010, 20100, "deliverInputEvent")
                .wake(events, APP, 32990).run(APP, 33000, 34000, "S")
                .slice(APP, 33100, 33900, "performTraversals").slice(APP, 33200, 33850, "draw")
                .slice(APP, 33500, 33800, "eglSwapBuffers");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(3);
        Response first = a.responses().get(0);
        assertThat(first.finished()).isFalse();
        assertThat(SystemTraces.work(a, 0).unfinishedReason())
                .isEqualTo("its handling requested no frame: the UI thread drew nothing within a frame of it");
        assertThat(a.responses().get(1).endNs()).isEqualTo(t(17800));
        assertThat(a.responses().get(2).endNs()).isEqualTo(t(33800));
    }

    /**
     * The input (100–200) wakes the worker at 150; the worker runs until 1500 and wakes main at
     * 1490, after main's last frame (doFrame 20, 500–600): the frame that would draw the post-back is
     * not in the trace. Unfinished, with that reason, ending with main's stretch (1500 until it
     * sleeps at 1600 with no recorded wakeup).
     */
    @Test
    void workThatPostsBackAfterTheLastFrameIsUnfinishedWithThatReason() throws Exception {
        Machine m = new Machine().run(APP, 50, 200, "S").slice(APP, 100, 200, "deliverInputEvent id=0x2")
                .wake(APP, WORKER, 150).run(WORKER, 160, 1495, "S").wake(WORKER, APP, 1490)
                .run(APP, 1500, 1600, "S").frame(20, 500, 600, 600, 700, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        Response r = a.responses().get(0);
        assertThat(r.finished()).isFalse();
        assertThat(r.endNs()).isEqualTo(t(1600));
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(w.unfinishedReason()).isEqualTo(
                "its work posts back to the UI thread after the last frame of the trace");
        assertThat(w.drawnAtNs()).isEqualTo(-1);
    }

    /**
     * A post-back that needs no wakeup: the input (100–200) wakes the worker at 150, which works
     * until it sleeps for good at 600 — its last act is to post its result. Main is running then
     * (woken by vsync at 500, running 500–1500, doFrame 20 500–700), so the message needed no
     * wakeup and is taken after frame 20: frame 21 (doFrame 900–1000, DrawFrames 1000–1100) draws
     * it. The trigger alone would end at frame 20 (DrawFrames until 800).
     */
    @Test
    void aPostBackToAnAwakeUiThreadIsDrawnByItsNextFrame() throws Exception {
        Machine m = new Machine().run(APP, 50, 200, "S").slice(APP, 100, 200, "deliverInputEvent id=0x3")
                .wake(APP, WORKER, 150).run(WORKER, 160, 600, "S").run(SF_APP, 490, 510, "S")
                .wake(SF_APP, APP, 495).run(APP, 500, 1500, "S")
                .frame(20, 500, 700, 700, 800, -1).frame(21, 900, 1000, 1000, 1100, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        Response r = a.responses().get(0);
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(t(1100));
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(21);
    }

    /**
     * An Android 10 scroll (Tencent Matrix sample, input 657 at 1229151.671615): the move in doFrame
     * 20's input stage (100–200 in 100–400; traversal 250–350, DrawFrame 400–500) wakes the runtime's
     * JIT compiler ({@code Jit thread pool}, a thread of the app's process) at 150 to compile a hot
     * method; it compiles until 700, while the UI thread runs (woken by vsync at 95, busy until 900).
     * The JIT never posts to the app's looper: no post-back, the move is drawn by frame 20 (500),
     * not by frame 21 (600–700, DrawFrame until 850) as a worker's post-back would be.
     */
    @Test
    void theRuntimesOwnThreadsNeverPostBack() throws Exception {
        long jit = 1040;
        Machine m = new Machine().thread(jit, APP, "Jit thread pool")
                .run(SF_APP, 90, 96, "S").wake(SF_APP, APP, 95).run(APP, 100, 900, "S")
                .slice(APP, 100, 400, "Choreographer#doFrame 20").slice(APP, 105, 220, "input")
                .async(APP, 110, 200, "deliverInputEvent", 7).slice(APP, 250, 350, "traversal")
                .slice(APP, 260, 340, "draw").slice(RENDER, 400, 500, "DrawFrame")
                .wake(APP, jit, 150).run(jit, 160, 700, "S")
                .slice(APP, 600, 700, "Choreographer#doFrame 21").slice(APP, 610, 690, "traversal")
                .slice(APP, 620, 680, "draw").slice(RENDER, 700, 850, "DrawFrame");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(500));
    }

    /**
     * An Android 11 launcher drag (Xiaomi, input at 41289.012837): the move in doFrame 20's input
     * stage (110–140 in 100–400) wakes the GC ({@code HeapTaskDaemon}) at 120; the traversal's draw
     * (170–370) then waits for the GC — main sleeps at 260 and the GC wakes it at 275 — and goes on
     * drawing until the doFrame ends; RenderThread takes the frame after that (DrawFrame 390–500).
     * The stretch main's wakeup opens (280–420) is the same frame's draw resuming, not work for the
     * next frame: drawn at 500, not at frame 21's 800.
     */
    @Test
    void aDrawThatWaitedInsideItsTraversalIsStillThatFramesDraw() throws Exception {
        long gc = 1041;
        Machine m = new Machine().thread(gc, APP, "HeapTaskDaemon")
                .run(SF_APP, 90, 96, "S").wake(SF_APP, APP, 95).run(APP, 100, 260, "S")
                .slice(APP, 100, 400, "Choreographer#doFrame 20").slice(APP, 105, 150, "input")
                .async(APP, 110, 140, "deliverInputEvent", 8).slice(APP, 160, 380, "traversal")
                .slice(APP, 170, 370, "draw")
                .wake(APP, gc, 120).run(gc, 125, 280, "S").wake(gc, APP, 275).run(APP, 280, 420, "S")
                .slice(RENDER, 390, 500, "DrawFrame")
                .slice(APP, 600, 700, "Choreographer#doFrame 21").slice(APP, 610, 690, "traversal")
                .slice(APP, 620, 680, "draw").slice(RENDER, 700, 800, "DrawFrame");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(500));
    }

    /**
     * The first input (100–200) wakes system_server's InputDispatcher at 190 (the app reports the
     * event consumed); the dispatcher runs 195–400 and at 390 wakes main to deliver the next event
     * (input 2, 400–450). The dispatcher is never tracked work, so the first response ends at frame
     * 20 (doFrame 300–350, DrawFrames until 380), not at frame 21 (until 700), which draws input 2.
     */
    @Test
    void theInputSystemIsNeverTrackedSoOneTouchDoesNotRunIntoTheNext() throws Exception {
        long dispatcher = 650;
        Machine m = new Machine().thread(dispatcher, SERVER, "InputDispatcher").run(APP, 50, 200, "S")
                .slice(APP, 100, 200, "deliverInputEvent id=0x1").wake(APP, dispatcher, 190)
                .run(dispatcher, 195, 400, "S").wake(dispatcher, APP, 390).run(APP, 400, 500, "S")
                .slice(APP, 400, 450, "deliverInputEvent id=0x2")
                .frame(20, 300, 350, 350, 380, -1).frame(21, 600, 650, 650, 700, -1);
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(380));
        assertThat(SystemTraces.work(a, 0).stretches()).noneMatch(s -> s.thread() == thread(trace, dispatcher));
        assertThat(a.responses().get(1).endNs()).isEqualTo(t(700));
    }
}
