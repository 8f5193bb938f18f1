package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

/**
 * Whether a response was cut off: some of its tracked work was still running when the recording
 * stopped. The Android method-trace reader closes a call still open at the end at its thread's
 * last recorded time (and warns),
 * so tracked work that ends exactly there did not end: the trace stopped. Its duration, end and
 * "done" are then only what the file shows, not the response's (the first 30 KB of a launch trace
 * end inside the launch's background task and give 89.5 ms for a 629.4 ms response).
 */
public final class CutOff {
    private final long[] threadEndNs;
    private final boolean applies;

    /** Each thread's last recorded time, from the calls of {@code trace}. */
    public CutOff(Trace trace) {
        // Only Android method traces: there a thread's outer calls (Looper.loop, Thread.run) are
        // still open when tracing stops, so its last time is the recording's end and tracked work
        // ending there was cut. In system traces and agent logs a thread's last slice or interval
        // ends when the thread goes idle (every complete sample agent log would read "cut off"),
        // so the same test is no evidence there: not judged (yet).
        applies = "android-trace".equals(trace.metadata().format()) && !trace.system().present();
        threadEndNs = new long[applies ? trace.threads().size() : 0];
        for (int t = 0; t < threadEndNs.length; t++) {
            CallTable calls = trace.threads().get(t).calls();
            long last = Long.MIN_VALUE;
            for (int c = 0; c < calls.size(); c++) {
                last = Math.max(last, calls.end(c));
            }
            threadEndNs[t] = last;
        }
    }

    /** Whether an interval of {@code work}'s tracked events ends at its thread's last recorded time. */
    public boolean cutOff(ResponseWork work) {
        if (!applies) {
            return false;
        }
        EventTable events = work.events();
        EventSet tracked = work.tracked();
        for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
            int t = events.thread(e);
            if (events.isInterval(e) && t >= 0 && t < threadEndNs.length && threadEndNs[t] != Long.MIN_VALUE
                    && events.end(e) > events.start(e) && events.end(e) >= threadEndNs[t]) {
                return true;
            }
        }
        return false;
    }
}
