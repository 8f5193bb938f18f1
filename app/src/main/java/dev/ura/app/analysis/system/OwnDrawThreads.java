package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Apps that draw on a thread of their own while their UI thread draws nothing (docs/system-responses.md
 * §3, "A game whose UI thread only handles input"): a Unity game's {@code UnityMain}, a native engine's
 * render thread. Their UI thread delivers each touch in a doFrame that draws nothing, and the game
 * thread reads it on its own clock: no recorded hand-off says which of its buffers showed it, so such
 * a response stays unfinished, and the reason says why rather than that the touch asked for nothing.
 */
final class OwnDrawThreads {
    private static final String SWAP = "eglSwapBuffers";

    private final Trace trace;
    private final UiFrames ui;
    private final Map<Long, Boolean> byProcess = new HashMap<>();

    OwnDrawThreads(Trace trace, UiFrames ui) {
        this.trace = trace;
        this.ui = ui;
    }

    /**
     * Whether process {@code pid}'s UI thread never draws a frame in the trace while another of its
     * threads queues buffers ({@code eglSwapBuffers…}).
     */
    boolean drawsOnItsOwn(long pid) {
        return byProcess.computeIfAbsent(pid, this::find);
    }

    private boolean find(long pid) {
        int main = ui.uiThreadOf(pid);
        if (main < 0 || !ui.uiThread(main) || ui.firstDrawing(main, Long.MIN_VALUE) >= 0) {
            return false;
        }
        MethodTable methods = trace.methods();
        for (int t = 0; t < trace.threads().size(); t++) {
            if (t == main || ui.uiThread(t) || ui.pidOf(t) != pid) {
                continue;
            }
            CallTable c = trace.threads().get(t).calls();
            for (int i = 0; i < c.size(); i++) {
                if (methods.get(c.method(i)).name().startsWith(SWAP)) {
                    return true;
                }
            }
        }
        return false;
    }
}
