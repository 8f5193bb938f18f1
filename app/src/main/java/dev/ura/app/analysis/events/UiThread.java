package dev.ura.app.analysis.events;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.List;
import java.util.Optional;

/**
 * The app's UI thread in a method trace or agent log: the thread that runs the frames
 * ({@code Choreographer.doFrame}), else the thread the file declares as main (an agent log's
 * {@code main} thread, a method trace's thread whose id is the process id), else the thread named
 * {@code main}. A trace's process-id thread is not always the one that draws: a game or a JVM app
 * may run its views on a thread of its own.
 */
public final class UiThread {
    private UiThread() {
    }

    /** Index of the UI thread by the default frame methods, or -1 when there is none. */
    public static int of(Trace trace) {
        return of(trace, MethodRules.defaults());
    }

    /** Index of the UI thread, frames named by {@code rules}, or -1 when there is none. */
    public static int of(Trace trace, MethodRules rules) {
        List<ThreadTrack> threads = trace.threads();
        Optional<ThreadTrack> declared = trace.mainThread();
        int main = declared.map(threads::indexOf).orElse(-1);
        boolean[] frame = frameMethods(trace.methods(), rules);
        if (frame != null) {
            // the declared thread first: it is the UI thread in almost every trace, and one hit ends the scan
            if (main >= 0 && runsFrame(threads.get(main).calls(), frame)) {
                return main;
            }
            for (int t = 0; t < threads.size(); t++) {
                if (t != main && runsFrame(threads.get(t).calls(), frame)) {
                    return t;
                }
            }
        }
        return main;
    }

    /** Which methods are frames, or null when the trace defines none (then no call needs a look). */
    private static boolean[] frameMethods(MethodTable methods, MethodRules rules) {
        Glob frames = Glob.anyOf(rules.frames());
        boolean[] match = new boolean[methods.size()];
        boolean any = false;
        for (int m = 0; m < methods.size(); m++) {
            match[m] = frames.matches(methods.get(m).fullName());
            any |= match[m];
        }
        return any ? match : null;
    }

    private static boolean runsFrame(CallTable calls, boolean[] frame) {
        for (int i = 0; i < calls.size(); i++) {
            if (frame[calls.method(i)]) {
                return true;
            }
        }
        return false;
    }
}
