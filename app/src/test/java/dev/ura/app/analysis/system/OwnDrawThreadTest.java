package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.RENDER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/system-responses.md §3, a game whose UI thread only handles input (the shape of the 2019 Unity
 * game capture): each touch is delivered in a doFrame that draws nothing while the game's own thread
 * queues the buffers. Unfinished either way; the reason says the game's frames are not linked to it
 * rather than that the touch asked for nothing. Times in µs.
 */
class OwnDrawThreadTest {
    private static final long GAME = 1040;
    private static final String OWN = "its app draws on a thread of its own, which no recorded hand-off links to the"
            + " input: the trace does not show which of that thread's frames showed it";
    private static final String NONE = "its handling requested no frame: the UI thread drew nothing within a frame of it";

    /** Main's doFrames (100–300, 33000–33200) run only an input stage with a touch in it. */
    private static Machine touches() {
        return new Machine().thread(GAME, APP, "UnityMain")
                .slice(APP, 100, 300, "Choreographer#doFrame").slice(APP, 110, 250, "input")
                .async(APP, 120, 200, "deliverInputEvent", 1)
                .slice(APP, 33000, 33200, "Choreographer#doFrame").slice(APP, 33010, 33150, "input")
                .async(APP, 33020, 33100, "deliverInputEvent", 2);
    }

    /** UnityMain swaps at 10000–10500 and 43000–43500 (queueBuffer inside): both touches, the game's reason. */
    @Test
    void aTouchOfAGameThatDrawsOnItsOwnThreadSaysSo() throws Exception {
        Machine m = touches().slice(GAME, 10000, 10500, "eglSwapBuffersWithDamageKHR")
                .slice(GAME, 10100, 10400, "queueBuffer")
                .slice(GAME, 43000, 43500, "eglSwapBuffersWithDamageKHR").slice(GAME, 43100, 43400, "queueBuffer");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(a.responses()).hasSize(2).allSatisfy(r -> assertThat(r.finished()).isFalse());
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(OWN);
        assertThat(SystemTraces.work(a, 1).unfinishedReason()).isEqualTo(OWN);
        // The report's ending line gives that reason, not "requested no frame": ends with the trigger, 200 µs
        // (main's first event at 100 µs is the trace's start: 0.1 ms).
        assertThat(dev.ura.app.report.ResponseText.ending(a, a.responses().get(0)))
                .isEqualTo("UNFINISHED: " + OWN + "; ends where that work ends at 0.1 ms");
    }

    /** No thread of the app swaps: the touches asked for no frame. */
    @Test
    void withoutAThreadThatQueuesBuffersTheTouchAskedForNoFrame() throws Exception {
        Analysis a = Analysis.of(SystemTraces.text(touches().s));
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(NONE);
    }

    /**
     * The UI thread draws a frame of its own somewhere (doFrame 60000–60500 traverses, DrawFrame
     * 60500–61000): the app is not drawn by its own thread alone, and a touch whose doFrame drew nothing
     * keeps the UI thread's reason.
     */
    @Test
    void anAppWhoseUiThreadDrawsKeepsTheUiThreadsReason() throws Exception {
        Machine m = touches().slice(GAME, 10000, 10500, "eglSwapBuffersWithDamageKHR")
                .slice(APP, 60000, 60500, "Choreographer#doFrame").slice(APP, 60100, 60400, "traversal")
                .slice(APP, 60150, 60350, "draw").slice(RENDER, 60500, 61000, "DrawFrame");
        Analysis a = Analysis.of(SystemTraces.text(m.s));
        assertThat(SystemTraces.work(a, 0).unfinishedReason()).isEqualTo(NONE);
    }
}
