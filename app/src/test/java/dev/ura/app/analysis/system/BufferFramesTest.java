package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.RENDER;
import static dev.ura.app.analysis.system.SystemTraces.thread;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/system-responses.md §3, "a process that draws without DrawFrame": Flutter takes its vsync
 * from a Choreographer frame callback (a doFrame with only an {@code animation} stage) and its
 * raster thread queues the buffer ({@code dequeueBuffer} … {@code eglSwapBuffers…}). Machines timed
 * by hand (µs).
 */
class BufferFramesTest {
    private static final long RASTER = 1040;
    private static final long DART = 1050;
    private static final long CAPTURE = 1060;
    private static final String NONE = "its handling requested no frame: the UI thread drew nothing within a frame of it";

    private static Machine flutter() {
        return new Machine().thread(RASTER, APP, "1.raster").thread(DART, APP, "1.ui");
    }

    /**
     * The touch (S 100 – F 200) is handled outside any doFrame. The next doFrame (500–600) runs only
     * the engine's vsync callback (animation 510–590). The raster thread's swap of 520–560 was begun
     * (dequeueBuffer 450–460) before that doFrame: the frame before's. The first buffer begun after
     * it (dequeueBuffer 700–710, swap 800–900) shows the touch: drawn at 900, on the raster thread,
     * inferred. The second doFrame (1500–1600) has no buffer begun before the next doFrame (2500):
     * the one begun at 2600 is that doFrame's, so the move at 1200–1250 asked for no frame.
     */
    @Test
    void anAnimationOnlyDoFrameIsDrawnByTheNextBufferItsProcessBeginsOnItsOwnThread() throws Exception {
        Machine m = flutter().async(APP, 100, 200, "deliverInputEvent", 1)
                .slice(RASTER, 450, 460, "dequeueBuffer").slice(RASTER, 520, 560, "eglSwapBuffersWithDamageKHR")
                .slice(RASTER, 530, 550, "queueBuffer")
                .slice(APP, 500, 600, "Choreographer#doFrame").slice(APP, 510, 590, "animation")
                .slice(RASTER, 700, 710, "dequeueBuffer").slice(RASTER, 800, 900, "eglSwapBuffersWithDamageKHR")
                .slice(RASTER, 810, 890, "queueBuffer")
                .async(APP, 1200, 1250, "deliverInputEvent", 2)
                .slice(APP, 1500, 1600, "Choreographer#doFrame").slice(APP, 1510, 1590, "animation")
                .slice(APP, 2500, 2600, "Choreographer#doFrame").slice(APP, 2510, 2590, "animation")
                .slice(RASTER, 2600, 2610, "dequeueBuffer").slice(RASTER, 2700, 2750, "eglSwapBuffersWithDamageKHR");
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(2);
        Response touch = a.responses().get(0);
        assertThat(touch.finished()).isTrue();
        assertThat(touch.endNs()).isEqualTo(t(900));
        assertThat(touch.end().name()).isEqualTo("eglSwapBuffersWithDamageKHR");
        SystemWork w = SystemTraces.work(a, 0);
        assertThat(w.drawThread()).isEqualTo(thread(trace, RASTER));
        assertThat(w.endReason()).isEqualTo(SystemWork.FROM_NEXT_BUFFER);
        Response move = a.responses().get(1);
        assertThat(move.finished()).isFalse();
        assertThat(SystemTraces.work(a, 1).unfinishedReason()).isEqualTo(NONE);
    }

    /**
     * Not a buffer frame: a doFrame that only handled input (a Unity game's: the game polls its
     * touches on its own thread, which no doFrame starts) is not drawn by the buffer the process swaps
     * on another thread right after; unfinished, and since main draws no frame in the whole trace while
     * that thread queues buffers, the reason names the app's own drawing thread (OwnDrawThreadTest);
     * and an app drawn by RenderThread (one
     * DrawFrame joined anywhere in the process) keeps its frames as they are, even with a GL thread
     * of its own (a GLSurfaceView) swapping after an animation-only doFrame.
     */
    @Test
    void inputOnlyDoFramesAndAppsDrawnByRenderThreadAreLeftAlone() throws Exception {
        Machine game = flutter().slice(APP, 500, 600, "Choreographer#doFrame").slice(APP, 505, 590, "input")
                .async(APP, 510, 550, "deliverInputEvent", 1)
                .slice(RASTER, 700, 710, "dequeueBuffer").slice(RASTER, 800, 900, "eglSwapBuffersWithDamageKHR");
        Analysis g = Analysis.of(SystemTraces.text(game.s));
        assertThat(g.responses()).hasSize(1);
        assertThat(g.responses().get(0).finished()).isFalse();
        assertThat(SystemTraces.work(g, 0).unfinishedReason()).startsWith("its app draws on a thread of its own");

        Machine hwui = flutter().frame(10, 100, 200, 200, 300, -1)
                .async(APP, 400, 450, "deliverInputEvent", 1)
                .slice(APP, 500, 600, "Choreographer#doFrame").slice(APP, 510, 590, "animation")
                .slice(RASTER, 700, 710, "dequeueBuffer").slice(RASTER, 800, 900, "eglSwapBuffersWithDamageKHR");
        Trace trace = SystemTraces.text(hwui.s);
        Analysis h = Analysis.of(trace);
        assertThat(h.responses()).hasSize(1);
        assertThat(h.responses().get(0).finished()).isFalse();
        assertThat(SystemTraces.work(h, 0).unfinishedReason()).isEqualTo(NONE);
        assertThat(thread(trace, RENDER)).isNotNegative();
    }

    /**
     * Android 10's ContentCapture thread, woken by the touch (150), reports the view events and runs
     * on until 3000 (its flush), while the UI thread is awake (2900–3100): not a post-back (it
     * never posts to the app's looper), so the touch stays drawn by the first buffer after its
     * doFrame (900), not by the frame after 3000 (swap to 3600).
     */
    @Test
    void contentCaptureNeverPostsBack() throws Exception {
        Machine m = flutter().thread(CAPTURE, APP, "ContentCapture").run(APP, 90, 210, "S")
                .async(APP, 100, 200, "deliverInputEvent", 1).wake(APP, CAPTURE, 150).run(CAPTURE, 160, 3000, "S")
                .slice(APP, 500, 600, "Choreographer#doFrame").slice(APP, 510, 590, "animation")
                .slice(RASTER, 700, 710, "dequeueBuffer").slice(RASTER, 800, 900, "eglSwapBuffersWithDamageKHR")
                .run(APP, 2900, 3100, "S")
                .slice(APP, 3200, 3300, "Choreographer#doFrame").slice(APP, 3210, 3290, "animation")
                .slice(RASTER, 3400, 3410, "dequeueBuffer").slice(RASTER, 3500, 3600, "eglSwapBuffersWithDamageKHR");
        Trace trace = SystemTraces.text(m.s);
        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        assertThat(SystemTraces.work(a, 0).stretches()).anySatisfy(s -> assertThat(s.thread()).isEqualTo(thread(trace, CAPTURE)));
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(900));
    }
}
